import Foundation
import Hummingbird

/// The (method, path pattern) pairs the router serves, to tell 405 from 404 for unmatched requests.
/// Filled once after the routes are added.
final class RouteTable: @unchecked Sendable {
    struct Route: Sendable, Hashable {
        var method: HTTPRequest.Method
        /// As Hummingbird describes it: `/friends/{id}`.
        var path: String
    }

    private let lock = NSLock()
    private var routes: [Route] = []

    func record(_ routes: [Route]) {
        lock.withLock { self.routes = routes }
    }

    /// The methods served at a concrete request path.
    func methods(servingPath path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        return lock.withLock {
            routes.filter { Self.pattern($0.path, matches: segments) }.map(\.method)
        }
    }

    private static func pattern(_ pattern: String, matches segments: [Substring]) -> Bool {
        let parts = pattern.split(separator: "/")
        guard parts.count == segments.count else { return false }
        return zip(parts, segments).allSatisfy { part, segment in
            (part.hasPrefix("{") && part.hasSuffix("}")) || part == segment
        }
    }
}
