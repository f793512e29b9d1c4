import Foundation
import FriendsAPI
import NIOCore
import NIOHTTP1

/// An answer the `ConnectionGuard` gives before a request reaches the router, in the error envelope;
/// the connection closes after it.
struct ConnectionRefusal: Equatable {
    var status: HTTPResponseStatus
    var message: String

    /// Refuses requests that are not for this server or are ambiguous; `nil` lets the request through.
    init?(refusing head: HTTPRequestHead) {
        if head.method == .CONNECT {
            self.init(status: .notImplemented, message: "This server is not a proxy; it does not support CONNECT.")
        } else if head.version.major == 1, head.version.minor >= 1, head.headers["Host"].count != 1 {
            self.init(status: .badRequest, message: "An HTTP/1.1 request needs exactly one Host header.")
        } else {
            return nil
        }
    }

    init(status: HTTPResponseStatus, message: String) {
        self.status = status
        self.message = message
    }

    /// The answer to a request the HTTP parser could not read.
    init(parserError error: any Error) {
        switch error as? HTTPParserError {
        case .headerOverflow?:
            self.init(status: .requestHeaderFieldsTooLarge, message: "The request line or headers are too large.")
        case .invalidMethod?:
            self.init(status: .badRequest, message: "The request method is not one this server knows.")
        case .invalidContentLength?, .unexpectedContentLength?:
            self.init(status: .badRequest, message: "The request's Content-Length is not valid.")
        case .invalidChunkSize?:
            self.init(status: .badRequest, message: "The request's chunked body is not valid.")
        default:
            self.init(status: .badRequest, message: "The request is not valid HTTP/1.1.")
        }
    }

    static let headerTimeout = ConnectionRefusal(
        status: .requestTimeout, message: "The request headers did not arrive in time."
    )

    var body: ByteBuffer {
        let data = (try? JSONEncoder().encode(ErrorEnvelope(message: message))) ?? Data()
        return ByteBuffer(bytes: data)
    }
}
