import Foundation
import FriendsClient
import Testing

struct ServerSentEventParserTests {
    private func events(_ chunks: [String]) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return chunks.flatMap { parser.consume(Data($0.utf8)) }
    }

    @Test func fieldsMakeOneEventPerBlankLine() {
        #expect(events(["id: 7\nevent: created\ndata: {\"id\":1}\n\nid: 8\nevent: deleted\ndata: {}\n\n"]) == [
            ServerSentEvent(type: "created", data: #"{"id":1}"#, lastEventID: "7"),
            ServerSentEvent(type: "deleted", data: "{}", lastEventID: "8"),
        ])
    }

    @Test func commentsAreIgnoredAndAnEventWithoutDataIsNotDispatched() {
        #expect(events([": connected\n\n: keep-alive\n\nevent: lonely\n\ndata: x\n\n"]) == [
            ServerSentEvent(type: "message", data: "x"),
        ])
    }

    @Test func dataLinesJoinWithLineFeeds() {
        #expect(events(["data: one\ndata:two\ndata\ndata:  three\n\n"]) == [
            ServerSentEvent(data: "one\ntwo\n\n three"),
        ])
    }

    @Test(arguments: ["\r\n", "\r", "\n"])
    func everyLineEndingCounts(ending: String) {
        let stream = ["event: a", "data: 1", "", "data: 2", "", ""].joined(separator: ending)
        #expect(events([stream]) == [
            ServerSentEvent(type: "a", data: "1"),
            ServerSentEvent(data: "2"),
        ])
    }

    @Test func chunksMaySplitLinesLineEndingsAndCharacters() {
        let bytes = Array("id: 1\r\ndata: Zoë 👩‍💻\r\n\r\n".utf8)
        var parser = ServerSentEventParser()
        var received: [ServerSentEvent] = []
        for byte in bytes { received += parser.consume(Data([byte])) }
        #expect(received == [ServerSentEvent(data: "Zoë 👩‍💻", lastEventID: "1")])
    }

    @Test func theLastIDCarriesOverAndAnIDWithNullIsIgnored() {
        #expect(events(["id: 5\ndata: a\n\ndata: b\n\nid: 6\u{0}\ndata: c\n\nid\ndata: d\n\n"]).map(\.lastEventID) == ["5", "5", "5", ""])
    }

    @Test func retryTakesOnlyDigitsAndUnknownFieldsAreIgnored() {
        var parser = ServerSentEventParser()
        _ = parser.consume(Data("retry: 2500\nretry: soon\nfoo: bar\ndata: x\n\n".utf8))
        #expect(parser.reconnectionTime == 2500)
    }

    @Test func anUnfinishedEventAtTheEndIsNotDispatched() {
        #expect(events(["\u{FEFF}data: whole\n\ndata: half\n"]) == [ServerSentEvent(data: "whole")])
    }
}
