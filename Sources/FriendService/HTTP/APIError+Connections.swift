import Foundation
import FriendsAPI
import HTTPServerKit
import NIOCore

extension APIError {
    /// Without a token, a request addressed to a name other than the loopback ones (and `--public-name`).
    static var misdirected: APIError {
        APIError(
            .misdirectedRequest,
            "This server answers only requests addressed to localhost, 127.0.0.1 or [::1], or to its --public-name "
                + "(behind a reverse proxy, start it with --behind-proxy).",
            fields: ["Host": "Must be localhost, 127.0.0.1, [::1] or the --public-name, with or without a port."]
        )
    }
}

extension RefusalBody {
    /// A refusal before the router, in the same JSON error envelope as every other error.
    static let errorEnvelope = RefusalBody(contentType: "application/json; charset=utf-8") { refusal in
        ByteBuffer(bytes: (try? JSONEncoder().encode(ErrorEnvelope(message: refusal.message))) ?? Data())
    }
}
