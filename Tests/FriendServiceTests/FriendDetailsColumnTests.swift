import Foundation
import FriendsAPI
import Testing

@testable import FriendStorage

/// The details column is read without `JSONDecoder` on every list page: what it reads must be what
/// was written, for any text a card can carry, and a column in any other shape still reads.
struct FriendDetailsColumnTests {
    static let base = Friend(id: 7, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0018", email: "ada@example.com", about: "")

    static var awkward: Friend {
        var friend = base
        friend.organization = #"Analytical "Engines" \ Co / Ltd"#
        friend.birthday = "1815-12-10"
        friend.uid = "urn:uuid:0F0E-\u{1}-é"
        friend.photo = true
        friend.phones = [LabeledValue(label: "work", value: "+44\t20\n7946"), LabeledValue(label: "", value: "")]
        friend.emails = [LabeledValue(label: "home 🏠", value: "ada@例え.jp")]
        friend.addresses = [
            PostalAddress(label: "home", street: "12 St James's Sq\r\nFloor 2", city: "London", region: "", postcode: "SW1Y 4JH", country: "UK"),
            PostalAddress(),
        ]
        return friend
    }

    @Test(arguments: [base, awkward])
    func whatIsWrittenReadsBackTheSame(_ friend: Friend) throws {
        let column = FriendDetails(friend).encoded
        #expect(try JSONDecoder().decode(FriendDetails.self, from: Data(column.utf8)) == FriendDetails(friend))
        var read = Self.base
        FriendDetails.apply(column, to: &read)
        #expect(read == friend)
        #expect(readDirectly(column) == friend, "the column was read by the fallback, not the reader: \(column)")
    }

    @Test func everyControlCharacterAndASurrogatePairReadBack() throws {
        var friend = Self.base
        friend.organization = String((0..<0x20).map { Character(Unicode.Scalar($0)!) }) + "𝄞"
        let column = #"{"addresses":[],"birthday":"","emails":[],"organization":"\#(escapedWithUnits(friend.organization))","phones":[],"photo":false,"uid":""}"#
        var read = Self.base
        FriendDetails.apply(column, to: &read)
        #expect(read.organization == friend.organization)
        #expect(readDirectly(column) == friend)
    }

    @Test func aColumnInAnotherShapeFallsBackAndAnUnreadableOneChangesNothing() throws {
        let spaced = #"{ "organization" : "Babbage & Co", "photo": true, "uid": "u", "phones": [], "emails": [], "addresses": [], "birthday": "" }"#
        var read = Self.base
        FriendDetails.apply(spaced, to: &read)
        #expect(read.organization == "Babbage & Co")
        #expect(read.photo)
        #expect(readDirectly(spaced) == nil)

        var untouched = Self.base
        FriendDetails.apply(#"{"organization":"half"#, to: &untouched)
        #expect(untouched == Self.base)
    }

    private func readDirectly(_ column: String) -> Friend? {
        var text = column
        return text.withUTF8 { bytes in
            var reader = FriendDetailsReader(bytes)
            return reader.read(into: Self.base)
        }
    }

    /// Every scalar as `\uXXXX` (UTF-16 units, so a surrogate pair for the clef), as other writers may.
    private func escapedWithUnits(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04x", $0) }.joined()
    }
}
