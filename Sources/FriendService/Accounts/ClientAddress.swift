import HTTPServerKit
import HTTPTypes
import Hummingbird

/// The address failed sign-ins are counted against: the peer's, or behind a reverse proxy on
/// this machine (`--behind-proxy`), the last address the proxy appended to `X-Forwarded-For`.
/// The header is believed only from a loopback peer: anyone else could write any address in it.
struct ClientAddress: Sendable {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    let trustsProxyOnLoopback: Bool

    func of(_ request: Request, context: ConnectionRequestContext) -> String {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard trustsProxyOnLoopback, Self.isLoopback(peer),
              let forwarded = request.headers[values: Self.forwardedFor].last?.split(separator: ",").last
        else { return peer }
        let address = forwarded.trimmingCharacters(in: .whitespaces)
        return address.isEmpty ? peer : String(address.prefix(64))
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
