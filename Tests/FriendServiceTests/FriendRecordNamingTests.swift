import Foundation
import FriendsAPI
import Testing

@testable import FriendStorage

/// The names a new card gets: its `UID` and the file name of its CardDAV resource.
struct FriendRecordNamingTests {
    @Test func aRandomUUIDIsOfVersion4AndNeverRepeats() {
        let made = (0..<1_000).map { _ in UUID.random().uuidString }
        #expect(Set(made).count == made.count)
        for text in made {
            let characters = Array(text)
            #expect(characters[14] == "4", "version 4 in \(text)")
            #expect("89AB".contains(characters[19]), "the RFC's variant in \(text)")
        }
    }

    @Test func aTimeOrderedUUIDStartsWithItsMillisecondsAndIsOfVersion7() {
        let date = Date(timeIntervalSince1970: 1_795_000_000.123)
        let made = (0..<1_000).map { _ in UUID.timeOrdered(at: date).uuidString }
        #expect(Set(made).count == made.count)
        for text in made {
            let hex = text.replacingOccurrences(of: "-", with: "")
            #expect(UInt64(hex.prefix(12), radix: 16) == 1_795_000_000_123, "the milliseconds in \(text)")
            #expect(Array(text)[14] == "7", "version 7 in \(text)")
            #expect("89AB".contains(Array(text)[19]), "the RFC's variant in \(text)")
        }
        let later = UUID.timeOrdered(at: date.addingTimeInterval(0.001)).uuidString
        #expect(made.allSatisfy { $0 < later })
    }

    @Test func aFriendMadeOverRESTGetsATimeOrderedUID() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let first = FriendRecord(newFriend: NewFriend(firstname: "Ada", lastname: "Lovelace"), now: now)
        let second = FriendRecord(newFriend: NewFriend(firstname: "Ada", lastname: "Lovelace"), now: now.addingTimeInterval(1))
        #expect(first.friend.uid.hasPrefix("01A1EE56-5E00-7"))
        #expect(first.friend.uid < second.friend.uid)
        #expect(first.resourceName == first.friend.uid + ".vcf")
    }

    @Test(arguments: [
        ("abc-DEF_1.@x", "abc-DEF_1.@x.vcf"),
        ("a/b c", "a-b-c.vcf"),
        ("café:☕️", "caf----.vcf"),
    ])
    func aUIDKeepsItsSafeCharactersInTheResourceName(uid: String, name: String) {
        #expect(FriendRecord.resourceName(forUID: uid) == name)
    }

    @Test func aUIDTooLongForANameIsCutShortWithAHashOfTheWhole() {
        let long = String(repeating: "L", count: 300)
        let name = FriendRecord.resourceName(forUID: long)
        #expect(name.utf8.count <= 255, "CardDAV's longest name")
        #expect(name.hasPrefix(String(repeating: "L", count: 200)) && name.hasSuffix(".vcf"))
        #expect(FriendRecord.resourceName(forUID: long) == name, "the same UID, the same name")
        #expect(FriendRecord.resourceName(forUID: long + "x") != name)
        #expect(FriendRecord.resourceName(forUID: String(repeating: "L", count: 251)) == String(repeating: "L", count: 251) + ".vcf")
    }

    @Test func aCardWithoutUIDGetsARandomResourceName() {
        let name = FriendRecord.resourceName(forUID: "")
        #expect(name.hasSuffix(".vcf"))
        #expect(UUID(uuidString: String(name.dropLast(4))) != nil)
    }
}
