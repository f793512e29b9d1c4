import NIOCore

/// Writes the `text/event-stream` format (HTML Living Standard, "Server-sent events"): the one
/// writer of every event stream the servers send.
///
/// Fields never hold a line break: data with line breaks becomes one `data:` line per line (the
/// client joins them back with line feeds), and line breaks in an id, a name or a comment are
/// dropped, so nothing a caller passes can end an event early or start a field of its own.
public enum ServerSentEventWriter {
    public static let contentType = "text/event-stream; charset=utf-8"

    /// One event: `id:` and `event:` when given, then `data`.
    public static func event(id: String? = nil, name: String? = nil, data: ByteBuffer) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: data.readableBytes + 64)
        if let id { writeField("id", id, into: &buffer) }
        if let name { writeField("event", name, into: &buffer) }
        var rest = data.readableBytesView[...]
        repeat {
            let end = rest.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? rest.endIndex
            buffer.writeStaticString("data: ")
            buffer.writeBytes(rest[..<end])
            buffer.writeStaticString("\n")
            guard end < rest.endIndex else { break }
            let isCRLF = rest[end] == UInt8(ascii: "\r") && rest.index(after: end) < rest.endIndex
                && rest[rest.index(after: end)] == UInt8(ascii: "\n")
            rest = rest[rest.index(end, offsetBy: isCRLF ? 2 : 1)...]
        } while true
        buffer.writeStaticString("\n")
        return buffer
    }

    public static func event(id: String? = nil, name: String? = nil, data: String) -> ByteBuffer {
        event(id: id, name: name, data: ByteBuffer(string: data))
    }

    /// An event with an id and no data. EventSource clients dispatch nothing for it but take the
    /// id as their last event ID, which they send back as `Last-Event-ID` when they reconnect:
    /// the standard way to tell a client where it stands before any event.
    public static func position(_ id: String) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: id.utf8.count + 6)
        writeField("id", id, into: &buffer)
        buffer.writeStaticString("\n")
        return buffer
    }

    /// A comment: clients ignore it; it keeps idle connections (and proxies) open.
    public static func comment(_ text: String) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: text.utf8.count + 4)
        buffer.writeStaticString(": ")
        buffer.writeString(withoutLineBreaks(text))
        buffer.writeStaticString("\n\n")
        return buffer
    }

    private static func writeField(_ name: StaticString, _ value: String, into buffer: inout ByteBuffer) {
        buffer.writeStaticString(name)
        buffer.writeStaticString(": ")
        buffer.writeString(withoutLineBreaks(value))
        buffer.writeStaticString("\n")
    }

    private static func withoutLineBreaks(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.filter { !$0.isNewline })
    }
}
