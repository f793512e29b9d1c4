import FriendsAPI
import Hummingbird

/// The methods the route table `FriendsEndpoint` serves at a concrete path, to tell 405 from 404
/// for unmatched requests. `HEAD` is served wherever `GET` is. Each method is named once, in
/// alphabetical order, however many routes match the path (`/friends/events` is also `/friends/{id}`).
enum RouteTable {
    static func methods(servingPath path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        var methods = Set(
            FriendsEndpoint.allCases
                .filter { pattern($0.pathPattern, matches: segments) }
                .compactMap { HTTPRequest.Method($0.method) }
        )
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
