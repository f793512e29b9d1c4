import Foundation
import FriendsAPI
import Testing
@testable import VCard

/// An app's "Make preferred" sends the list with one entry moved to the front.
@Suite("Phones and emails put in another order keep their properties")
struct VCardReorderingTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func card(_ name: String) throws -> VCard {
        var reader = VCardStreamReader()
        guard case .card(_, let bytes)? = (reader.append(try SampleCards.bytes(name)) + reader.finish()).first else {
            throw TestFailure("no card in \(name)")
        }
        return try VCardParser.parse(bytes)
    }

    private func changedLines(_ before: VCard, _ after: VCard) -> [String] {
        let lines = { (card: VCard) in VCardWriter.text(of: card).components(separatedBy: card.lineEnding.rawValue) }
        return Set(lines(after)).subtracting(lines(before)).filter { !$0.hasPrefix("REV:") }.sorted()
    }

    private func preferring(_ index: Int, in list: [LabeledValue]) -> [LabeledValue] {
        var list = list
        list.insert(list.remove(at: index), at: 0)
        return list
    }

    @Test func makingAPhonePreferredMovesOnlyThePreference() throws {
        let before = try card("apple")
        var card = before
        let phones = preferring(2, in: card.friend(id: 0).phones)
        card.apply(FriendUpdate(phones: phones), now: now)
        #expect(card.friend(id: 0).phones == phones)
        #expect(changedLines(before, card) == [
            "TEL;type=CELL;type=VOICE:+44 20 7946 0018", "TEL;type=WORK;type=VOICE;type=pref:+1 555 0100 ext. 12",
        ])
        #expect(VCardWriter.text(of: card).contains("item2.TEL:*155*181#\r\nitem2.X-ABLabel:Ski cabin\r\n"))
    }

    @Test func makingAnEmailPreferredKeepsINTERNETAndAppleLabels() throws {
        let before = try card("apple")
        var card = before
        let emails = preferring(1, in: card.friend(id: 0).emails)
        card.apply(FriendUpdate(emails: emails), now: now)
        #expect(card.friend(id: 0).emails == emails)
        #expect(changedLines(before, card) == ["EMAIL;type=INTERNET;type=WORK;type=pref:ada.work@example.com", "item1.EMAIL;type=INTERNET:ada@example.org"])
        #expect(VCardWriter.text(of: card).contains("item1.X-ABLabel:_$!<Other>!$_"))
    }

    @Test func vCard21WritesTheMovedPreferenceAsABareType() throws {
        let before = try card("android21")
        var card = before
        card.apply(FriendUpdate(phones: preferring(1, in: card.friend(id: 0).phones)), now: now)
        #expect(changedLines(before, card) == ["TEL;CELL:+49 30 901820", "TEL;HOME;PREF:030 1234567"])
    }

    /// 4.0 ranks with `PREF=`: the new preferred one is `PREF=1`, the old one's rank goes, the
    /// others keep theirs.
    @Test func vCard4MovesPREF() throws {
        let before = try card("thunderbird")
        var card = before
        let emails = preferring(1, in: card.friend(id: 0).emails)
        card.apply(FriendUpdate(emails: emails), now: now)
        #expect(card.friend(id: 0).emails == emails)
        #expect(changedLines(before, card) == ["EMAIL:alan@example.org", "EMAIL;TYPE=work;PREF=1:turing@example.ac.uk"])

        let rfc = try self.card("rfc6350")
        var reordered = rfc
        reordered.apply(FriendUpdate(phones: preferring(1, in: rfc.friend(id: 0).phones)), now: now)
        #expect(changedLines(rfc, reordered) == [
            "TEL;VALUE=uri;TYPE=\"work,cell,voice,video,text\";PREF=1:tel:+1-418-262-6501",
            "TEL;VALUE=uri;TYPE=\"work,voice\":tel:+1-418-656-9254;ext=102",
        ])
    }

    /// The preferred one is not the card's first: the others follow it in the order sent, which
    /// takes moving their lines.
    @Test func theOthersTakeTheOrderSent() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nTEL;TYPE=HOME;TYPE=VOICE:1\r\nTEL;TYPE=CELL;TYPE=pref:2\r\n"
            + "TEL;TYPE=WORK;X-SERVICE=desk:3\r\nEND:VCARD\r\n"
        var card = try VCardParser.parse(Array(text.utf8))
        let phones = card.friend(id: 0).phones
        #expect(phones.map(\.value) == ["2", "1", "3"])
        let wanted = [phones[2], phones[0], phones[1]]
        card.apply(FriendUpdate(phones: wanted), now: now)
        #expect(card.friend(id: 0).phones == wanted)
        #expect(card.all("TEL").map { VCardWriter.line(of: $0, ending: "") } == [
            "TEL;TYPE=CELL:2", "TEL;TYPE=HOME;TYPE=VOICE:1", "TEL;TYPE=WORK;X-SERVICE=desk;TYPE=pref:3",
        ])
        let rewritten = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect(rewritten.friend(id: 0).phones == wanted)
    }

    /// Two entries with the same label swap their values' places, each value with its own types.
    @Test func entriesWithTheSameLabelKeepTheirOwnTypes() throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nTEL;TYPE=CELL;TYPE=pref:1\r\nTEL;TYPE=CELL;TYPE=VOICE;X-SERVICE=night:2\r\nEND:VCARD\r\n"
        var card = try VCardParser.parse(Array(text.utf8))
        card.apply(FriendUpdate(phones: preferring(1, in: card.friend(id: 0).phones)), now: now)
        #expect(card.all("TEL").map { VCardWriter.line(of: $0, ending: "") } == [
            "TEL;TYPE=CELL:1", "TEL;TYPE=CELL;TYPE=VOICE;X-SERVICE=night;TYPE=pref:2",
        ])
    }

    @Test func anEntryAddedOrRelabelledStillWritesTheListAfresh() throws {
        var card = try card("apple")
        var phones = preferring(2, in: card.friend(id: 0).phones)
        phones[1].label = "home"
        card.apply(FriendUpdate(phones: phones), now: now)
        #expect(card.friend(id: 0).phones == phones)
        #expect(VCardWriter.text(of: card).contains("TEL;TYPE=WORK,pref:+1 555 0100 ext. 12"))
    }
}
