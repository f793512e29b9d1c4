import HTTPServerKit
import HTTPTypes
import Hummingbird

/// Behind a reverse proxy that terminates TLS on this machine (`Settings.behindProxy`): a request
/// is taken only from a loopback peer (the proxy) that says it came over https; anything else
/// reached the app around the proxy, in clear, and is refused.
struct ProxyTrust: RouterMiddleware {
    typealias Context = ConnectionRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let peer = context.channel.remoteAddress?.ipAddress ?? ""
        guard ReverseProxy.isLoopback(peer), request.headers[ReverseProxy.forwardedProto]?.lowercased() == "https" else {
            return ErrorPage.response(
                .forbidden, "This app is served over https by its reverse proxy: open it at its https address."
            )
        }
        return try await next(request, context)
    }
}
