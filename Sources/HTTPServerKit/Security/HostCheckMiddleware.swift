import Hummingbird

/// Answers only requests addressed to a name the server was started for (the loopback names,
/// unless told more), so that a site whose name is made to resolve to 127.0.0.1 (DNS rebinding)
/// cannot reach the server from a browser tab. The `ConnectionGuard` has already refused a second
/// `Host` and absolute-form targets, so the `Host` header is the request's only authority.
public struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Names accepted, lowercased, without a port; IPv6 addresses in brackets.
    public let acceptedNames: Set<String>
    /// Whether a request without `Host` (HTTP/1.0, never a browser's) passes.
    let passesRequestsWithoutHost: Bool
    /// The answer to a request addressed to another name (or thrown, for the error middleware).
    let refuse: @Sendable () throws -> Response

    public init(
        acceptedNames: Set<String>,
        passesRequestsWithoutHost: Bool,
        refuse: @escaping @Sendable () throws -> Response
    ) {
        self.acceptedNames = Set(acceptedNames.map { $0.lowercased() })
        self.passesRequestsWithoutHost = passesRequestsWithoutHost
        self.refuse = refuse
    }

    /// The loopback names, and `hostname` (the address a server listens on) written as a `Host` names it.
    public static func loopbackNames(and hostname: String? = nil) -> Set<String> {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        if let hostname {
            names.insert(hostname.contains(":") && !hostname.hasPrefix("[") ? "[\(hostname)]" : hostname)
        }
        return names
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority else {
            return passesRequestsWithoutHost ? try await next(request, context) : try refuse()
        }
        guard accepts(authority) else { return try refuse() }
        return try await next(request, context)
    }

    public func accepts(_ authority: String) -> Bool {
        Self.name(of: authority).map(acceptedNames.contains) == true
    }

    /// `name` of `name` or `name:port` (the name may be a bracketed IPv6 address); `nil` when
    /// the port is not a number.
    static func name(of authority: String) -> String? {
        var name = Substring(authority.lowercased())
        if let colon = name.lastIndex(of: ":"), !name[colon...].contains(Character("]")) {
            let port = name[name.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            name = name[..<colon]
        }
        return String(name)
    }
}
