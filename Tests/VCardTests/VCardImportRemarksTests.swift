import Foundation
import Testing
@testable import VCard

/// What an import's report says of a kept card whose friend does not show all of it.
@Suite("Remarks on an imported card")
struct VCardImportRemarksTests {
    private func remarks(_ lines: String, version: String = "3.0") throws -> [String] {
        try VCardParser.parse(Array(SampleCards.card(version: version, lines: lines).utf8)).importRemarks
    }

    @Test("a card shown as it is has none, whatever names it", arguments: [
        "FN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nBDAY:1815-12-10\r\n",
        "N:;;;;\r\nFN:\r\nEMAIL:ada@example.com\r\n",
        "N:;;;;\r\nFN:\r\nNICKNAME:Mom\r\n",
        "FN:Acme Plumbing\r\nORG:Acme Plumbing\r\nBDAY:--12-10\r\n",
        "FN:Ada\r\nPHOTO;VALUE=uri:https://example.com/ada.jpg\r\n",
    ])
    func none(lines: String) throws {
        #expect(try remarks(lines) == [])
    }

    @Test("a card naming nobody is shown as No Name")
    func namesNobody() throws {
        #expect(try remarks("N:;;;;\r\nFN:\r\nNOTE:left on the fridge\r\n") == [#"Nothing on it names anyone, so it is shown as "No Name"."#])
        #expect(try remarks("ADR:;;1 Main St;Springfield;;;\r\n") == [#"Nothing on it names anyone, so it is shown as "No Name"."#])
    }

    @Test("a birthday that is not a date is not shown, and the card keeps it")
    func birthday() throws {
        #expect(try remarks("FN:Ada\r\nBDAY:sometime in spring\r\n")
            == [#"Its birthday "sometime in spring" is not a date Friends can show; the card keeps it."#])
        #expect(try remarks("FN:Ada\r\nBDAY:04/05/1985\r\n")
            == [#"Its birthday "04/05/1985" is not a date Friends can show; the card keeps it."#])
    }

    @Test("a photo that cannot be served is not shown, and the card keeps it")
    func photo() throws {
        let text = Data("just some text".utf8).base64EncodedString()
        #expect(try remarks("FN:Ada\r\nPHOTO;ENCODING=b;TYPE=JPEG:\(text)\r\n")
            == ["Its photo is not shown (it is not a PNG, JPEG, GIF or WebP image); the card keeps it."])
        #expect(try remarks("FN:Ada\r\nPHOTO:data:image/jpeg;base64,\(text)\r\n", version: "4.0")
            == ["Its photo is not shown (it is not a PNG, JPEG, GIF or WebP image); the card keeps it."])
        #expect(try remarks("FN:Ada\r\nPHOTO;ENCODING=b;TYPE=JPEG:QUJDR\r\n")
            == ["Its photo is not shown (its data is not valid base64); the card keeps it."])
    }

    /// The report looks at a photo's first bytes only; it says what decoding the photo says.
    @Test("a photo looked at is judged as a photo decoded", arguments: [
        "FN:A\r\nPHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==\r\n",
        "FN:A\r\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJ RgABAQAAAQABAAD/2Q==\r\n",
        "FN:A\r\nPHOTO;ENCODING=b;TYPE=GIF:R0lGODlhAQABAAAAACw=\r\n",
        "FN:A\r\nPHOTO;ENCODING=b:Zm9vYmFy\r\n",
        "FN:A\r\nPHOTO;ENCODING=b:QUJDR\r\n",
        "FN:A\r\nPHOTO;VALUE=uri:https://example.com/a.png\r\n",
        "FN:A\r\n",
    ])
    func glance(lines: String) throws {
        let card = try VCardParser.parse(Array(SampleCards.card(version: "3.0", lines: lines).utf8))
        let decoded: VCardPhoto.Problem?
        do {
            _ = try card.photo()
            decoded = nil
        } catch {
            decoded = error
        }
        #expect(card.photoProblemAtAGlance() == decoded)
    }

    @Test("the sample cards' photos are judged alike looked at and decoded", arguments: SampleCards.all)
    func sampleGlance(name: String) throws {
        let card = try VCardParser.parse(try SampleCards.bytes(name))
        #expect(card.photoProblemAtAGlance() == nil)
        #expect(throws: Never.self) { try card.photo() }
    }

    @Test("each remark is made once, in order")
    func several() throws {
        #expect(try remarks("N:;;;;\r\nBDAY:soon\r\n").count == 2)
    }
}
