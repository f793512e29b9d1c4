import Foundation
import FriendsAPI
import Testing
@testable import VCard

@Suite("Files as old editors, phones and hostile senders write them")
struct VCardLegacyInputTests {
    private func cards(_ text: String, prefix: [UInt8] = [], chunk: Int = 5) throws -> [VCard] {
        var reader = VCardStreamReader()
        let bytes = prefix + Array(text.utf8)
        var items: [VCardStreamReader.Item] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            items += reader.append(bytes[start..<min(start + chunk, bytes.count)])
        }
        return try (items + reader.finish()).map { item in
            guard case .card(_, let bytes) = item else { throw TestFailure("\(item)") }
            return try VCardParser.parse(bytes)
        }
    }

    @Test func aFileThatStartsWithAByteOrderMarkKeepsItsFirstCard() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hopper;Grace;;;\r\nFN:Grace Hopper\r\nEND:VCARD\r\n"
        let names = try cards(text, prefix: [0xEF, 0xBB, 0xBF]).map { $0.friend(id: 0).firstname }
        #expect(names == ["Ada", "Grace"])
    }

    @Test func aFoldedValueThatReadsENDVCARDDoesNotEndTheCard() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nNOTE:the words\r\n END:VCARD\r\n are in my note\r\nEND:VCARD\r\n"
        let read = try cards(text)
        #expect(read.count == 1)
        #expect(read.first?.friend(id: 0).about == "the wordsEND:VCARDare in my note")
    }

    @Test func aSoftLineBreakBeforeASpaceKeepsTheSpace() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nNOTE;ENCODING=QUOTED-PRINTABLE:Meet at the=\r\n station\r\nEND:VCARD\r\n"
        #expect(try cards(text).first?.friend(id: 0).about == "Meet at the station")
        let foldedInsideAnEscape = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nNOTE;ENCODING=QUOTED-PRINTABLE:Caf=\r\n C3=A9\r\nEND:VCARD\r\n"
        #expect(try cards(foldedInsideAnEscape).first?.friend(id: 0).about == "Café")
    }

    /// Android writes a soft line break after every 23rd byte of a quoted-printable value, its last
    /// one too, so a value of 23, 46… bytes is followed by a blank line: the line the break goes on in.
    @Test func aSoftLineBreakBeforeABlankLineEndsTheValue() throws {
        let note = "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=47=65=62=75=72=74=73=74=61=67=20=69=6D=20=4D=61=69=20=E2=99=A5=20=6F=\r\n\r\n"
        let head = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Android;Anna;;;\r\n"
        let friend = try #require(try cards(head + note + "TEL;CELL:+49 170 5550123\r\nEND:VCARD\r\n").first).friend(id: 0)
        #expect(friend.about == "Geburtstag im Mai ♥ o")
        #expect(friend.phonenumber == "+49 170 5550123")
        let last = try #require(try cards(head + note + "END:VCARD\r\n").first)
        #expect(last.friend(id: 0).about == "Geburtstag im Mai ♥ o")
        #expect(try VCardParser.parse(VCardWriter.bytes(of: last)).friend(id: 0).about == "Geburtstag im Mai ♥ o")
    }

    /// A file converted to UTF-8 (by an upload that named its charset, or an editor) whose lines
    /// still name the set they were in: the text is read as the UTF-8 it is, and written without
    /// the name, which would tell a 2.1 reader to show "MÃ¼ller".
    @Test func aLineInUTF8ThatNamesAnotherCharacterSetLosesTheName() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;LANGUAGE=de;CHARSET=Windows-1252:Müller;Jürgen\r\n"
            + "FN;CHARSET=Windows-1252:Jürgen Müller\r\nORG;CHARSET=UTF-8:Bäckerei\r\nNOTE;CHARSET=Windows-1252:plain\r\nEND:VCARD\r\n"
        let card = try #require(try cards(text).first)
        #expect(card.friend(id: 0).lastname == "Müller")
        let written = String(decoding: VCardWriter.bytes(of: card), as: UTF8.self)
        #expect(written.contains("N;LANGUAGE=de;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen\r\n"))
        #expect(written.contains("FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller\r\n"))
        #expect(!written.contains("1252:M") && !written.contains("1252:J"))
        // ASCII text is the same in either set: the line stays as written.
        #expect(written.contains("NOTE;CHARSET=Windows-1252:plain\r\n"))
        let again = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect([again.friend(id: 0).lastname, again.first("FN")?.text] == ["Müller", "Jürgen Müller"])
    }

    /// ISO-2022-JP, as Japanese phones mail cards: 7-bit text whose ESC sequences switch to JIS,
    /// where `;R` is half of 花. Read whole in it, ESC was a control character made a space.
    @Test func aVersion21ValueInISO2022JPIsReadWholeInIt() throws {
        let name = "\u{1B}$B:4F#\u{1B}(B;\u{1B}$B2V;R\u{1B}(B"
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-2022-JP:\(name)\r\n"
            + "FN;CHARSET=ISO-2022-JP:\u{1B}$B:4F#\u{1B}(B \u{1B}$B2V;R\u{1B}(B\r\nEND:VCARD\r\n"
        let card = try #require(try cards(text).first)
        let friend = card.friend(id: 0)
        #expect(friend.lastname == "佐藤")
        #expect(friend.firstname == "花子")
        #expect(card.first("FN")?.text == "佐藤 花子")
        let again = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect([again.friend(id: 0).lastname, again.friend(id: 0).firstname, again.first("FN")?.text] == ["佐藤", "花子", "佐藤 花子"])
    }

    /// A character set the system knows of but has no converter for (EUC-JP in Foundation on
    /// Linux) is said, rather than the text read as Windows-1252 and kept garbled.
    @Test func textInACharacterSetTheSystemCannotReadIsRefusedSayingWhich() throws {
        let raw = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=EUC-JP:".utf8) + [0xBA, 0xB4, 0xC6, 0xA3] + Array(";Hanako\r\nEND:VCARD\r\n".utf8)
        let quotedPrintable = "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=EUC-JP;ENCODING=QUOTED-PRINTABLE:=BA=B4=C6=A3;Hanako\r\nEND:VCARD\r\n"
        for bytes in [raw, Array(quotedPrintable.utf8)] {
            if CharacterSets.text(of: [UInt8(ascii: "a")], in: .japaneseEUC) == nil {
                #expect(throws: VCardError.unreadableCharacterSet("EUC-JP", line: 3)) { try VCardParser.parse(bytes) }
            } else {
                #expect(try VCardParser.parse(bytes).friend(id: 0).lastname == "佐藤")
            }
        }
        // A card kept before this was refused is still read, as it was.
        #expect(try VCardParser.parse(Array(quotedPrintable.utf8), checksLimits: false).friend(id: 0).firstname == "Hanako")
        #expect(VCardError.unreadableCharacterSet("EUC-JP", line: 3).description == "Line 3 of the card is in EUC-JP, a character set this server cannot read: save the file as UTF-8.")
    }

    /// As Outlook and Android break lines: a soft line break before a space and digits is not an
    /// escape split by a fold (`=` then ` 10` would read as the control byte 10).
    @Test func aSoftLineBreakBeforeASpaceAndDigitsKeepsTheDigits() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\n"
            + "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Termin am Montag um=\r\n 10 Uhr im B=C3=BCro, Raum=\r\n A1\r\n"
            + "ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Stra=C3=9Fe des 17. Juni=\r\n 135;Berlin;;10623;=\r\nDeutschland\r\n"
            + "END:VCARD\r\n"
        let friend = try #require(try cards(text).first).friend(id: 0)
        #expect(friend.about == "Termin am Montag um 10 Uhr im Büro, Raum A1")
        #expect(friend.addresses.first?.street == "Straße des 17. Juni 135")
        // An escape a 3.0-style folder split stays one: a character's first byte, or one going on with it.
        let split = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nNOTE;ENCODING=QUOTED-PRINTABLE:Caf=C3=\r\n A9 =\r\n 3D=\r\n C3=A9\r\nEND:VCARD\r\n"
        #expect(try cards(split).first?.friend(id: 0).about == "Café =é")
    }

    @Test func aCarriageReturnInsideAValueIsASpaceAndTheCardKeepsItsLineEnds() throws {
        let card = try VCardParser.parse(Array("BEGIN:VCARD\nVERSION:3.0\nFN:Cr Test\nNOTE:line1\rline2\nEND:VCARD\n".utf8))
        #expect(card.first("NOTE")?.text == "line1 line2")
        #expect(!VCardWriter.text(of: card).contains("\r"), "written with the line feeds it came with")
    }

    @Test func controlCharactersInALineBecomeSpacesAndTheLineIsWrittenAfresh() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ctl\u{0B}Char\r\nUID:ctl\u{01}1\r\nNOTE:tab\tstays\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        #expect(card.first("FN")?.text == "Ctl Char")
        #expect(card.uid == "ctl 1")
        #expect(card.first("NOTE")?.text == "tab\tstays")
        let written = VCardWriter.text(of: card)
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 && !["\t", "\r", "\n"].contains($0) })
    }

    /// XML cannot carry U+FFFE or U+FFFF either: CardDAV's `address-data` would drop them while
    /// `GET` kept them, two cards under one entity tag.
    @Test func theNoncharactersXMLRefusesBecomeSpacesToo() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\u{FFFE}Lovelace\r\nNOTE:a\u{FFFF}b \u{FFFD} \u{FFEF}\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        #expect(card.first("FN")?.text == "Ada Lovelace")
        #expect(card.first("NOTE")?.text == "a b \u{FFFD} \u{FFEF}", "the characters beside them stay")
        #expect(VCardWriter.text(of: card) == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nNOTE:a b \u{FFFD} \u{FFEF}\r\nEND:VCARD\r\n")
    }

    @Test func quotedPrintableLineBreaksReadAsTheLineBreaksOfOtherText() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nNOTE;ENCODING=QUOTED-PRINTABLE:one=0D=0Atwo=0Dthree=0Afour\r\n"
            + "ADR;HOME;ENCODING=QUOTED-PRINTABLE:;;Hauptstr. 1=0D=0AHinterhaus;Berlin;;;\r\nEND:VCARD\r\n"
        let friend = try #require(try cards(text).first).friend(id: 0)
        #expect(friend.about == "one\ntwo\nthree\nfour")
        #expect(friend.addresses.first?.street == "Hauptstr. 1\nHinterhaus")
    }

    /// As Outlook writes a 2.1 card on a Western-European Windows: `ü` as the byte FC, in the raw
    /// and quoted-printable, without a `CHARSET`.
    @Test func aVersion21CardInWindows1252WithoutACharacterSetIsReadAsWindowsWroteIt() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:M".utf8) + [0xFC] + Array("ller;J".utf8) + [0xFC]
            + Array("rgen\r\nNOTE;ENCODING=QUOTED-PRINTABLE:Gr=FC=DFe =80 5\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        let friend = card.friend(id: 0)
        #expect(friend.lastname == "Müller")
        #expect(friend.firstname == "Jürgen")
        #expect(friend.about == "Grüße € 5")
        let written = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect(written.friend(id: 0) == friend)
        #expect(String(validating: VCardWriter.bytes(of: card), as: UTF8.self) != nil)
    }

    @Test func theFirstVERSIONDecidesEvenWhenItComesAfterTheText() throws {
        let late = Array("BEGIN:VCARD\r\nN:M".utf8) + [0xFC] + Array("ller;J\r\nVERSION:2.1\r\nEND:VCARD\r\n".utf8)
        #expect(try VCardParser.parse(late).friend(id: 0).lastname == "Müller")
        let twice = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nVERSION:2.1\r\nFN:M".utf8) + [0xFC] + Array("ller\r\nEND:VCARD\r\n".utf8)
        #expect(throws: VCardError.invalidUTF8(line: 4)) { try VCardParser.parse(twice) }
    }

    @Test func everyWindows1252ByteIsACharacterAndAnUnknownCharacterSetIsReadAsWindows1252() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:".utf8) + [0x80, 0x20, 0x81, 0x9F] + Array(";A\r\n".utf8)
            + Array("NOTE;CHARSET=X-KLINGON;ENCODING=QUOTED-PRINTABLE:Gr=FC=DFe =80 =8D\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        #expect(card.friend(id: 0).lastname == "€ \u{81}Ÿ")
        #expect(card.friend(id: 0).about == "Grüße € \u{8D}")
        let written = VCardWriter.text(of: card)
        #expect(written.components(separatedBy: "CHARSET=").count == 3, "one CHARSET on each of the two lines:\n\(written)")
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0) == card.friend(id: 0))
    }

    /// Outlook and older phones write 2.1 in their system's code page, raw or quoted-printable.
    @Test(arguments: [
        ("GB2312", [0xD5, 0xC5, 0xCE, 0xB0], "张伟"), ("Big5", [0xA7, 0x69], "告"), ("EUC-KR", [0xB1, 0xE8], "김"),
        ("ks_c_5601-1987", [0xB1, 0xE8], "김"), ("KOI8-R", [0xF0, 0xD2, 0xC9], "При"), ("windows-1253", [0xC1, 0xE8], "Αθ"),
        ("ISO-8859-15", [0xA4], "€"),
    ] as [(String, [UInt8], String)])
    func textInTheCharacterSetACardNamesIsReadInIt(charset: String, bytes: [UInt8], text: String) throws {
        let raw = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=\(charset):".utf8) + bytes + Array(";A\r\n".utf8)
        let quoted = bytes.map { "=" + String($0, radix: 16, uppercase: true) }.joined()
        let card = try VCardParser.parse(raw + Array("NOTE;CHARSET=\(charset);ENCODING=QUOTED-PRINTABLE:\(quoted)\r\nEND:VCARD\r\n".utf8))
        #expect(card.friend(id: 0).lastname == text)
        #expect(card.friend(id: 0).about == text)
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0) == card.friend(id: 0), "written so that it reads the same")
    }

    @Test func bytesThatAreNotTextInTheNamedCharacterSetAreReadAsWindows1252RawOrQuotedPrintable() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=GB2312:M".utf8) + [0xFC] + Array("ller;J\r\n".utf8)
            + Array("NOTE;CHARSET=GB2312;ENCODING=QUOTED-PRINTABLE:M=FCller =80\r\nEND:VCARD\r\n".utf8)
        let friend = try VCardParser.parse(bytes).friend(id: 0)
        #expect(friend.lastname == "Müller")
        #expect(friend.about == "Müller €")
    }

    @Test func outsideVersion21TextThatIsNotUTF8IsStillRefused() {
        for version in ["3.0", "4.0"] {
            let bytes = Array("BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:M".utf8) + [0xFC] + Array("ller\r\nEND:VCARD\r\n".utf8)
            #expect(throws: VCardError.invalidUTF8(line: 3)) { try VCardParser.parse(bytes) }
        }
    }

    /// 2.1 ends base64 with a blank line; some writers do not fold the lines before it.
    @Test func base64LinesOfVersion21ThatAreNotFoldedGoOnUntilTheBlankLine() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9] + Array(repeating: 0x41, count: 60)
        let base64 = Array(Data(jpeg).base64EncodedString())
        let lines = stride(from: 0, to: base64.count, by: 40).map { String(base64[$0..<min($0 + 40, base64.count)]) }
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Unfolded;Photo\r\nPHOTO;ENCODING=BASE64;TYPE=JPEG:\r\n"
            + lines.joined(separator: "\r\n") + "\r\n\r\nTEL;CELL:+49 30 1234\r\nEND:VCARD\r\n"
        #expect(lines.count > 2)
        let card = try #require(try cards(text).first)
        let friend = card.friend(id: 0)
        #expect(friend.photo)
        #expect(try card.photo()?.bytes == jpeg)
        #expect(friend.phones == [LabeledValue(label: "mobile", value: "+49 30 1234")])
        let written = VCardWriter.bytes(of: card)
        #expect(try VCardParser.parse(written).photo()?.bytes == jpeg, "written afresh, folded")
    }

    /// 3.0 has no blank line to end base64, but writers that do not fold it still start each line
    /// at the left: its lines go on until the next property or a blank line.
    @Test(arguments: [
        ("PHOTO;ENCODING=b;TYPE=JPEG:", "\r\nTEL;TYPE=CELL:+49 30 1234\r\n"),
        ("PHOTO;TYPE=JPEG;ENCODING=BASE64:", "\r\n\r\nTEL;TYPE=CELL:+49 30 1234\r\n"),
        ("photo;encoding=B;type=jpeg:", "\r\n\r\n\r\nTEL;TYPE=CELL:+49 30 1234\r\n"),
    ])
    func base64LinesOfVersion30ThatAreNotFoldedGoOnUntilTheNextProperty(head: String, end: String) throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9] + Array(repeating: 0x41, count: 60)
        let base64 = Array(Data(jpeg).base64EncodedString())
        let lines = stride(from: 0, to: base64.count, by: 40).map { String(base64[$0..<min($0 + 40, base64.count)]) }
        #expect(lines.count > 2)
        for text in [
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Unfolded;Photo;;;\r\n" + head + "\r\n" + lines.joined(separator: "\r\n") + end + "END:VCARD\r\n",
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Unfolded;Photo;;;\r\n" + head + lines.joined(separator: "\r\n") + end + "END:VCARD\r\n",
        ] {
            let card = try #require(try cards(text).first)
            let friend = card.friend(id: 0)
            #expect(friend.photo)
            #expect(try card.photo()?.bytes == jpeg)
            #expect(friend.phones == [LabeledValue(label: "mobile", value: "+49 30 1234")])
            let written = VCardWriter.text(of: card)
            #expect(!written.contains("\r\n" + lines[1]), "written afresh, folded")
            #expect(try VCardParser.parse(Array(written.utf8)).photo()?.bytes == jpeg)
        }
    }

    /// A line with a colon is a property even after base64: only base64's own letters go on with it.
    @Test func aPropertyAfterUnfoldedBase64OfVersion30IsAProperty() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Unfolded;Photo;;;\r\nPHOTO;ENCODING=b;TYPE=JPEG:\r\n/9j/4AAQ\r\nSkZJRg==\r\n"
            + "NOTE:ABC\r\nEND:VCARD\r\n"
        let card = try #require(try cards(text).first)
        #expect(card.first("PHOTO")?.value == "/9j/4AAQSkZJRg==")
        #expect(card.friend(id: 0).about == "ABC")
    }

    @Test func bareEncodingsOfVersion21AreEncodingsNotTypes() throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9]
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nTEL;CELL;QUOTED-PRINTABLE:+49=2030\r\n"
            + "NOTE;CHARSET=UTF-8;QUOTED-PRINTABLE:Caf=C3=A9\r\nPHOTO;JPEG;BASE64:\(Data(jpeg).base64EncodedString())\r\n\r\nEND:VCARD\r\n"
        let friend = try #require(try cards(text).first).friend(id: 0)
        #expect(friend.about == "Café")
        #expect(friend.phones == [LabeledValue(label: "mobile", value: "+49 30")])
        #expect(friend.photo)
    }

    @Test func aHugeGroupNumberDoesNotOverflowWhenLabelsAreWritten() throws {
        var card = try #require(try cards(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nitem9223372036854775807.X-FOO:x\r\nitem1.TEL:1\r\nITEM1.X-ABLabel:Boat\r\nEND:VCARD\r\n"
        ).first)
        #expect(card.friend(id: 0).phones == [LabeledValue(label: "Boat", value: "1")])
        let phones = [LabeledValue(label: "Boat", value: "1"), LabeledValue(label: "Cabin", value: "2")]
        card.apply(FriendUpdate(phones: phones), now: Date(timeIntervalSince1970: 1_795_000_000))
        #expect(card.friend(id: 0).phones == phones)
        #expect(VCardWriter.text(of: card).contains("item9223372036854775807.X-FOO:x"))
    }

    @Test func aVersion21ExportWritesCommasAsTheyAre() throws {
        var card = try #require(try cards("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nEND:VCARD\r\n").first)
        card.apply(FriendUpdate(lastname: "Muller, Jr.", about: "Tea, not coffee; at 5"), now: Date(timeIntervalSince1970: 1_795_000_000))
        let text = VCardWriter.text(of: card)
        #expect(!text.contains("\\,"))
        #expect(text.contains("NOTE:Tea, not coffee\\; at 5"))
        let reread = try VCardParser.parse(Array(text.utf8)).friend(id: 0)
        #expect(reread.lastname == "Muller, Jr.")
        #expect(reread.about == "Tea, not coffee; at 5")
    }

    @Test func aVersion21ExportKeepsAnEscapedBackslashBeforeN() throws {
        var card = try #require(try cards("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Muller;Jurgen\r\nEND:VCARD\r\n").first)
        card.apply(FriendUpdate(about: "C:\\new\nsecond é"), now: Date(timeIntervalSince1970: 1_795_000_000))
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect(reread.friend(id: 0).about == "C:\\new\nsecond é")
    }
}

