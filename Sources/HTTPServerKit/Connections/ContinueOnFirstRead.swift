import HummingbirdCore
import NIOCore

/// A request body that asks the `ConnectionGuard` for `100 Continue` when the handler first reads
/// it. A handler that answers without reading the body (too large, not signed in) is answered at
/// once, and the client never sends a body that would be refused (RFC 9110 §10.1.1).
struct ContinueOnFirstRead: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let body: RequestBody
    let channel: any Channel

    struct AsyncIterator: AsyncIteratorProtocol {
        var body: RequestBody.AsyncIterator
        /// The connection to ask, until the first read has asked it.
        var channel: (any Channel)?

        mutating func next() async throws -> ByteBuffer? {
            if let channel {
                self.channel = nil
                channel.triggerUserOutboundEvent(ContinueRequested(), promise: nil)
            }
            return try await body.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: body.makeAsyncIterator(), channel: channel)
    }

    /// `responder`, with the body of a request that sent `Expect` read through `ContinueOnFirstRead`.
    static func responder(_ responder: @escaping HTTPChannelHandler.Responder) -> HTTPChannelHandler.Responder {
        { request, writer, channel in
            guard request.headers.contains(.expect) else { return try await responder(request, writer, channel) }
            var request = request
            request.body = RequestBody(asyncSequence: ContinueOnFirstRead(body: request.body, channel: channel))
            try await responder(request, writer, channel)
        }
    }
}

/// The event by which a handler's first read of a body asks the `ConnectionGuard` for `100 Continue`.
struct ContinueRequested: Sendable {}
