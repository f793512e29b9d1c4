import Foundation
import FriendsAPI
import Testing
@testable import VCard

@Suite("Embedded agents, old Mac line ends and the names of cards that failed")
struct VCardOddFilesTests {
    private func items(_ bytes: [UInt8], chunk: Int) -> [VCardStreamReader.Item] {
        var reader = VCardStreamReader()
        var items: [VCardStreamReader.Item] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            items += reader.append(bytes[start..<min(start + chunk, bytes.count)])
        }
        return items + reader.finish()
    }

    private func cards(_ text: String, chunk: Int = 5) throws -> [VCard] {
        try items(Array(text.utf8), chunk: chunk).map { item in
            guard case .card(_, let bytes) = item else { throw TestFailure("\(item)") }
            return try VCardParser.parse(bytes)
        }
    }

    private func failedNames(_ text: String) -> [String] {
        items(Array(text.utf8), chunk: 7).compactMap { item in
            guard case .failure(_, let name, _) = item else { return nil }
            return name
        }
    }

    private static let agentCard = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Friday;Fred\r\nAGENT:\r\n"
        + "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Assistant;Ann\r\nFN:Ann Assistant\r\nTEL:+1 213 555 0000\r\nEND:VCARD\r\n"
        + "FN:Fred Friday\r\nTEL;WORK:+1 213 555 1234\r\nEMAIL;INTERNET:fred@example.com\r\nEND:VCARD\r\n"

    @Test func aVersion21AgentHoldingACardKeepsTheOuterCardWhole() throws {
        let text = Self.agentCard + "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Next\r\nEND:VCARD\r\n"
        let read = try cards(text)
        #expect(read.count == 2)
        let fred = try #require(read.first)
        let friend = fred.friend(id: 0)
        #expect(friend.displayName == "Fred Friday")
        #expect(friend.phones == [LabeledValue(label: "work", value: "+1 213 555 1234")])
        #expect(friend.email == "fred@example.com")
        #expect(fred.all("AGENT").count == 1)
        #expect(fred.first("AGENT")?.text.contains("FN:Ann Assistant") == true)
        #expect(VCardWriter.text(of: fred) == Self.agentCard, "the agent is kept as it came")
        #expect(read.last?.friend(id: 0).displayName == "Next")
        #expect(throws: Never.self) { try VCardParser.parse(Array(Self.agentCard.utf8), isWholeText: true) }
    }

    @Test func anAgentWhoseCardBeginsOnItsOwnLineAndAnAgentInsideAnAgent() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Outer\r\nAGENT:BEGIN:VCARD\r\nFN:Middle\r\nAGENT:\r\n\r\n"
            + "BEGIN:VCARD\r\nFN:Inner\r\nEND:VCARD\r\nEND:VCARD\r\nTEL:1\r\nEND:VCARD\r\n"
        let read = try cards(text, chunk: 3)
        #expect(read.count == 1)
        #expect(read.first?.friend(id: 0).displayName == "Outer")
        #expect(read.first?.friend(id: 0).phonenumber == "1")
        #expect(read.first.map(VCardWriter.text) == text)
    }

    @Test func aBeginWithoutAnAgentStillCutsTheCardShort() {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Cut Short\r\nNOTE:\r\nBEGIN:VCARD\r\nFN:Whole\r\nEND:VCARD\r\n"
        #expect(failedNames(text) == ["Cut Short"])
    }

    @Test func aFileWhoseLinesEndWithACarriageReturnAloneIsRead() throws {
        let text = "BEGIN:VCARD\rVERSION:2.1\rN:Lovelace;Ada\rNOTE;ENCODING=QUOTED-PRINTABLE:one=0D=0Atwo=\r three\rEND:VCARD\r"
            + "BEGIN:VCARD\rVERSION:3.0\rFN:Grace\r  Hopper\rEND:VCARD\r"
        for chunk in [1, 2, 5, 1 << 10] {
            let read = try cards(text, chunk: chunk)
            #expect(read.map { $0.friend(id: 0).displayName } == ["Ada Lovelace", "Grace Hopper"], "chunk \(chunk)")
            #expect(read.first?.friend(id: 0).about == "one\ntwo three")
            #expect(read.allSatisfy { !VCardWriter.text(of: $0).replacingOccurrences(of: "\r\n", with: "").contains("\r") })
        }
        let single = try VCardParser.parse(Array("BEGIN:VCARD\rVERSION:3.0\rFN:Ada\rEND:VCARD\r".utf8))
        #expect(single.friend(id: 0).firstname == "Ada")
        #expect(single.lineEnding == .crlf)
    }

    @Test func aCarriageReturnInsideALineOfALineFeedFileStaysInsideIt() throws {
        let read = try cards("BEGIN:VCARD\nVERSION:3.0\nFN:Cr Test\nNOTE:line1\rline2\nEND:VCARD\n")
        #expect(read.first?.first("NOTE")?.text == "line1 line2")
    }

    @Test func theNameOfACardThatFailedIsReadAsACardThatImportedIs() {
        let quotedPrintable = "BEGIN:VCARD\r\nVERSION:2.1\r\n"
            + "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=\r\n=C3=BCller\r\n"
        let folded = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace\r\n  Hopper\\, Rear Admiral\r\n"
        let onlyN = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\n"
        let version21 = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN:C:\\new\r\n"
        let agentFirst = "BEGIN:VCARD\r\nVERSION:2.1\r\nAGENT:\r\nBEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\nFN:Fred\r\n"
        #expect(failedNames(quotedPrintable + folded + onlyN + version21 + agentFirst) == [
            "Jürgen Müller", "Grace Hopper, Rear Admiral", "Ada Lovelace", "C:\\new", "Fred",
        ])
    }
}
