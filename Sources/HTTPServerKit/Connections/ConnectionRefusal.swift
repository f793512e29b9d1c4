import Foundation
import NIOCore
import NIOHTTP1

/// An answer the `ConnectionGuard` gives before a request reaches the router; the connection
/// closes after it. Each server writes it in its own form (`RefusalBody`).
public struct ConnectionRefusal: Equatable, Sendable {
    public var status: HTTPResponseStatus
    /// What went wrong, in words for the person reading the response.
    public var message: String

    /// Refuses requests that are not for this server or are ambiguous; `nil` lets the request through.
    init?(refusing head: HTTPRequestHead) {
        if head.method == .CONNECT {
            self.init(status: .notImplemented, message: "This server is not a proxy; it does not support CONNECT.")
        } else if head.version.major == 1, head.version.minor >= 1, head.headers["Host"].count != 1 {
            self.init(status: .badRequest, message: "An HTTP/1.1 request needs exactly one Host header.")
        } else if head.uri.contains("#") {
            // No request target holds one (RFC 9112 §3.2); served without it, `/health#x` was a 404.
            self.init(status: .badRequest, message: "The request target cannot hold a fragment (#…): send the path without it.")
        } else if !head.uri.hasPrefix("/"), !(head.method == .OPTIONS && head.uri == "*"), head.inOriginForm() == nil {
            // An absolute-form target is taken (`inOriginForm`); anything else that is not a path
            // (`GET friends`, `GET ftp://host/`, a user name in the authority) is not.
            self.init(status: .badRequest, message: "The request target must be a path, such as /friends, or an http URL of this server.")
        } else if head.version == .http1_0, head.headers.contains(name: "Transfer-Encoding") {
            // An HTTP/1.0 server may not know the coding, so the framing is in doubt (RFC 9112 §6.1).
            self.init(status: .badRequest, message: "An HTTP/1.0 request cannot have a Transfer-Encoding.")
        } else if let coding = Self.unreadTransferCoding(in: head) {
            self.init(status: .notImplemented, message: "This server does not read bodies sent with the transfer coding \(coding); send them chunked or with a Content-Length.")
        } else {
            return nil
        }
    }

    /// A transfer coding other than `chunked` (the parser reads the chunks and would pass the rest
    /// on as it is: a gzipped body read as text).
    private static func unreadTransferCoding(in head: HTTPRequestHead) -> String? {
        head.headers["Transfer-Encoding"]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .first { $0 != "chunked" }
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
            // RFC 9110 15.6.2: a method the server does not recognize is 501, not a malformed request.
            self.init(status: .notImplemented, message: "The request method is not one this server knows.")
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
}

/// How a server writes a `ConnectionRefusal`: its content type and body (FriendService's JSON
/// error envelope, the browser views' plain text), and headers its other answers carry too (the
/// browser views' security headers).
public struct RefusalBody: Sendable {
    public let contentType: String
    public let headers: [(name: String, value: String)]
    public let render: @Sendable (ConnectionRefusal) -> ByteBuffer

    public init(
        contentType: String, headers: [(name: String, value: String)] = [],
        render: @escaping @Sendable (ConnectionRefusal) -> ByteBuffer
    ) {
        self.contentType = contentType
        self.headers = headers
        self.render = render
    }

    /// The message as plain text.
    public static let plainText = RefusalBody(contentType: "text/plain; charset=utf-8") { refusal in
        ByteBuffer(string: refusal.message + "\n")
    }
}
