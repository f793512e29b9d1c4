import HTTPServerKit
import HTTPTypes
import Hummingbird

/// The address failed sign-ins are counted against: the peer's, or behind a reverse proxy on
/// this machine (`--behind-proxy`), the last address the proxy appended to `X-Forwarded-For`.
/// The header is believed only from a loopback peer: anyone else could write any address in it.
/// A loopback peer that forwards no address is a program of this machine (the browser app's
/// server, a command): `nil`, counted by name only (`SignInThrottle`).
struct ClientAddress: Sendable {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    let trustsProxyOnLoopback: Bool

    func of(_ request: Request, context: ConnectionRequestContext) -> String? {
        let peer = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard Self.isLoopback(peer) else { return peer }
        guard trustsProxyOnLoopback, let forwarded = request.headers[values: Self.forwardedFor].last?.split(separator: ",").last
        else { return nil }
        let address = forwarded.trimmingCharacters(in: .whitespaces)
        return address.isEmpty ? nil : String(address.prefix(64))
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
