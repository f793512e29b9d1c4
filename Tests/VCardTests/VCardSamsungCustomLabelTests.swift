import Foundation
import FriendsAPI
import Testing
@testable import VCard

/// Samsung's phones write a label of the person's own inside parentheses: after `TEL;` or `EMAIL;`
/// as a parameter, and as the very name of an instant-messaging property of a service of their own.
@Suite("Samsung's X-CUSTOM labels")
struct VCardSamsungCustomLabelTests {
    private let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Sharma;Ravi;;;\r\nFN:Ravi Sharma\r\n"
        + "TEL;CELL;PREF:+91 98765 43210\r\n"
        + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Soccer coach):555-010-5656\r\n"
        + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=D7=A0=D7=99=D7=99=D7=93):+972527634973\r\n"
        + "EMAIL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Club):ravi@example.com\r\n"
        + "X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Whatsapp):+91 98765 43210\r\n"
        + "X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Dr. Who);PREF:tardis\r\n"
        + "END:VCARD\r\n"

    @Test func aCardWithAnInstantMessagingServiceOfItsOwnIsRead() throws {
        let read = try VCardParser.parse(Array(card.utf8))
        #expect(read.friend(id: 0).firstname == "Ravi")
        let custom = read.properties.filter { $0.name.hasPrefix("X-CUSTOM(") }
        #expect(custom.map(\.value) == ["+91 98765 43210", "tardis"])
        #expect(custom.map(\.group) == [nil, nil], "the dot in Dr. Who is the label's")
        #expect(VCardWriter.text(of: read) == card, "kept byte for byte")
    }

    @Test func theLabelsArePhonesAndEmailsLabels() throws {
        let friend = try VCardParser.parse(Array(card.utf8)).friend(id: 0)
        #expect(friend.phones.map(\.label) == ["mobile", "Soccer coach", "נייד"])
        #expect(friend.emails.map(\.label) == ["Club"])
    }

    /// Samsung writes an ASCII label as typed: a colon or a comma in it is the label's.
    @Test func aLabelWithAColonOrACommaIsReadWhole() throws {
        let card = try VCardParser.parse(Array((
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Sharma;Ravi;;;\r\n"
                + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Desk: front):555-010-5656\r\n"
                + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Home, old):555-010-7777\r\n"
                + "X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Chat: work):ravi.s\r\nEND:VCARD\r\n"
        ).utf8))
        #expect(card.friend(id: 0).phones == [
            LabeledValue(label: "Desk: front", value: "555-010-5656"), LabeledValue(label: "Home, old", value: "555-010-7777"),
        ])
        #expect(card.properties.last?.value == "ravi.s")
        var edited = card
        var update = FriendUpdate()
        update.phones = [LabeledValue(label: "Desk: front", value: "555-010-0000"), LabeledValue(label: "Home, old", value: "555-010-7777")]
        edited.apply(update, now: Date(timeIntervalSince1970: 0))
        #expect(VCardWriter.text(of: edited).contains("TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Desk: front):555-010-0000\r\n"))
        #expect(try VCardParser.parse(VCardWriter.bytes(of: edited)).friend(id: 0).phones == update.phones)
    }

    /// A semicolon typed into a label is written as it is, inside the parentheses.
    @Test func aLabelWithASemicolonIsReadWhole() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Sharma;Ravi;;;\r\n"
            + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Home; old);PREF:555-010-7777\r\n"
            + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Work (old)):555-010-5656\r\n"
            + "X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Chat; work):ravi.s\r\nEND:VCARD\r\n"
        let card = try VCardParser.parse(Array(text.utf8))
        #expect(card.friend(id: 0).phones == [
            LabeledValue(label: "Home; old", value: "555-010-7777"), LabeledValue(label: "Work (old)", value: "555-010-5656"),
        ])
        #expect(card.properties.last?.value == "ravi.s")
        #expect(VCardWriter.text(of: card) == text, "kept byte for byte")
        var edited = card
        var update = FriendUpdate()
        update.phones = [LabeledValue(label: "Home; old", value: "555-010-0000"), LabeledValue(label: "Work (old)", value: "555-010-5656")]
        edited.apply(update, now: Date(timeIntervalSince1970: 0))
        #expect(VCardWriter.text(of: edited).contains("TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Home; old);PREF:555-010-0000\r\n"))
        #expect(try VCardParser.parse(VCardWriter.bytes(of: edited)).friend(id: 0).phones == update.phones)
    }

    /// A label cut short, without its `)`: what follows the encoding, up to the parameter's end,
    /// and the value from the first colon, whatever brackets it holds.
    @Test func aLabelThatIsNotClosedIsReadToTheParametersEnd() throws {
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Sharma;Ravi;;;\r\n"
            + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Soccer coach:+1 (555) 010-5656\r\n"
            + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Gym;PREF:555-010-1212\r\n"
            + "EMAIL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=D7=A0=D7=99:ravi@example.com\r\n"
            + "X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Whatsapp:+91 98765 43210\r\nEND:VCARD\r\n"
        let card = try VCardParser.parse(Array(text.utf8))
        let friend = card.friend(id: 0)
        #expect(friend.phones == [
            LabeledValue(label: "Gym", value: "555-010-1212"), LabeledValue(label: "Soccer coach", value: "+1 (555) 010-5656"),
        ])
        #expect(friend.emails == [LabeledValue(label: "ני", value: "ravi@example.com")])
        #expect(card.properties.last?.value == "+91 98765 43210")
        #expect(VCardWriter.text(of: card) == text, "kept byte for byte")
        var edited = card
        edited.apply(FriendUpdate(phonenumber: "555-010-0000"), now: Date(timeIntervalSince1970: 0))
        #expect(VCardWriter.text(of: edited).contains("TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Gym;PREF:555-010-0000\r\n"))
    }

    @Test func aChangedNumberKeepsItsLabelAsSamsungWroteIt() throws {
        var read = try VCardParser.parse(Array(card.utf8))
        var phones = read.friend(id: 0).phones
        phones[1].value = "555-010-9999"
        var update = FriendUpdate()
        update.phones = phones
        read.apply(update, now: Date(timeIntervalSince1970: 0))
        let text = VCardWriter.text(of: read)
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Soccer coach):555-010-9999\r\n"), "\(text)")
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 0).phones.map(\.label) == ["mobile", "Soccer coach", "נייד"])
    }
}
