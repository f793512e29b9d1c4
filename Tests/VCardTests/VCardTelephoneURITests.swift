import Foundation
import FriendsAPI
import Testing
@testable import VCard

/// vCard 4.0 (and 3.0 with `VALUE=uri`) writes numbers as `tel:` URIs (RFC 3966), an extension
/// as the URI's `;ext=`.
@Suite("Numbers written as tel: URIs")
struct VCardTelephoneURITests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private static let version30 = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Hopper;Grace;;;\r\nFN:Grace Hopper\r\n"
        + "TEL;VALUE=uri;TYPE=WORK:tel:+1-555-0100;ext=102\r\nTEL;VALUE=uri;TYPE=CELL:tel:+1-555-0199\r\nEND:VCARD\r\n"
    private static let version40 = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Grace Hopper\r\n"
        + "TEL;TYPE=work:tel:+1-555-0100;ext=102\r\nTEL;TYPE=cell:tel:+1-555-0199\r\nEND:VCARD\r\n"

    private func parse(_ text: String) throws -> VCard {
        try VCardParser.parse(Array(text.utf8))
    }

    @Test(arguments: [version30, version40])
    func anExtensionIsShownAsPeopleWriteIt(text: String) throws {
        let friend = try parse(text).friend(id: 0)
        #expect(friend.phones == [
            LabeledValue(label: "work", value: "+1-555-0100 ext. 102"), LabeledValue(label: "mobile", value: "+1-555-0199"),
        ])
        #expect(friend.phonenumber == "+1-555-0100 ext. 102")
        #expect(FriendValidation.failures(of: FriendUpdate(phones: friend.phones), keeping: friend).isEmpty)
    }

    /// A client sends back the list it read, one number edited: the others keep their lines.
    @Test(arguments: [version30, version40])
    func theNumbersSentBackAsShownKeepTheirLines(text: String) throws {
        var card = try parse(text)
        var phones = card.friend(id: 0).phones
        card.apply(FriendUpdate(phones: phones), now: now)
        #expect(VCardWriter.text(of: card) == text, "nothing changed")

        phones[1].value = "+1 555 0142"
        card.apply(FriendUpdate(phones: phones), now: now)
        let written = VCardWriter.text(of: card)
        #expect(written.contains("TEL;" + (card.isVersion4 ? "TYPE=work" : "VALUE=uri;TYPE=WORK") + ":tel:+1-555-0100;ext=102\r\n"))
        #expect(written.contains(card.isVersion4 ? "TEL;TYPE=cell:tel:+1-555-0142\r\n" : "TEL;VALUE=uri;TYPE=CELL:tel:+1-555-0142\r\n"))
        phones[1].value = "+1-555-0142"
        #expect(try parse(written).friend(id: 0).phones == phones, "a URI's number has no spaces")
    }

    @Test(arguments: [version30, version40])
    func anEditedExtensionIsWrittenAsTheURIsExtension(text: String) throws {
        var card = try parse(text)
        card.apply(FriendUpdate(phonenumber: "+1 (555) 0100 ext. 7"), now: now)
        let written = VCardWriter.text(of: card)
        #expect(written.contains(":tel:+1-(555)-0100;ext=7\r\n"), "\(written)")
        #expect(try parse(written).friend(id: 0).phonenumber == "+1-(555)-0100 ext. 7")
    }

    /// A number no URI can hold is written as text, as a card without URIs has it.
    @Test func aNumberWithLettersIsWrittenAsText() throws {
        var card = try parse(Self.version30)
        card.apply(FriendUpdate(phonenumber: "1-800-FLOWERS"), now: now)
        let written = VCardWriter.text(of: card)
        #expect(written.contains("TEL;TYPE=WORK:1-800-FLOWERS\r\n"))
        #expect(try parse(written).friend(id: 0).phonenumber == "1-800-FLOWERS")
    }

    /// The raw form an older server showed (`+1-555-0100;ext=102`) sent back is the same number.
    @Test func theURIsOwnFormSentBackKeepsTheLine() throws {
        var card = try parse(Self.version30)
        card.apply(FriendUpdate(phonenumber: "+1-555-0100;ext=102"), now: now)
        #expect(VCardWriter.text(of: card).contains("TEL;VALUE=uri;TYPE=WORK:tel:+1-555-0100;ext=102\r\n"))
    }

    @Test func aNewNumberOnACardOfURIsIsAURI() throws {
        var card = try parse(Self.version30)
        let phones = [LabeledValue(label: "home", value: "+49 30 1234 ext. 5"), LabeledValue(label: "work", value: "*155*181#")]
        card.apply(FriendUpdate(phones: phones), now: now)
        let written = VCardWriter.text(of: card)
        #expect(written.contains("TEL;VALUE=uri;TYPE=HOME,pref:tel:+49-30-1234;ext=5\r\n"), "\(written)")
        // A service code is a local number: no URI holds it without the context it is dialled in.
        #expect(written.contains("TEL;TYPE=WORK:*155*181#\r\n"), "\(written)")
        #expect(try parse(written).friend(id: 0).phones == [
            LabeledValue(label: "home", value: "+49-30-1234 ext. 5"), LabeledValue(label: "work", value: "*155*181#"),
        ])
    }

    /// A number added to a card of URIs leaves the other numbers' lines as they were (one of them
    /// text, as 4.0 allows); a local number is text too (RFC 3966 takes one in a URI only with the
    /// `;phone-context=` it is dialled in). Adding one rewrote every number as a URI before.
    @Test func aNumberAddedLeavesTheOthersLinesAsTheyWere() throws {
        let lines = ["TEL;TYPE=cell:+49 151 11111111\r\n", "TEL;VALUE=uri;TYPE=work:tel:+49-30-999;ext=42\r\n"]
        var card = try parse("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Nina Weber\r\nN:Weber;Nina;;;\r\n" + lines.joined() + "END:VCARD\r\n")
        var phones = card.friend(id: 0).phones
        phones.append(LabeledValue(label: "home", value: "030 1234567"))
        card.apply(FriendUpdate(phones: phones), now: now)
        var written = VCardWriter.text(of: card)
        #expect(written.contains(lines.joined()), "\(written)")
        #expect(written.contains(":030 1234567\r\n") && !written.contains("tel:030"), "\(written)")
        #expect(try parse(written).friend(id: 0).phones == phones)

        phones.append(LabeledValue(label: "other", value: "+49 89 5555"))
        card.apply(FriendUpdate(phones: phones), now: now)
        written = VCardWriter.text(of: card)
        #expect(written.contains(lines.joined()), "\(written)")
        #expect(written.contains(":tel:+49-89-5555\r\n"), "a global number added to a card of URIs is one: \(written)")
    }

    /// A number of a URI edited to a local one is text, without `VALUE=uri`.
    @Test func aURIEditedToALocalNumberIsText() throws {
        var card = try parse(Self.version30)
        card.apply(FriendUpdate(phonenumber: "06 12 34 56 80"), now: now)
        let written = VCardWriter.text(of: card)
        #expect(written.contains("TEL;TYPE=WORK:06 12 34 56 80\r\n"), "\(written)")
        #expect(try parse(written).friend(id: 0).phonenumber == "06 12 34 56 80")
    }

    @Test func aCardWithoutURIsKeepsItsNumbersAsText() throws {
        var card = try parse("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace\r\nTEL;TYPE=WORK:+1 555 0100\r\nEND:VCARD\r\n")
        card.apply(FriendUpdate(phonenumber: "+1 555 0100 ext. 102"), now: now)
        #expect(VCardWriter.text(of: card).contains("TEL;TYPE=WORK:+1 555 0100 ext. 102\r\n"))
    }

    @Test(arguments: [
        ("tel:+1-555-0100", "+1-555-0100"), ("TEL:+1-555-0100;EXT=9", "+1-555-0100 ext. 9"),
        ("tel:7042;ext=1;phone-context=example.com", "7042;phone-context=example.com ext. 1"),
        ("tel:+1-555-0100;ext=", "+1-555-0100;ext="),
    ])
    func otherParametersAreShownAsWritten(uri: String, shown: String) throws {
        let card = try parse("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Grace\r\nTEL:" + uri + "\r\nEND:VCARD\r\n")
        #expect(card.friend(id: 0).phonenumber == shown)
    }
}
