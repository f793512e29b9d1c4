import HTTPServerKit
import Hummingbird

/// The address failed sign-ins are counted against: the peer's, or behind a reverse proxy on
/// this machine (`--behind-proxy`), the address it forwards (`ReverseProxy`). A loopback peer
/// that forwards no address is a program of this machine (the browser app's server, a
/// command): `nil`, counted by name only (`SignInThrottle`).
struct ClientAddress: Sendable {
    let trustsProxyOnLoopback: Bool

    func of(_ request: Request, context: ConnectionRequestContext) -> String? {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard ReverseProxy.isLoopback(peer) else { return peer }
        return trustsProxyOnLoopback ? ReverseProxy.forwardedAddress(in: request.headers) : nil
    }
}
