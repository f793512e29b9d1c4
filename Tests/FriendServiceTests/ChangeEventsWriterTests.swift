import HTTPServerKit
import NIOCore
import Testing

/// The one Server-Sent Events writer: nothing a caller passes can end an event early or add a field.
struct ChangeEventsWriterTests {
    @Test func anEventWritesItsIDNameAndData() {
        let event = ServerSentEventWriter.event(id: "7", name: "created", data: #"{"id":1}"#)
        #expect(String(buffer: event) == "id: 7\nevent: created\ndata: {\"id\":1}\n\n")
    }

    @Test func dataWithLineBreaksBecomesOneDataLinePerLine() {
        let event = ServerSentEventWriter.event(name: "note", data: "one\ntwo\r\nthree\rfour\n")
        #expect(String(buffer: event) == "event: note\ndata: one\ndata: two\ndata: three\ndata: four\ndata: \n\n")
    }

    @Test func lineBreaksInAnIDANameOrACommentAreDropped() {
        #expect(String(buffer: ServerSentEventWriter.event(id: "1\n\ndata: x", name: "a\rb", data: "")) == "id: 1data: x\nevent: ab\ndata: \n\n")
        #expect(String(buffer: ServerSentEventWriter.comment("keep\nalive")) == ": keepalive\n\n")
    }

    @Test func aPositionIsAnEventWithAnIDAndNoData() {
        #expect(String(buffer: ServerSentEventWriter.position("42")) == "id: 42\n\n")
    }
}
