import Foundation
import FriendsAPI
import Testing
@testable import VCard

/// Birthdays as programs other than contact apps write them.
@Suite("Birthdays in other forms than ISO 8601's")
struct VCardBirthdayFormsTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func card(_ line: String, version: String = "3.0") throws -> VCard {
        try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:\(version)\r\nFN:Ada\r\nN:;Ada;;;\r\n\(line)\r\nEND:VCARD\r\n".utf8))
    }

    @Test(arguments: [
        ("BDAY:1985-4-2", "1985-04-02"), ("BDAY:1985-04-2", "1985-04-02"), ("BDAY:1985-4-20T00:00:00Z", "1985-04-20"),
        ("BDAY:20.04.1985", "1985-04-20"), ("BDAY:2.4.1985", "1985-04-02"), ("BDAY:02.04.1985", "1985-04-02"),
        ("BDAY:04/20/1985", "1985-04-20"), ("BDAY:20/04/1985", "1985-04-20"), ("BDAY:4/4/1985", "1985-04-04"),
        ("BDAY:--4-2", "--04-02"), ("BDAY:20.04.1604", "--04-20"), ("BDAY;X-APPLE-OMIT-YEAR=1900:1900-4-20", "--04-20"),
        ("BDAY:1985/04/20", "1985-04-20"), ("BDAY:19850420", "1985-04-20"), ("BDAY:--1210", "--12-10"),
    ])
    func aDateThatReadsOneWayIsTheBirthday(line: String, birthday: String) throws {
        #expect(try card(line).friend(id: 0).birthday == birthday)
    }

    /// Day and month in an order that differs by country, or no date at all: no birthday rather
    /// than a wrong one.
    @Test(arguments: [
        "BDAY:04/05/1985", "BDAY:04-05-1985", "BDAY:31.02.1985", "BDAY:20.04.85", "BDAY:13/13/1985",
        "BDAY:1985-4", "BDAY:20.04-1985", "BDAY:April 20, 1985", "BDAY:1985-004-20",
    ])
    func anAmbiguousOrImpossibleDateIsNoBirthday(line: String) throws {
        #expect(try card(line).friend(id: 0).birthday == "")
    }

    @Test func theBirthdayKeepsItsTextUntilItIsEdited() throws {
        var card = try card("BDAY:20.04.1985")
        let text = VCardWriter.text(of: card)
        card.apply(FriendUpdate(birthday: "1985-04-20"), now: now)
        #expect(VCardWriter.text(of: card) == text, "the birthday it shows, sent back")
        card.apply(FriendUpdate(firstname: "Ada", lastname: "Lovelace", birthday: "1985-04-20"), now: now)
        #expect(VCardWriter.text(of: card).contains("\r\nBDAY:20.04.1985\r\n"))
        card.apply(FriendUpdate(birthday: "1985-04-21"), now: now)
        #expect(VCardWriter.text(of: card).contains("\r\nBDAY:1985-04-21\r\n"))
        #expect(card.friend(id: 0).birthday == "1985-04-21")
    }
}
