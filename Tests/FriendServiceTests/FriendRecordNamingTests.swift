import Foundation
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

    @Test(arguments: [
        ("abc-DEF_1.@x", "abc-DEF_1.@x.vcf"),
        ("a/b c", "a-b-c.vcf"),
        ("café:☕️", "caf----.vcf"),
    ])
    func aUIDKeepsItsSafeCharactersInTheResourceName(uid: String, name: String) {
        #expect(FriendRecord.resourceName(forUID: uid) == name)
    }

    @Test func aCardWithoutUIDGetsARandomResourceName() {
        let name = FriendRecord.resourceName(forUID: "")
        #expect(name.hasSuffix(".vcf"))
        #expect(UUID(uuidString: String(name.dropLast(4))) != nil)
    }
}
