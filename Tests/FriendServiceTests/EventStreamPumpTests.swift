import HTTPTypes
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing

@testable import HTTPServerKit

/// What the pump puts on a connection: the bytes an HTTP/1.1 client reads as one chunk per event,
/// in order, whether it writes below the pipeline's encoder (the HTTP/1 server's pipeline) or
/// gives body parts to a pipeline without one.
struct EventStreamPumpTests {
    @Test func onAnHTTP1PipelineEachEventIsOneChunkAndTheResponseEndsAfterTheLast() throws {
        let (channel, head) = try Self.httpConnectionAfterItsResponseHead()
        #expect(String(buffer: head).lowercased().contains("transfer-encoding: chunked\r\n"))

        let source = ScriptedSource(["id: 1\n\n", "", "id: 2\ndata: \u{00E9}\n\n"])
        let pump = EventStreamPump(channel: channel, source: source, writeStarted: NIOLockedValueBox(nil))
        pump.run()
        try channel.writeAndFlush(HTTPResponsePart.end(nil)).wait()

        let body = try #require(try channel.readAllOutbound())
        #expect(String(buffer: body) == "7\r\nid: 1\n\n\r\n" + "10\r\nid: 2\ndata: \u{00E9}\n\n\r\n" + "0\r\n\r\n")
        #expect(Self.hasFinished(pump))
    }

    @Test func onAPipelineWithoutAnEncoderEachEventIsABodyPart() throws {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        let source = ScriptedSource(["id: 1\n\n", "id: 2\n\n"])
        let pump = EventStreamPump(channel: channel, source: source, writeStarted: NIOLockedValueBox(nil))
        pump.run()

        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .body(ByteBuffer(string: "id: 1\n\n")))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .body(ByteBuffer(string: "id: 2\n\n")))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
    }

    @Test func aSourceThatHasNothingYetIsAskedAgainWhenItWakesThePump() throws {
        let (channel, _) = try Self.httpConnectionAfterItsResponseHead()
        let source = ScriptedSource([], endsWhenEmpty: false)
        let pump = EventStreamPump(channel: channel, source: source, writeStarted: NIOLockedValueBox(nil))
        pump.run()
        #expect(try channel.readAllOutbound() == nil)

        source.add(": keep-alive\n\n")
        pump.run()
        #expect(try channel.readAllOutbound().map { String(buffer: $0) } == "e\r\n: keep-alive\n\n\r\n")
        #expect(!Self.hasFinished(pump))
    }

    private static func hasFinished(_ pump: EventStreamPump) -> Bool {
        let finished = NIOLockedValueBox(false)
        pump.finished.whenSuccess { finished.withLockedValue { $0 = true } }
        return finished.withLockedValue { $0 }
    }

    /// A connection with the HTTP/1 server's pipeline, as Hummingbird makes it, that has read a
    /// `GET` and written the response's head; and that head.
    private static func httpConnectionAfterItsResponseHead() throws -> (EmbeddedChannel, ByteBuffer) {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET /events HTTP/1.1\r\nHost: a\r\n\r\n"))
        let head = HTTPResponse(status: .ok, headerFields: [.contentType: "text/event-stream"])
        try channel.writeAndFlush(HTTPResponsePart.head(head)).wait()
        return (channel, try #require(try channel.readAllOutbound()))
    }
}

/// Events given in advance, or added by the test; `.ended` once they are taken, unless told otherwise.
private final class ScriptedSource: EventStreamSource {
    private let events: NIOLockedValueBox<[String]>
    private let endsWhenEmpty: Bool

    init(_ events: [String], endsWhenEmpty: Bool = true) {
        self.events = NIOLockedValueBox(events)
        self.endsWhenEmpty = endsWhenEmpty
    }

    func add(_ event: String) {
        events.withLockedValue { $0.append(event) }
    }

    func start(_ pump: EventStreamPump) {}

    func next() -> EventStreamNext {
        guard let event = events.withLockedValue({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            return endsWhenEmpty ? .ended : .waiting
        }
        return .event(EventStreamChunk(ByteBuffer(string: event)))
    }
}

extension EmbeddedChannel {
    /// Every byte written out since the last read, as one buffer; `nil` when there is none.
    fileprivate func readAllOutbound() throws -> ByteBuffer? {
        var all: ByteBuffer?
        while let part = try readOutbound(as: ByteBuffer.self) {
            all = all.map { var all = $0; all.writeImmutableBuffer(part); return all } ?? part
        }
        return all
    }
}