@Suite("What a REST write puts in a card, as the card's version reads it")
struct VCardWrittenValuesTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func card(version: String) throws -> VCard {
        try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n".utf8))
    }

    private func lines(_ card: VCard) -> [String] {
        VCardWriter.text(of: card).components(separatedBy: "\r\n")
    }

    @Test func aVersion4BirthdayIsInTheBasicFormatAndReadsBack() throws {
        var card = try card(version: "4.0")
        card.apply(FriendUpdate(birthday: "1815-12-10"), now: now)
        #expect(lines(card).contains("BDAY:18151210"))
        #expect(card.friend(id: 0).birthday == "1815-12-10")
        card.apply(FriendUpdate(birthday: "--12-10"), now: now)
        #expect(lines(card).contains("BDAY:--1210"))
        #expect(card.friend(id: 0).birthday == "--12-10")
    }

    @Test func aVersion3BirthdayKeepsTheExtendedFormat() throws {
        var card = try card(version: "3.0")
        card.apply(FriendUpdate(birthday: "1815-12-10"), now: now)
        #expect(lines(card).contains("BDAY:1815-12-10"))
    }

    @Test func aVersion3BirthdayWithoutAYearCarriesAppleOmitYearAndReadsBack() throws {
        var card = try card(version: "3.0")
        card.apply(FriendUpdate(birthday: "--12-10"), now: now)
        #expect(lines(card).contains("BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10"))
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0).birthday == "--12-10")
        card.apply(FriendUpdate(birthday: "1815-12-10"), now: now)
        #expect(lines(card).filter { $0.hasPrefix("BDAY") } == ["BDAY:1815-12-10"])
    }

    @Test func theYear1604IsABirthdayWithoutAYearWithOrWithoutItsParameter() throws {
        for line in ["BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10", "BDAY:1604-12-10", "BDAY:16041210", "BDAY:0000-12-10"] {
            let card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n\(line)\r\nEND:VCARD\r\n".utf8))
            #expect(card.friend(id: 0).birthday == "--12-10", "\(line)")
        }
        let dated = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nBDAY:1605-12-10\r\nEND:VCARD\r\n".utf8))
        #expect(dated.friend(id: 0).birthday == "1605-12-10")
    }

    @Test func aVersion21BirthdayWithoutAYearStaysTruncated() throws {
        var card = try card(version: "2.1")
        card.apply(FriendUpdate(birthday: "--12-10"), now: now)
        #expect(lines(card).contains("BDAY:--12-10"))
    }

    @Test func phonesAndEmailsWithCommasAndSemicolonsAreEscapedAndReadBack() throws {
        var card = try card(version: "3.0")
        let phones = [LabeledValue(label: "work", value: "+1 555 0100, ext. 2; ask for Ada")]
        card.apply(FriendUpdate(phones: phones), now: now)
        #expect(lines(card).contains(#"TEL;TYPE=WORK,pref:+1 555 0100\, ext. 2\; ask for Ada"#))
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0).phones == phones)
        let changed = [LabeledValue(label: "work", value: #"C:\new"#)]
        card.apply(FriendUpdate(phones: changed), now: now)
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0).phones == changed)
    }

    /// A combining mark (or a prepended mark) next to a `;` or after `\n` makes one `Character` with
    /// it in Swift, but the separator and the escape are ASCII of their own, as other readers see.
    @Test func marksNextToSeparatorsAndEscapesStayTheirOwnCharacters() throws {
        let parsed = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ada\u{600};\u{301}Lovelace;;;\r\nNOTE:a\\n\u{301}b\r\nEND:VCARD\r\n".utf8))
        let friend = parsed.friend(id: 0)
        #expect(friend.lastname == "Ada\u{600}")
        #expect(friend.firstname == "\u{301}Lovelace")
        #expect(friend.about == "a\n\u{301}b")

        var card = try card(version: "3.0")
        card.apply(FriendUpdate(firstname: "\u{301}Ada", lastname: "Lovelace\u{600}", about: "line\n\u{301}two"), now: now)
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0)
        #expect([reread.firstname, reread.lastname, reread.about] == ["\u{301}Ada", "Lovelace\u{600}", "line\n\u{301}two"])
    }
}

