import Foundation
import Testing
@testable import VCard

/// A 2.1 or 4.0 card as CardDAV serves it: in 3.0, saying what it said.
@Suite("vCard 2.1 and 4.0 written as 3.0")
struct VCardVersion3Tests {
    private func converted(_ lines: String) throws -> String {
        VCardVersion3.text(of: SampleCards.card(version: "2.1", lines: lines))
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
        #expect(SampleCards.innerLines(of: text) == [#"N:Smith\;Jones;Ann\\\, Jr;;;"#, #"NOTE:C:\\new\\\, then D:\\old\;done\, ok"#])
        let original = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:2.1\r\n\(#"N:Smith\;Jones;Ann\, Jr;;;\#r\#nNOTE:C:\new\, then D:\\old\;done, ok\#r\#n"#)END:VCARD\r\n".utf8))
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 1) == original.friend(id: 1))
    }

    @Test func listsKeepTheirCommasAndStructuredValuesTheirFields() throws {
        let text = try converted("NICKNAME:Jo,Joey\r\nCATEGORIES:Family,Work\r\nADR;HOME:;;Main St 1;Springfield;;12345;USA\r\nORG:Acme;Sales\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "NICKNAME:Jo,Joey", "CATEGORIES:Family,Work", "ADR;TYPE=HOME:;;Main St 1;Springfield;;12345;USA", "ORG:Acme;Sales",
        ])
    }

    /// Some 2.1 writers send text beyond ASCII in base64 (`NOTE;ENCODING=BASE64`): it is read as
    /// the text it is, and written in 3.0 as text; a photo's base64 stays base64.
    @Test func textInBase64IsReadAndWrittenAsText() throws {
        let lines = "NOTE;ENCODING=BASE64;CHARSET=UTF-8:Wm/DqydzIG5vdGU7IHdpdGggYSBzZW1pY29sb24NCmFuZCBhIHNlY29uZCBsaW5l\r\nPHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==\r\n"
        let card = try VCardParser.parse(Array(SampleCards.card(version: "2.1", lines: lines).utf8))
        #expect(card.friend(id: 0).about == "Zoë's note; with a semicolon\nand a second line")
        #expect(SampleCards.innerLines(of: try converted(lines)) == [
            "NOTE:Zoë's note\\; with a semicolon\\nand a second line", "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==",
        ])
    }

    @Test func valuesThatAreNotTextStayAsWritten() throws {
        let text = try converted("GEO:37.24,-17.87\r\nURL;VALUE=URL:http://example.com/a,b\r\nBDAY:19800415\r\nTEL;CELL:+1 (555) 0100\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "GEO:37.24;-17.87", "URL;VALUE=uri:http://example.com/a,b", "BDAY:19800415", "TEL;TYPE=CELL:+1 (555) 0100",
        ])
    }

    @Test func groupsAndLegacyCharacterSetsAndLongLines() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nitem1.TEL;WORK:555\r\nNOTE;CHARSET=WINDOWS-1252:Caf".utf8) + [0xE9]
            + Array(" \(String(repeating: "au lait ", count: 12))\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        let text = VCardWriter.text(of: VCardVersion3.converting(card))
        #expect(SampleCards.innerLines(of: text).first == "item1.TEL;TYPE=WORK:555")
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 1).about == "Café " + String(repeating: "au lait ", count: 12))
    }

    /// 2.1's `AGENT` holds a whole card on the lines after it; 3.0 holds it as one escaped text.
    @Test func anAgentsCardBecomesOneEscapedText() throws {
        let text = try converted("FN:Boss\r\nAGENT:\r\nBEGIN:VCARD\r\nFN:Assistant, Jr\r\nEND:VCARD\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:Boss", #"AGENT:BEGIN:VCARD\nFN:Assistant\, Jr\nEND:VCARD"#])
    }

    @Test func threePointZeroCardsAndWhatIsNoCardAreLeftAsTheyAre() {
        for text in [
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Version 2.1 fan\r\nNOTE;CHARSET=UTF-8:x\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\nversion: 3.0\nFN:Ann\nEND:VCARD\n",
            "BEGIN:VCARD\nFN:No version\nEND:VCARD\n",
            "VERSION:4.0 but not a card",
        ] {
            #expect(VCardVersion3.text(of: text) == text)
        }
    }

    private func convertedFromVersion4(_ lines: String) -> String {
        VCardVersion3.text(of: SampleCards.card(version: "4.0", lines: lines))
    }

    /// RFC 6350's own example: its URIs, ranks and year-less birthday as 3.0 writes them; the
    /// lines 3.0 reads as they are keep their bytes.
    @Test func theExampleOfRFC6350() throws {
        let text = VCardVersion3.text(of: String(decoding: try SampleCards.bytes("rfc6350"), as: UTF8.self))
        let written = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        #expect(Array(written.prefix(6)) == [
            "BEGIN:VCARD", "VERSION:3.0", "FN:Simon Perreault", "N:Perreault;Simon;;;ing. jr,M.Sc.",
            "BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-03", "X-ANNIVERSARY:20090808T1430-0500",
        ])
        for line in [
            "item1.X-ABDATE:20090808", "item1.X-ABLabel:_$!<Anniversary>!$_", "GENDER:M", "LANG;TYPE=pref:fr", "LANG:en",
            "TEL;TYPE=work,voice;TYPE=pref:+1-418-656-9254 ext. 102", "TEL;TYPE=work,cell,voice,video,text:+1-418-262-6501",
            "GEO;TYPE=work:46.772673;-71.282945", "KEY;TYPE=work;VALUE=uri:http://www.viagenie.ca/simon.perreault/simon.asc",
            "PHOTO;VALUE=uri:http://www.example.com/pub/photos/jqpublic.gif", "END:VCARD",
        ] {
            #expect(written.contains(line), "\(line)")
        }
    }

    /// Thunderbird's card: the friend, numbers, birthday and photo read from the 3.0 card are the 4.0 one's.
    @Test func thunderbirdsCardSaysWhatItSaid() throws {
        let original = try VCardParser.parse(SampleCards.bytes("thunderbird"))
        let text = VCardVersion3.text(of: VCardWriter.text(of: original)).replacingOccurrences(of: "\r\n", with: "\n")
        let served = try VCardParser.parse(Array(text.utf8))
        #expect(served.version == "3.0")
        #expect(served.friend(id: 1) == original.friend(id: 1))
        #expect(served.friend(id: 1).birthday == "--06-23")
        #expect(try served.photo()?.bytes == original.photo()?.bytes)
        #expect(text.contains("\nEMAIL;TYPE=pref:alan@example.org\n"))
        #expect(text.contains("\nTEL;TYPE=cell:+44-161-555-0100\n"))
        #expect(text.contains("\nTEL;TYPE=home;VALUE=TEXT;TYPE=pref:+44 161 555 0199\n"))
        #expect(text.contains("\nPHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo"))
    }

    /// A group as Apple's Contacts keeps one in 3.0; a company as Apple shows one.
    @Test func kindsAndMembersAreApplesInThreePointZero() throws {
        let group = convertedFromVersion4("KIND:group\r\nFN:Family\r\nMEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af\r\n")
        #expect(SampleCards.innerLines(of: group) == [
            "X-ADDRESSBOOKSERVER-KIND:group", "FN:Family", "N:;;;;", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af",
        ])
        #expect(try VCardParser.parse(Array(group.utf8)).isGroup)
        #expect(SampleCards.innerLines(of: convertedFromVersion4("KIND:org\r\nKIND:individual\r\nN:;;;;\r\n")) == ["X-ABShowAs:COMPANY", "N:;;;;"])
    }

    /// An anniversary takes a group no line of the card has.
    @Test func anAnniversaryIsOutlooksAndApplesToo() {
        let text = convertedFromVersion4("N:;Ann;;;\r\nitem1.EMAIL:a@example.com\r\nitem1.X-ABLabel:Old\r\nANNIVERSARY;VALUE=date-and-or-time:--0612\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "N:;Ann;;;", "item1.EMAIL:a@example.com", "item1.X-ABLabel:Old", "X-ANNIVERSARY;X-APPLE-OMIT-YEAR=1604:1604-06-12",
            "item2.X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-06-12", "item2.X-ABLabel:_$!<Anniversary>!$_",
        ])
        // One in words has no date for Apple's Contacts to show.
        #expect(SampleCards.innerLines(of: convertedFromVersion4("N:;Ann;;;\r\nANNIVERSARY;VALUE=text:our first summer\r\n"))
            == ["N:;Ann;;;", "X-ANNIVERSARY;VALUE=text:our first summer"])
    }

    /// 4.0's default for a photo, logo, sound or key is a link; 3.0's is the bytes themselves.
    @Test func linksAreMarkedAsLinks() {
        let text = convertedFromVersion4(
            "N:;Ann;;;\r\nPHOTO:https://example.com/p.jpg\r\nLOGO;MEDIATYPE=image/png:https://example.com/l.png\r\n"
                + "PHOTO:data:image/svg+xml,%3Csvg%3E\r\nKEY;VALUE=text:ssh-ed25519 AAAA\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "N:;Ann;;;", "PHOTO;VALUE=uri:https://example.com/p.jpg", "LOGO;VALUE=uri;TYPE=PNG:https://example.com/l.png",
            "PHOTO;VALUE=uri:data:image/svg+xml,%3Csvg%3E", "KEY;VALUE=text:ssh-ed25519 AAAA",
        ])
    }

    /// What a `tel:` URI says besides the number and its extension is no part of what people dial;
    /// a day that is no date stays as written.
    @Test func numbersAndDatesAreOnlyWhatTheySay() {
        let text = convertedFromVersion4(
            "N:;Ann;;;\r\nTEL;VALUE=uri:tel:+1-555-0113;ext=7;isub=12\r\nTEL;VALUE=uri:tel:0111;phone-context=example.com\r\nBDAY:--1399\r\n")
        #expect(SampleCards.innerLines(of: text) == ["N:;Ann;;;", "TEL:+1-555-0113 ext. 7", "TEL:0111", "BDAY:--1399"])
    }

    /// 3.0's lines end in CRLF; a card kept with LF is served with CRLF once it is rewritten.
    @Test func aConvertedCardsLinesEndInCRLF() {
        let text = VCardVersion3.text(of: "BEGIN:VCARD\nVERSION:4.0\nFN:Ann\nN:;Ann;;;\nTEL;VALUE=uri:tel:+1-555-0100\nEND:VCARD\n")
        #expect(text == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nN:;Ann;;;\r\nTEL:+1-555-0100\r\nEND:VCARD\r\n")
    }

    /// Samsung's label of the person's own, a 2.1 parameter 3.0 has no room for, as Apple's label.
    @Test func samsungsOwnLabelBecomesApples() throws {
        let bytes = "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=EC=A7=81=EC=9E=A5):02-123-4567\r\nN:Kim;Minjun;;;\r\n"
        let original = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:2.1\r\n\(bytes)END:VCARD\r\n".utf8))
        let text = try converted(bytes)
        #expect(SampleCards.innerLines(of: text) == ["item1.TEL:02-123-4567", "item1.X-ABLabel:직장", "N:Kim;Minjun;;;"])
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 1) == original.friend(id: 1))
        #expect(original.friend(id: 1).phones.first?.label == "직장")
    }

    /// Android's label of the person's own (`TEL;X-Ski-cabin:`), which Apple's readers would not
    /// show as a 3.0 `TYPE`, as Apple's label; the types beside it stay.
    @Test func androidsOwnLabelBecomesApples() throws {
        let bytes = "N:Wang;Wei;;;\r\nTEL;X-Ski-cabin;PREF:+86 10 0000 0002\r\nEMAIL;HOME:wei@example.com\r\nADR;X-Boat:;;Pier 4;Xiamen;;;\r\n"
        let original = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:2.1\r\n\(bytes)END:VCARD\r\n".utf8))
        let text = try converted(bytes)
        #expect(SampleCards.innerLines(of: text) == [
            "N:Wang;Wei;;;", "item1.TEL;TYPE=PREF:+86 10 0000 0002", "item1.X-ABLabel:Ski-cabin", "EMAIL;TYPE=HOME:wei@example.com",
            "item2.ADR:;;Pier 4;Xiamen;;;", "item2.X-ABLabel:Boat",
        ])
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 1) == original.friend(id: 1))
    }

    /// Some phones export quoted-printable and bare types under `VERSION:3.0`.
    @Test func aCardThatSaysThreePointZeroButIsWrittenAsTwoPointOneIsConverted() {
        let text = VCardVersion3.text(of: "BEGIN:VCARD\r\nVERSION:3.0\r\nN;ENCODING=quoted-printable:Hal=C3=B6;;;;\r\nTEL;CELL:555\r\nEND:VCARD\r\n")
        #expect(SampleCards.innerLines(of: text) == ["N:Halö;;;;", "TEL;TYPE=CELL:555"])
    }
}
