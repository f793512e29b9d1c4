import FriendsAPI
import Hummingbird

/// The methods the route table `FriendsEndpoint` serves at a concrete path, to tell 405 from 404
/// for unmatched requests. `HEAD` is served wherever `GET` is. As in the router, a path that a
/// route names literally (`/friends/events`) is that route's alone, not also `/friends/{id}`'s;
/// each method is named once, in alphabetical order.
enum RouteTable {
    static func methods(servingPath path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        let literal = FriendsEndpoint.allCases.filter { $0.pathPattern.split(separator: "/") == segments }
        let matching = literal.isEmpty ? FriendsEndpoint.allCases.filter { pattern($0.pathPattern, matches: segments) } : literal
        var methods = Set(matching.compactMap { HTTPRequest.Method($0.method) })
        if methods.contains(.get) { methods.insert(.head) }
        return methods.sorted { $0.rawValue < $1.rawValue }
    }

    private static func pattern(_ pattern: String, matches segments: [Substring]) -> Bool {
        let parts = pattern.split(separator: "/")
        guard parts.count == segments.count else { return false }
        return zip(parts, segments).allSatisfy { part, segment in
            part == FriendsEndpoint.idParameter || part == segment
        }
    }
}
