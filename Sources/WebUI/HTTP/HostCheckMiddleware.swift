import Hummingbird

/// Answers only requests addressed to a name this server was started for (the loopback names,
/// unless told more), so that a site whose name is made to resolve to 127.0.0.1 (DNS rebinding)
/// cannot drive the app from another tab.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Names accepted, lowercased, without a port.
    let acceptedNames: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, accepts(authority) else {
            return ErrorPage.response(
                .misdirectedRequest,
                "This app answers only requests addressed to \(acceptedNames.sorted().joined(separator: ", "))."
            )
        }
        return try await next(request, context)
    }

    func accepts(_ authority: String) -> Bool {
        Self.name(of: authority).map(acceptedNames.contains) == true
    }

    /// `name` of `name` or `name:port` (the name may be a bracketed IPv6 address); `nil` when
    /// the port is not a number.
    static func name(of authority: String) -> String? {
        var name = Substring(authority.lowercased())
        if let colon = name.lastIndex(of: ":"), !name[colon...].contains("]") {
            let port = name[name.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            name = name[..<colon]
        }
        return String(name)
    }
}
