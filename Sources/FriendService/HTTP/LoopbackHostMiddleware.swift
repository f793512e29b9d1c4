import Hummingbird

/// Without a token, answers only requests addressed to a loopback name, so that a web page whose
/// name is made to resolve to 127.0.0.1 (DNS rebinding) cannot read or change the friends.
/// Browsers always send `Host`; a request without one (HTTP/1.0) is not a browser's.
struct LoopbackHostMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The names accepted, lowercased, without a port.
    let acceptedNames: Set<String>

    init(configuredHostname: String) {
        let configured = configuredHostname.contains(":") && !configuredHostname.hasPrefix("[")
            ? "[\(configuredHostname)]" : configuredHostname
        acceptedNames = ["localhost", "127.0.0.1", "[::1]", configured.lowercased()]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, !isAccepted(authority) else {
            return try await next(request, context)
        }
        throw APIError(
            .misdirectedRequest,
            "This server runs without a token and answers only requests addressed to localhost, 127.0.0.1 or [::1].",
            fields: ["Host": "Must be localhost, 127.0.0.1 or [::1], with or without a port."]
        )
    }

    /// `name` or `name:port`, where `name` may be a bracketed IPv6 address.
    func isAccepted(_ authority: String) -> Bool {
        var name = Substring(authority.lowercased())
        if let colon = name.lastIndex(of: ":"), !name[colon...].contains("]") {
            let port = name[name.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return false }
            name = name[..<colon]
        }
        return acceptedNames.contains(String(name))
    }
}
