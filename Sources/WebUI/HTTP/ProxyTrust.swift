import HTTPServerKit
import HTTPTypes
import Hummingbird

/// Behind a reverse proxy that terminates TLS on this machine (`Settings.behindProxy`): a request
/// is taken only from a loopback peer (the proxy) that says it came over https; anything else
/// reached the app around the proxy, in clear, and is refused.
struct ProxyTrust: RouterMiddleware {
    typealias Context = ConnectionRequestContext

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let peer = context.channel.remoteAddress?.ipAddress ?? ""
        guard Self.isLoopback(peer), request.headers[Self.forwardedProto]?.lowercased() == "https" else {
            return ErrorPage.response(
                .forbidden, "This app is served over https by its reverse proxy: open it at its https address."
            )
        }
        return try await next(request, context)
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
