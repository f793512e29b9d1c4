import Foundation
import Testing
@testable import VCard

@Suite("Cutting a stream of cards, bad ones among good ones")
struct VCardStreamReaderTests {
    private func items(_ text: String, chunk: Int = 7, limit: Int = VCardLimits.maximumCardSize) -> [VCardStreamReader.Item] {
        var reader = VCardStreamReader(maximumCardSize: limit)
        let bytes = Array(text.utf8)
        var items: [VCardStreamReader.Item] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            items += reader.append(bytes[start..<min(start + chunk, bytes.count)])
        }
        return items + reader.finish()
    }

    private func summary(_ items: [VCardStreamReader.Item]) -> [String] {
        items.map { item in
            switch item {
            case .card(let position, _): "\(position) card"
            case .failure(let position, let name, let error): "\(position) \(name): \(error)"
            }
        }
    }

    @Test func aCardWithoutENDFollowedByAGoodOne() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut Short\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Whole\r\nEND:VCARD\r\n"
        #expect(summary(items(text)) == ["1 Cut Short: The card ends without END:VCARD.", "2 card"])
    }

    @Test func linesOutsideAnyCardAreReportedAsACardWithoutItsBeginning() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:First\r\nEND:VCARD\r\n"
            + "VERSION:3.0\r\nFN:No Begin\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD" + String(repeating: " ", count: 40) + "\r\nVERSION:3.0\r\nFN:Long Begin\r\nEND:VCARD\r\n"
            + "END:VCARD\r\n\r\n"
        #expect(summary(items(text)) == [
            "1 card", "2 No Begin: The card does not start with BEGIN:VCARD.", "3 card",
        ], "a stray END:VCARD alone loses nothing and is not reported")
        #expect(summary(items("FN:Before\r\nBEGIN:VCARD\r\nFN:A\r\nEND:VCARD\r\n")) == [
            "1 Before: The card does not start with BEGIN:VCARD.", "2 card",
        ])
        #expect(items("FN:Only\r\nTEL:1\r\n").isEmpty, "no card at all: the caller says the text holds no vCard")
    }

    /// A title or a remark between cards is no card: the cards after it keep their positions in the
    /// file, and nothing is reported failed.
    @Test func textThatIsNoPropertyBetweenCardsIsPassedOver() {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
        let text = "My contacts, exported 2024-05-01\r\n" + card + "-- page 2 --\r\nNote: next is Bob\r\n\r\n" + card
            + "  (end of file: 2 cards)\r\n"
        #expect(summary(items(text)) == ["1 card", "2 card"])
        #expect(summary(items(card + "item1.EMAIL;TYPE=HOME:ada@example.com\r\n" + card)) == [
            "1 card", "2 ada@example.com: The card does not start with BEGIN:VCARD.", "3 card",
        ], "a grouped property outside a card still reads as one")
    }

    @Test(arguments: [
        ("FN:Ada", true), ("TEL;TYPE=CELL:1", true), ("item1.EMAIL:a@b.c", true), ("X-ABLabel:x", true),
        ("x-custom:1", true), ("Exported from my phone", false), ("Note : spaced", false), ("Note: next is Bob", false),
        ("Contacts: family", false), (".FN:x", false), ("a.b.FN:x", false), ("", false), (":x", false),
        ("12:30 backup", false), ("2024-05-01: export", false), ("\u{FEFF}FN:Ada", true), ("  TEL:1", true),
    ])
    func whatReadsAsAProperty(line: String, reads: Bool) {
        #expect(VCardStreamReader.readsAsProperty(ArraySlice(line.utf8)) == reads)
    }

    @Test func aTruncatedLastCard() {
        #expect(summary(items("BEGIN:VCARD\nFN:A\nEND:VCARD\nBEGIN:VCARD\nFN:B\nTEL:1")) == [
            "1 card", "2 B: The card ends without END:VCARD.",
        ])
    }

    /// A 3.0 card in Latin-1 is refused (its charset is not named), and still reported by its name.
    @Test func aCardRefusedForItsCharsetIsReportedByItsName() throws {
        let latin1 = Array(try #require("BEGIN:VCARD\r\nVERSION:3.0\r\nN:García;José;;;\r\nFN:José García\r\nEND:VCARD\r\n".data(using: .isoLatin1)))
        #expect(throws: VCardError.invalidUTF8(line: 3)) { try VCardParser.parse(latin1) }
        #expect(VCardStreamReader.name(in: latin1) == "José García")
    }

    @Test func aCardOverTheLimitIsSkippedAndTheNextOneRead() {
        let huge = "BEGIN:VCARD\nFN:Huge\nNOTE:" + String(repeating: "x", count: 5_000) + "\nEND:VCARD\n"
        let text = huge + "BEGIN:VCARD\nFN:Small\nEND:VCARD\n"
        #expect(summary(items(text, chunk: 300, limit: 1_024)) == ["1 Huge: The card is larger than 1 KiB.", "2 card"])
    }

    @Test func aSingleLineLongerThanAnyCardNeverFillsMemory() {
        var reader = VCardStreamReader(maximumCardSize: 1_024)
        var items = reader.append(Array("BEGIN:VCARD\nFN:Line\nNOTE:".utf8))
        for _ in 0..<1_000 { items += reader.append([UInt8](repeating: 0x41, count: 1_000)) }
        items += reader.append(Array("\nEND:VCARD\nBEGIN:VCARD\nFN:Next\nEND:VCARD\n".utf8)) + reader.finish()
        #expect(summary(items) == ["1 Line: The card is larger than 1 KiB.", "2 card"])
    }

    @Test func textWithoutAnyCard() {
        var reader = VCardStreamReader()
        let items = reader.append(Array("{\"firstname\": \"Ada\"}".utf8)) + reader.finish()
        #expect(items.isEmpty)
        #expect(reader.cardsSeen == 0)
    }
}