@Suite("Editing addresses keeps what the card said about them")
struct VCardAddressEditingTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)
    private let card = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\n\
        item3.ADR:PO Box 7;Flat 2;12 St James's Square;London;;SW1Y 4JH;UK\r\n\
        item3.X-ABLabel:Ski cabin\r\nitem3.X-ABADR:gb\r\nEND:VCARD\r\n
        """

    @Test func aNewCityIsWrittenInPlaceKeepingTheLabelGroupAndPostOfficeBox() throws {
        var card = try VCardParser.parse(Array(card.utf8))
        var addresses = card.friend(id: 0).addresses
        #expect(addresses.map(\.label) == ["Ski cabin"])
        addresses[0].city = "Bath"
        card.apply(FriendUpdate(addresses: addresses), now: now)
        let text = VCardWriter.text(of: card)
        #expect(text.contains("item3.ADR:PO Box 7;Flat 2;12 St James's Square;Bath;;SW1Y 4JH;UK\r\n"))
        #expect(text.contains("item3.X-ABLabel:Ski cabin\r\nitem3.X-ABADR:gb\r\n"))
        #expect(card.friend(id: 0).addresses == addresses)
    }

    /// vCard 2.1 and 3.0 keep an address formatted for printing in a LABEL line beside its ADR,
    /// which Outlook and Evolution show: a changed address takes its old label away, the others' stay.
    @Test func aChangedAddressTakesItsFormattedLabelAlong() throws {
        let outlook = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:M=C3=BCller;J=C3=BCrgen\r\n"
            + "ADR;WORK;PREF:;;Hauptstrasse 1;Berlin;;10115;Germany\r\nLABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE:Hauptstrasse 1=0D=0ABerlin\r\n"
            + "ADR;HOME:;;Gartenweg 5;Potsdam;;14467;Germany\r\nLABEL;HOME:Gartenweg 5, Potsdam\r\nEND:VCARD\r\n"
        let edited = try editingFirstAddress(of: outlook) { $0.street = "Hauptstrasse 2" }
        var card = edited.card
        var text = VCardWriter.text(of: card)
        #expect(text.contains("ADR;WORK;PREF:;;Hauptstrasse 2;Berlin;;10115;Germany\r\n"))
        #expect(!text.contains("Hauptstrasse 1"))
        #expect(text.contains("LABEL;HOME:Gartenweg 5, Potsdam\r\n"))
        // A list written afresh (an address removed) keeps no label of the old list.
        card.apply(FriendUpdate(addresses: [edited.sent[0]]), now: now)
        text = VCardWriter.text(of: card)
        #expect(!text.contains("LABEL"))
        #expect(!text.contains("Gartenweg"))
    }

    /// Two home addresses, each with its label after it: the changed one's goes, the other's stays.
    @Test func aChangedAddressLeavesTheLabelOfAnotherOfTheSameType() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n"
            + "ADR;TYPE=HOME:;;1 First St;Bath;;;\r\nLABEL;TYPE=HOME:1 First St\\nBath\r\n"
            + "ADR;TYPE=HOME:;;2 Second St;Leeds;;;\r\nLABEL;TYPE=HOME:2 Second St\\nLeeds\r\nEND:VCARD\r\n"
        let written = VCardWriter.text(of: try editingFirstAddress(of: text) { $0.street = "3 Third St" }.card)
        #expect(!written.contains("1 First St"))
        #expect(written.contains("LABEL;TYPE=HOME:2 Second St\\nLeeds\r\n"))
    }

    /// The card of `text` after a REST write that changes its first address, and the addresses sent.
    private func editingFirstAddress(of text: String, _ change: (inout PostalAddress) -> Void) throws -> (card: VCard, sent: [PostalAddress]) {
        var card = try VCardParser.parse(Array(text.utf8))
        var addresses = card.friend(id: 0).addresses
        change(&addresses[0])
        card.apply(FriendUpdate(addresses: addresses), now: now)
        return (card, addresses)
    }

    /// Apple's Contacts keeps a work address left blank as `ADR` with every field empty: no
    /// address to show, and one an edit of the others leaves as it is.
    @Test func anAddressWithEveryFieldEmptyIsNone() throws {
        let apple = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\nitem1.ADR;type=HOME;type=pref:;;1 First St;Bath;;;UK\r\n"
            + "item2.ADR;type=WORK:;;;;;;\r\nADR: ; ;;;;\r\nEND:VCARD\r\n"
        #expect(try VCardParser.parse(Array(apple.utf8)).friend(id: 0).addresses.map(\.street) == ["1 First St"])
        let written = VCardWriter.text(of: try editingFirstAddress(of: apple) { $0.city = "Leeds" }.card)
        #expect(written.contains("item1.ADR;type=HOME;type=pref:;;1 First St;Leeds;;;UK\r\nitem2.ADR;type=WORK:;;;;;;\r\n"))
    }

    @Test func aNewAddressKeepsEveryCustomLabel() throws {
        var card = try VCardParser.parse(Array(card.utf8))
        var addresses = card.friend(id: 0).addresses
        addresses.append(PostalAddress(label: "Boat", street: "Pier 4", city: "Leith", region: "", postcode: "", country: ""))
        card.apply(FriendUpdate(addresses: addresses), now: now)
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect(reread.friend(id: 0).addresses.map(\.label) == ["Ski cabin", "Boat"])
        #expect(!VCardWriter.text(of: card).contains("X-ABADR"))
    }
}
