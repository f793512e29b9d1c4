import Foundation
import HTTPTypes

/// What a reverse proxy on this machine tells the server behind it about the client. The
/// headers are believed only from a loopback peer: anyone else could write anything in them.
public enum ReverseProxy {
    public static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    public static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// Whether a peer's IP address is this machine's.
    public static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }

    /// The address the last proxy appended to `X-Forwarded-For` (the one this machine's proxy
    /// saw), at most 64 characters; `nil` when there is none.
    public static func forwardedAddress(in headers: HTTPFields) -> String? {
        guard let last = headers[values: forwardedFor].last?.split(separator: ",").last else { return nil }
        let address = last.trimmingCharacters(in: .whitespaces)
        return address.isEmpty ? nil : String(address.prefix(64))
    }
}