@Suite("Bad cards get a clear error")
struct VCardBadInputTests {
    @Test(arguments: [
        ("FN:A\r\nEND:VCARD\r\n", VCardError.missingBegin),
        ("BEGIN:VCARD\r\nFN:A\r\n", .missingEnd),
        ("BEGIN:VCARD\r\nFN:A\u{0}B\r\nEND:VCARD\r\n", .nulByte(line: 2)),
        ("BEGIN:VCARD\r\nthis is not a property\r\nEND:VCARD\r\n", .notAProperty(line: 2)),
        ("", .noCard),
    ])
    func refused(text: String, error: VCardError) {
        #expect(throws: error) { try VCardParser.parse(Array(text.utf8)) }
    }

    @Test func invalidUTF8WithoutACharacterSet() {
        let bytes = Array("BEGIN:VCARD\r\nFN:".utf8) + [0xC3, 0x28] + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(throws: VCardError.invalidUTF8(line: 2)) { try VCardParser.parse(bytes) }
    }

    @Test func tenThousandProperties() {
        let text = "BEGIN:VCARD\r\n" + String(repeating: "NOTE:x\r\n", count: 10_000) + "END:VCARD\r\n"
        #expect(throws: VCardError.tooManyProperties(limit: VCardLimits.maximumProperties)) { try VCardParser.parse(Array(text.utf8)) }
    }

    @Test func aPhotoThatIsNotAnImage() throws {
        let text = "BEGIN:VCARD\r\nFN:A\r\nPHOTO;ENCODING=b;TYPE=JPEG:" + Data("not an image".utf8).base64EncodedString() + "\r\nEND:VCARD\r\n"
        let card = try VCardParser.parse(Array(text.utf8))
        #expect(throws: VCardPhoto.Problem.notAnImage) { try card.photo() }
        // Kept, with its photo as sent, but the friend has no picture to show.
        #expect(card.readyForStorage { "x" }.first("PHOTO") == card.first("PHOTO"))
        #expect(!card.friend(id: 0).photo)
    }

    /// iOS saves a contact with only a note or an address as `N:;;;;` and an empty `FN`, and
    /// shows it as "No Name": it is kept, and shown so, without that name written into it.
    @Test(arguments: ["N:;;;;\r\nFN:\r\nNOTE:Who?", "NOTE:Who?", "ADR;TYPE=HOME:;;1 Main St;Springfield;;;"])
    func aCardWithNothingToNameItByIsNoName(_ lines: String) throws {
        let card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\n\(lines)\r\nEND:VCARD\r\n".utf8))
        #expect(card.friend(id: 0).firstname == "No Name")
        let kept = card.readyForStorage { "x" }
        #expect(kept.first("FN")?.text == (card.first("FN") == nil ? "No Name" : ""))
        #expect(kept.friend(id: 0).displayName == "No Name")
    }

