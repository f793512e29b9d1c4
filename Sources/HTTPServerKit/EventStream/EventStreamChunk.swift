import NIOCore

/// An event of a stream, framed once as an HTTP/1.1 chunk (RFC 9112 §7.1: its size in hex, CRLF,
/// the bytes, CRLF), so that every connection the event goes to sends the same buffer instead of
/// framing it again.
public struct EventStreamChunk: Sendable, Equatable {
    /// The chunk as it goes on the wire; empty when the event is.
    public let framed: ByteBuffer
    /// How many bytes of `framed` come before the event's own.
    private let sizeLineLength: Int

    public init(_ event: ByteBuffer) {
        guard event.readableBytes > 0 else {
            // An empty chunk would end the response: an empty event is not sent at all.
            (framed, sizeLineLength) = (event, 0)
            return
        }
        let sizeLine = String(event.readableBytes, radix: 16) + "\r\n"
        var framed = ByteBufferAllocator().buffer(capacity: sizeLine.utf8.count + event.readableBytes + 2)
        framed.writeString(sizeLine)
        framed.writeImmutableBuffer(event)
        framed.writeStaticString("\r\n")
        (self.framed, sizeLineLength) = (framed, sizeLine.utf8.count)
    }

    /// The event's own bytes, without the framing (a view of the same memory).
    public var event: ByteBuffer {
        guard sizeLineLength > 0 else { return framed }
        return framed.getSlice(at: framed.readerIndex + sizeLineLength, length: framed.readableBytes - sizeLineLength - 2)!
    }

    public var isEmpty: Bool { framed.readableBytes == 0 }
}
