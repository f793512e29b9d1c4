import Foundation
import FriendsAPI
import HTTPServerKit
import NIOCore

extension APIError {
    /// A request addressed to a name other than `acceptedNames` (the loopback ones, the address
    /// the server listens on, and `publicName`; checked on loopback without a token, and behind a
    /// proxy given its public name).
    static func misdirected(acceptedNames: Set<String>, publicName: String?) -> APIError {
        let first = (publicName.map { [$0.lowercased()] } ?? []) + ["localhost", "127.0.0.1", "[::1]"]
        let names = first.filter(acceptedNames.contains) + acceptedNames.subtracting(first).sorted()
        let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        // Without a public name the server is not behind a proxy: say how it would be.
        let advice = publicName == nil ? " (behind a reverse proxy, start it with --behind-proxy and --public-name NAME)" : ""
        return APIError(
            .misdirectedRequest,
            "This server answers only requests addressed to \(listed)\(advice).",
            fields: ["Host": "Must be \(listed), with or without a port."]
        )
    }
}

extension RefusalBody {
    /// A refusal before the router, in the same JSON error envelope as every other error.
    static let errorEnvelope = RefusalBody(contentType: "application/json; charset=utf-8") { refusal in
        ByteBuffer(bytes: (try? JSONEncoder().encode(ErrorEnvelope(message: refusal.message))) ?? Data())
    }
}
