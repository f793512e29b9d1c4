import Foundation
import Testing
@testable import VCard

/// A 2.1 card as CardDAV serves it: in 3.0, saying what it said.
@Suite("vCard 2.1 written as 3.0")
struct VCardVersion3Tests {
    private func converted(_ lines: String) throws -> String {
        VCardVersion3.text(of: "BEGIN:VCARD\r\nVERSION:2.1\r\n\(lines)END:VCARD\r\n")
    }

    private func lines(of text: String) -> [String] {
        Array(text.components(separatedBy: "\r\n").dropFirst(2).dropLast(2))
    }

    @Test func androidsExportBecomesPlainThreePointZero() throws {
        let text = VCardVersion3.text(of: String(decoding: try SampleCards.bytes("android21"), as: UTF8.self))
        #expect(text == """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:Müller;Jürgen;;;\r
            FN:Jürgen Müller\r
            TEL;TYPE=CELL;TYPE=PREF:+49 30 901820\r
            TEL;TYPE=HOME:030 1234567\r
            EMAIL;TYPE=HOME:juergen@example.de\r
            NOTE:Erste Zeile\\nZweite Zeile mit ümlaut und einer sehr langen Zeile\r
            X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Jü;1;;;;;;;;;;;;;\r
            PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==\r
            END:VCARD\r\n
            """)
    }

    /// The friend, its numbers, addresses and photo read from the 3.0 card are those of the 2.1 one.
    @Test(arguments: ["android21", "latin1"])
    func theCardSaysWhatItSaid(sample: String) throws {
        let original = try VCardParser.parse(SampleCards.bytes(sample))
        // As the store keeps it: text in another character set is UTF-8 by then.
        let text = VCardVersion3.text(of: VCardWriter.text(of: original))
        let served = try VCardParser.parse(Array(text.utf8))
        #expect(served.version == "3.0")
        #expect(served.friend(id: 1) == original.friend(id: 1))
        #expect(try served.photo()?.bytes == original.photo()?.bytes)
        #expect(!text.contains("QUOTED-PRINTABLE") && !text.contains("CHARSET"))
    }

    @Test func escapesAreThoseOfThreePointZero() throws {
        let text = try converted(#"N:Smith\;Jones;Ann\, Jr;;;\#r\#nNOTE:C:\new\, then D:\\old\;done, ok\#r\#n"#)
        #expect(lines(of: text) == [#"N:Smith\;Jones;Ann\\\, Jr;;;"#, #"NOTE:C:\\new\\\, then D:\\old\;done\, ok"#])
        let original = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:2.1\r\n\(#"N:Smith\;Jones;Ann\, Jr;;;\#r\#nNOTE:C:\new\, then D:\\old\;done, ok\#r\#n"#)END:VCARD\r\n".utf8))
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 1) == original.friend(id: 1))
    }

    @Test func listsKeepTheirCommasAndStructuredValuesTheirFields() throws {
        let text = try converted("NICKNAME:Jo,Joey\r\nCATEGORIES:Family,Work\r\nADR;HOME:;;Main St 1;Springfield;;12345;USA\r\nORG:Acme;Sales\r\n")
        #expect(lines(of: text) == [
            "NICKNAME:Jo,Joey", "CATEGORIES:Family,Work", "ADR;TYPE=HOME:;;Main St 1;Springfield;;12345;USA", "ORG:Acme;Sales",
        ])
    }

    @Test func valuesThatAreNotTextStayAsWritten() throws {
        let text = try converted("GEO:37.24,-17.87\r\nURL;VALUE=URL:http://example.com/a,b\r\nBDAY:19800415\r\nTEL;CELL:+1 (555) 0100\r\n")
        #expect(lines(of: text) == [
            "GEO:37.24;-17.87", "URL;VALUE=uri:http://example.com/a,b", "BDAY:19800415", "TEL;TYPE=CELL:+1 (555) 0100",
        ])
    }

    @Test func groupsAndLegacyCharacterSetsAndLongLines() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nitem1.TEL;WORK:555\r\nNOTE;CHARSET=WINDOWS-1252:Caf".utf8) + [0xE9]
            + Array(" \(String(repeating: "au lait ", count: 12))\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        let text = VCardWriter.text(of: VCardVersion3.converting(card))
        #expect(lines(of: text).first == "item1.TEL;TYPE=WORK:555")
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 1).about == "Café " + String(repeating: "au lait ", count: 12))
    }

    /// 2.1's `AGENT` holds a whole card on the lines after it; 3.0 holds it as one escaped text.
    @Test func anAgentsCardBecomesOneEscapedText() throws {
        let text = try converted("FN:Boss\r\nAGENT:\r\nBEGIN:VCARD\r\nFN:Assistant, Jr\r\nEND:VCARD\r\n")
        #expect(lines(of: text) == ["FN:Boss", #"AGENT:BEGIN:VCARD\nFN:Assistant\, Jr\nEND:VCARD"#])
    }

    @Test func cardsOfOtherVersionsAreLeftAsTheyAre() {
        for text in [
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Version 2.1 fan\r\nNOTE;CHARSET=UTF-8:x\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nTEL;VALUE=uri:tel:+1-555-2.1\nEND:VCARD\n",
            "not a card 2.1",
        ] {
            #expect(VCardVersion3.text(of: text) == text)
        }
    }
}
