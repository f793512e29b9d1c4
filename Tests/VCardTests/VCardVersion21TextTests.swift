import Foundation
import FriendsAPI
import Testing
@testable import VCard

/// vCard 2.1 escapes only `\;` (and `\\`, as writers do): `\n` and `\,` are text, line breaks
/// come from quoted-printable, and parameters are bare words (`TEL;CELL;PREF:`), never lists.
@Suite("vCard 2.1 text and parameters, read and written as 2.1 has them")
struct VCardVersion21TextTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func card(_ version: String, _ lines: String) throws -> VCard {
        try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:\(version)\r\n\(lines)END:VCARD\r\n".utf8))
    }

    private func lines(_ card: VCard) -> [String] {
        VCardWriter.text(of: card).components(separatedBy: "\r\n")
    }

    /// 2.1 unfolds as RFC 822 does, keeping the space after the line break: a long line written
    /// afresh stays whole, and only base64 (which skips spaces) is folded.
    @Test func aLongVersion21LineWrittenAfreshIsNotFoldedInsideAWord() throws {
        var card = try card("2.1", "N:Lovelace;Ada\r\nTEL;CELL:555-0100\r\n")
        let number = String(repeating: "555-010-", count: 12) + "9999"
        card.apply(FriendUpdate(phonenumber: number), now: now)
        #expect(lines(card).contains("TEL;CELL:" + number))
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 120) + [0xFF, 0xD9]
        card.properties.append(VCardProperty(name: "PHOTO", parameters: [
            VCardParameter(name: "ENCODING", values: ["BASE64"]), VCardParameter(name: "TYPE", values: ["JPEG"]),
        ], value: Data(jpeg).base64EncodedString()))
        let written = lines(card)
        #expect(written.allSatisfy { $0.utf8.count <= 75 || $0.hasPrefix("TEL;") })
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).photo()?.bytes == jpeg)
    }

    @Test func aBackslashBeforeNOrACommaIsTextInVersion21() throws {
        let card = try card("2.1", #"N:Smith\;Jones;Ann\, Jr;;;\#r\#nNOTE:Saved in C:\new\, then D:\\old\;done\#r\#n"#)
        let friend = card.friend(id: 0)
        #expect(friend.about == #"Saved in C:\new\, then D:\old;done"#)
        #expect(friend.lastname == "Smith;Jones")
        #expect(friend.firstname == #"Ann\, Jr"#)
        let modern = try self.card("3.0", #"N:Smith\;Jones;Ann\, Jr;;;\#r\#nNOTE:C:\new\, x\#r\#n"#)
        #expect(modern.friend(id: 0).about == "C:\new, x")
        #expect(modern.friend(id: 0).firstname == "Ann, Jr")
    }

    @Test func quotedPrintableLineBreaksAreTheOnlyLineBreaksOfVersion21() throws {
        let card = try card("2.1", "NOTE;ENCODING=QUOTED-PRINTABLE:C:\\new=0D=0Aline two\r\nFN:Ann\r\n")
        #expect(card.friend(id: 0).about == "C:\\new\nline two")
    }

    /// A 2.1 value written afresh (its text was Windows-1252) keeps its backslash: it is no `\n`.
    @Test func aVersion21ValueWrittenAfreshKeepsItsBackslashes() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Ann\r\nNOTE:Caf".utf8) + [0xE9]
            + Array(#" C:\new\, D:\\x"#.utf8) + Array("\r\nEND:VCARD\r\n".utf8)
        let card = try VCardParser.parse(bytes)
        #expect(card.friend(id: 0).about == #"Café C:\new\, D:\x"#)
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect(reread.friend(id: 0).about == #"Café C:\new\, D:\x"#)
    }

    @Test func aVersion21EditEscapesOnlyBackslashesAndSemicolons() throws {
        var card = try card("2.1", "N:Muller;Jurgen;;;\r\n")
        card.apply(FriendUpdate(lastname: #"Muller\Meier, Jr."#, about: #"C:\new, a;b"#), now: now)
        #expect(lines(card).contains(#"NOTE:C:\\new, a\;b"#))
        #expect(lines(card).contains(#"N:Muller\\Meier, Jr.;Jurgen;;;"#))
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0)
        #expect(reread.about == #"C:\new, a;b"#)
        #expect(reread.lastname == #"Muller\Meier, Jr."#)
    }

    @Test func aVersion21CardEditedTwiceInMemoryReadsTheSame() throws {
        var card = try card("2.1", "N:Muller;Jurgen;;;\r\nNOTE:C:\\new\r\n")
        card.apply(FriendUpdate(lastname: "Meier"), now: now)
        #expect(card.friend(id: 0).about == "C:\\new")
        card.apply(FriendUpdate(about: "D:\\next, then\nmore"), now: now)
        #expect(card.friend(id: 0).about == "D:\\next, then\nmore")
        #expect(try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0).about == "D:\\next, then\nmore")
    }

    @Test func newPhonesEmailsAndAddressesOfAVersion21CardHaveBareTypes() throws {
        var card = try card("2.1", "N:Muller;Jurgen;;;\r\nTEL;CELL;PREF:+49 30 901820\r\nTEL;HOME:030 1234567\r\n")
        let phones = [LabeledValue(label: "mobile", value: "+49 30 1"), LabeledValue(label: "home", value: "030 2"),
                      LabeledValue(label: "Boat", value: "030 3")]
        let emails = [LabeledValue(label: "work", value: "j@example.de")]
        let addresses = [PostalAddress(label: "home", street: "Hauptstr. 1", city: "Berlin", region: "", postcode: "10115", country: "")]
        card.apply(FriendUpdate(phones: phones, emails: emails, addresses: addresses), now: now)
        let written = lines(card)
        #expect(written.contains("TEL;CELL;PREF:+49 30 1"))
        #expect(written.contains("TEL;HOME:030 2"))
        #expect(written.contains("EMAIL;INTERNET;WORK;PREF:j@example.de"))
        #expect(written.contains("ADR;HOME:;;Hauptstr. 1;Berlin;;10115;"))
        #expect(!written.contains { $0.contains("TYPE=") }, "\(written)")
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card)).friend(id: 0)
        #expect(reread.phones == phones)
        #expect(reread.emails == emails)
        #expect(reread.addresses == addresses)
    }

    @Test func aChangedPhoneOfAVersion21CardKeepsItsTypesAsBareWords() throws {
        var card = try card("2.1", "N:Muller;Jurgen;;;\r\nTEL;TYPE=CELL,VOICE;PREF;X-Custom=a,b:+49 30 901820\r\n")
        card.apply(FriendUpdate(phonenumber: "+49 30 999"), now: now)
        #expect(lines(card).contains("TEL;CELL;VOICE;PREF;X-Custom=a;X-Custom=b:+49 30 999"))
        // 3.0 keeps its lists.
        var modern = try self.card("3.0", "N:Muller;Jurgen;;;\r\nTEL;TYPE=CELL,VOICE:1\r\n")
        modern.apply(FriendUpdate(phonenumber: "2"), now: now)
        #expect(lines(modern).contains("TEL;TYPE=CELL,VOICE:2"))
    }
}