    @Test(arguments: [
        ("NICKNAME:Skipper\\, the first,Cap", "Skipper, the first"),
        ("EMAIL;TYPE=INTERNET:mystery@example.com\r\nTEL:+1 555 0100", "mystery@example.com"),
        ("TEL;VALUE=uri:tel:+1-555-0100", "+1-555-0100"),
        ("NICKNAME:\r\nEMAIL:mystery@example.com", "mystery@example.com"),
    ])
    func aCardWithoutANameIsNamedByItsNicknameEmailOrNumber(_ lines: String, _ name: String) throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:\r\n\(lines)\r\nEND:VCARD\r\n"
        let card = try VCardParser.parse(Array(text.utf8))
        #expect(card.friend(id: 0).firstname == name)
        #expect(card.friend(id: 0).lastname.isEmpty)
        #expect(card.readyForStorage { "x" }.first("FN")?.text == name)
    }

    @Test func aCompanyCardIsStillNamedByItsCompanyNotByItsEmail() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:Acme\r\nORG:Acme\r\nEMAIL:info@acme.example\r\nEND:VCARD\r\n"
        let friend = try VCardParser.parse(Array(text.utf8)).friend(id: 0)
        #expect(friend.firstname.isEmpty && friend.organization == "Acme")
    }

    @Test func aMissingUIDIsAdded() throws {
        let card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n".utf8))
        #expect(card.readyForStorage { "NEW-UID" }.uid == "NEW-UID")
    }

    @Test(arguments: ["5.0", "", "3", "4.0.1"])
    func aVersionVCardDoesNotHaveIsKeptAsThe30ItIsReadAs(version: String) throws {
        let card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:Ada\r\nN:;Ada;;;\r\nUID:ada\r\nEND:VCARD\r\n".utf8))
        let kept = card.readyForStorage { "x" }
        #expect(VCardWriter.text(of: kept) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\nUID:ada\r\nEND:VCARD\r\n")
    }

    /// RFC 2426 wants `VERSION`, `FN` and `N` of a 3.0 card (2.1 wants `N` too); RFC 6350 no `N`.
    @Test func aMissingVersionFNOrNIsAddedAsEveryVCardOfItsVersionMustHaveThem() throws {
        let card = try VCardParser.parse(Array("BEGIN:VCARD\r\nORG:Acme Inc.;Sales\r\nUID:acme\r\nEND:VCARD\r\n".utf8))
        let kept = card.readyForStorage { "x" }
        #expect(VCardWriter.text(of: kept) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Acme Inc.\r\nN:;;;;\r\nORG:Acme Inc.;Sales\r\nUID:acme\r\nEND:VCARD\r\n")
        let version4 = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Acme Inc.\r\nUID:acme\r\nEND:VCARD\r\n".utf8))
        #expect(version4.readyForStorage { "x" } == version4)
        let named = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nUID:ada\r\nEND:VCARD\r\n".utf8))
        #expect(named.readyForStorage { "x" }.first("FN")?.text == "Ada Lovelace")
    }
}

@Suite("A line's keyword, and whether it may open an agent's card")
struct VCardKeywordTests {
    @Test(arguments: [
        ("begin:vcard", "BEGIN:VCARD"),
        ("  BEGIN:VCARD\t", "BEGIN:VCARD"),
        ("\u{FEFF}BEGIN:VCARD", "BEGIN:VCARD"),
        ("END:VCARD\r", "END:VCARD"),
        ("END:VCARD\u{00A0}", "END:VCARD"),
        ("", ""),
    ])
    func aKeywordIsTheLineUpperCasedWithoutTheSpaceAroundIt(line: String, keyword: String) {
        #expect(VCardStreamReader.keyword(of: Array(line.utf8)[...]) == keyword)
    }

    @Test func onlyALineWithAgentInItMayOpenAnAgentsCard() {
        #expect(EmbeddedAgentCards.mayOpenAgent(Array("item1.agent;ENCODING=8BIT:".utf8)))
        #expect(EmbeddedAgentCards.mayOpenAgent(Array("AGENT:BEGIN:VCARD".utf8)))
        #expect(!EmbeddedAgentCards.mayOpenAgent(Array("FN:Ada Lovelace".utf8)))
        #expect(!EmbeddedAgentCards.mayOpenAgent(Array("AGEN".utf8)))
    }
}
