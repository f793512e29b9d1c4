import Foundation
import FriendsAPI
import Testing
@testable import VCard

@Suite("Reading cards in the styles of the apps people export from")
struct VCardReadingTests {
    private func cards(_ name: String) throws -> [VCard] {
        var reader = VCardStreamReader()
        let items = reader.append(try SampleCards.bytes(name)) + reader.finish()
        return try items.map { item in
            guard case .card(_, let bytes) = item else { throw TestFailure("\(name): \(item)") }
            return try VCardParser.parse(bytes)
        }
    }

    @Test func appleContactsCard() throws {
        let friend = try #require(try cards("apple").first).friend(id: 1)
        #expect(friend.firstname == "Ada")
        #expect(friend.lastname == "Lovelace")
        #expect(friend.organization == "Analytical Engines Ltd.")
        #expect(friend.phonenumber == "+44 20 7946 0018")
        #expect(friend.phones == [
            LabeledValue(label: "mobile", value: "+44 20 7946 0018"),
            LabeledValue(label: "Ski cabin", value: "*155*181#"),
            LabeledValue(label: "work", value: "+1 555 0100 ext. 12"),
        ])
        #expect(friend.email == "ada@example.org")
        #expect(friend.emails.map(\.label) == ["other", "work"])
        #expect(friend.addresses == [PostalAddress(
            label: "home", street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH", country: "United Kingdom"
        )])
        #expect(friend.birthday == "--12-10")
        #expect(friend.about == "Wrote the first program.\nLikes poetry, too.")
        #expect(friend.photo)
        #expect(friend.uid == "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10")
    }

    @Test func labelsReadAsTheAppThatWroteThemShowsThem() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n"
            + "TEL;type=IPHONE;type=CELL;type=VOICE:+1 555 0100\r\n"
            + "TEL;X-Ski-cabin:+1 555 0101\r\n"
            + "EMAIL;TYPE=INTERNET:a@example.org\r\n"
            + "EMAIL;TYPE=\"INTERNET,pref\":b@example.org\r\n"
            + "END:VCARD\r\n"
        let friend = try VCardParser.parse(Array(text.utf8)).friend(id: 0)
        #expect(friend.phones.map(\.label) == ["iPhone", "Ski-cabin"])
        #expect(friend.email == "b@example.org", "pref inside a quoted TYPE list")
    }

    @Test func googleContactsExportHoldsTwoCardsOneOfThemACompany() throws {
        let friends = try cards("google").map { $0.friend(id: 0) }
        #expect(friends.count == 2)
        #expect(friends[0].phones == [
            LabeledValue(label: "mobile", value: "1-800-FLOWERS"), LabeledValue(label: "home", value: "(555) 010-0199"),
        ])
        #expect(friends[0].birthday == "1906-12-09")
        #expect(friends[0].addresses.first?.region == "VA")
        #expect(friends[1].firstname == "")
        #expect(friends[1].lastname == "")
        #expect(friends[1].organization == "Acme Plumbing")
        #expect(friends[1].displayName == "Acme Plumbing")
    }

    @Test func androidVCard21WithQuotedPrintableAndBareTypes() throws {
        let card = try #require(try cards("android21").first)
        let friend = card.friend(id: 0)
        #expect(card.version == "2.1")
        #expect(friend.firstname == "Jürgen")
        #expect(friend.lastname == "Müller")
        #expect(friend.phonenumber == "+49 30 901820")
        #expect(friend.phones.map(\.label) == ["mobile", "home"])
        #expect(friend.about == "Erste Zeile\nZweite Zeile mit ümlaut und einer sehr langen Zeile")
        #expect(friend.photo)
    }

    @Test func quotedPrintableSoftLineBreaksAreJoinedAndTheRestKeptAsItWas() throws {
        let card = try #require(try cards("android21").first)
        let text = VCardWriter.text(of: card)
        #expect(text.contains("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Erste Zeile=0D=0AZweite Zeile mit =C3=BCmlaut und einer sehr langen Zeile\r\n"))
        let original = String(decoding: try SampleCards.bytes("android21"), as: UTF8.self)
        #expect(text.replacingOccurrences(of: "lan", with: "lan=\r\n", options: [], range: text.range(of: "sehr lan")) == original)
    }

    @Test func latin1CharacterSetIsDecoded() throws {
        let friend = try #require(try cards("latin1").first).friend(id: 0)
        #expect(friend.firstname == "Zoë")
        #expect(friend.lastname == "Dvorák")
    }

    @Test func thunderbirdVCard4WithPrefTelURIAndDataPhoto() throws {
        let friend = try #require(try cards("thunderbird").first).friend(id: 0)
        #expect(friend.phonenumber == "+44 161 555 0199")
        #expect(friend.phones.last == LabeledValue(label: "mobile", value: "+44-161-555-0100"))
        #expect(friend.email == "alan@example.org")
        #expect(friend.birthday == "--06-23")
        #expect(friend.about == "Enigma, Bombe; ACE")
        #expect(friend.photo)
        #expect(friend.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
    }

    @Test func davx5CardCalledByItsFormattedNameOnly() throws {
        let friend = try #require(try cards("davx5").first).friend(id: 0)
        #expect(friend.firstname == "Mom")
        #expect(friend.phones.first == LabeledValue(label: "Summer house", value: "+1 555 0142"))
    }

    @Test func rfc6350ExampleWithAPhotoByURLThatIsNeverFetched() throws {
        let card = try #require(try cards("rfc6350").first)
        let friend = card.friend(id: 0)
        #expect(friend.firstname == "Simon")
        #expect(friend.organization == "Viagenie")
        #expect(friend.phonenumber == "+1-418-656-9254 ext. 102")
        #expect(friend.phones.first?.label == "work")
        #expect(friend.birthday == "--02-03")
        #expect(!friend.photo)
        #expect(try card.photo() == nil)
    }

    @Test(arguments: SampleCards.all)
    func everyUnchangedCardIsWrittenBackByteForByte(name: String) throws {
        let bytes = try SampleCards.bytes(name)
        // Latin-1 is written as UTF-8; quoted-printable soft line breaks are joined (see below).
        guard name != "latin1", name != "android21" else { return }
        var reader = VCardStreamReader()
        let items = reader.append(bytes) + reader.finish()
        var written: [UInt8] = []
        for case .card(_, let cardBytes) in items {
            written += VCardWriter.bytes(of: try VCardParser.parse(cardBytes))
        }
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    @Test func foldedInsideAMultiByteCharacterAndWithoutBOMOrCR() throws {
        let name = Array("FN:Zoë Ünal".utf8)
        let split = name.firstIndex(of: 0xC3)! + 1
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCARD\nVERSION:3.0\n".utf8)
        bytes += name[..<split] + Array("\n ".utf8) + name[split...] + Array("\nN:Ünal;Zoë;;;\nEND:VCARD\n".utf8)
        let card = try VCardParser.parse(bytes)
        #expect(card.first("FN")?.text == "Zoë Ünal")
        #expect(card.lineEnding == .lf)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
