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

    /// `name` of `name` or `name:port` (the name may be a bracketed IPv6 address), its ASCII
    /// letters lowercased; `nil` when the port is not a TCP port's number (`:x`, `:99999`). It
    /// runs for every request, so it reads bytes: a name with any other letter matches no
    /// accepted name anyway.
    static func name(of authority: String) -> String? {
        let bytes = authority.utf8
        var end = bytes.endIndex
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")), !bytes[colon...].contains(UInt8(ascii: "]")) {
            let port = bytes[bytes.index(after: colon)...]
            guard (1...5).contains(port.count), port.allSatisfy(isDigit),
                  (1...65_535).contains(port.reduce(0, { $0 * 10 + Int($1 - UInt8(ascii: "0")) })) else { return nil }
            end = colon
        }
        let name = bytes[..<end]
        guard name.contains(where: isUppercase) else { return String(Substring(name)) }
        return String(decoding: name.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
}
