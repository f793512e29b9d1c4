import Foundation
import FriendsAPI
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// Group cards, as Apple's Contacts, DAVx5 and Thunderbird keep them over CardDAV: every store
/// keeps them for CardDAV, and none shows them as friends.
struct FriendStoreGroupTests {
    static func card(_ text: String) throws -> VCard {
        try VCardParser.parse(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }

    /// A group as Apple's Contacts writes one (vCard 3.0).
    static let appleGroup = """
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//macOS 14.0//EN
        N:Family
        FN:Family
        X-ADDRESSBOOKSERVER-KIND:group
        X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:0B4D2E94-1B7C-4AC2-9C4F-2B3F5D6E7A80
        UID:6C1E2C90-5D0B-4B45-8E3E-52B8E5B2A1F1
        END:VCARD

        """

    /// A group in vCard 4.0 (RFC 6350 6.1.4).
    static let kindGroup = """
        BEGIN:VCARD
        VERSION:4.0
        KIND:group
        FN:Book club
        MEMBER:urn:uuid:0B4D2E94-1B7C-4AC2-9C4F-2B3F5D6E7A80
        UID:urn:uuid:4D6A2F4E-91A0-4C1B-8B8A-0E5E9A3C7B21
        END:VCARD

        """

    @Test func aCardSaysWhetherItIsAGroup() throws {
        #expect(try Self.card(Self.appleGroup).isGroup)
        #expect(try Self.card(Self.kindGroup).isGroup)
        #expect(try Self.card(Self.kindGroup.replacingOccurrences(of: "KIND:group", with: "KIND: Group ")).isGroup)
        #expect(try !Self.card(Self.kindGroup.replacingOccurrences(of: "KIND:group", with: "KIND:individual")).isGroup)
        #expect(try !Self.card(Self.kindGroup.replacingOccurrences(of: "KIND:group", with: "NOTE:group")).isGroup)
    }

    @Test(arguments: StoreKind.available)
    func groupsAreKeptForCardDAVButAreNoFriends(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let ada = try await store.create(.sample("Ada", "Lovelace", phone: "0612"))
            let family = try await store.create(card: try Self.card(Self.appleGroup), resourceName: "family.vcf")
            let club = try await store.create(card: try Self.card(Self.kindGroup), resourceName: nil)
            let groups = [family.friend.id, club.friend.id]

            // The REST API's reads see the friend alone.
            #expect(try await store.list(FriendListRequest(limit: 10)).map(\.friend.id) == [ada.friend.id])
            #expect(try await store.all().map(\.friend.id) == [ada.friend.id])
            #expect(try await store.allWithSeedFieldsOnly().map(\.friend.id) == [ada.friend.id])
            #expect(try await store.count(matching: nil, atMost: nil) == 1)
            for text in ["family", "fam", "book club", "group", "Family"] {
                #expect(try await store.list(FriendListRequest(limit: 10, search: FriendSearch(text))).isEmpty, "\(text)")
                #expect(try await store.count(matching: FriendSearch(text), atMost: nil) == 0, "\(text)")
                #expect(try await store.cards(matching: FriendSearch(text), afterID: 0, limit: 10).isEmpty, "\(text)")
            }
            for id in groups {
                #expect(try await store.friend(id: id) == nil)
                #expect(try await store.friendSnapshot(id: id) { _ in true }.friend == nil)
                await #expect(throws: FriendStoreError.notFound(id: id)) {
                    try await store.update(id: id, with: FriendUpdate(about: "Not a friend"), if: .any)
                }
            }

            // CardDAV's see every card, the groups marked.
            let familyCard = try #require(try await store.card(id: family.friend.id))
            #expect(familyCard.isGroup)
            #expect(familyCard.text == Self.appleGroup.replacingOccurrences(of: "\n", with: "\r\n"))
            #expect(try await store.card(id: ada.friend.id)?.isGroup == false)
            #expect(try await store.cards(named: ["family.vcf"]).map(\.isGroup) == [true])
            #expect(try await store.cardSummaries(afterID: 0, limit: 10).map(\.id) == [ada.friend.id] + groups)
            let everyCard = try await store.cards(matching: nil, afterID: 0, limit: 10)
            #expect(everyCard.map(\.id) == [ada.friend.id] + groups)
            #expect(everyCard.map(\.isGroup) == [false, true, true])
            // An import merges a group by its UID, as any card.
            #expect(try await store.friend(uid: "6C1E2C90-5D0B-4B45-8E3E-52B8E5B2A1F1")?.friend.id == family.friend.id)

            // CardDAV changes and removes groups.
            let renamed = try Self.card(Self.appleGroup.replacingOccurrences(of: "Family", with: "Kin"))
            #expect(try await store.replace(id: family.friend.id, with: renamed, if: .oneOf([1])).version == 2)
            #expect(try await store.card(id: family.friend.id)?.text.contains("FN:Kin") == true)
            _ = try await store.delete(id: club.friend.id, if: .any)
            #expect(try await store.card(id: club.friend.id) == nil)
            #expect(try await store.count(matching: nil, atMost: nil) == 1)
        }
    }

    /// A card that becomes a group leaves the list, the count and every view (the live feed tells
    /// a deletion); one that stops being a group comes back.
    @Test(arguments: StoreKind.available)
    func aCardThatBecomesAGroupLeavesTheListAndTheFeedSaysSo(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let person = try Self.card(Self.kindGroup.replacingOccurrences(of: "KIND:group\n", with: ""))
            let start = try await store.latestChangeSequence()
            let created = try await store.create(card: person, resourceName: "club.vcf")
            let id = created.friend.id
            #expect(try await store.count(matching: nil, atMost: nil) == 1)

            _ = try await store.replace(id: id, with: try Self.card(Self.kindGroup), if: .any)
            #expect(try await store.list(FriendListRequest(limit: 10)).isEmpty)
            #expect(try await store.count(matching: nil, atMost: nil) == 0)
            #expect(try await store.friend(id: id) == nil)

            _ = try await store.replace(id: id, with: person, if: .any)
            #expect(try await store.list(FriendListRequest(limit: 10)).map(\.friend.id) == [id])
            #expect(try await store.count(matching: nil, atMost: nil) == 1)
            #expect(try await store.list(FriendListRequest(limit: 10, search: FriendSearch("book"))).map(\.friend.id) == [id])

            let again = try #require(try await store.friend(id: id))
            let feed = try #require(try await store.changes(after: start, limit: 10))
            #expect(feed.map(\.event) == [.created(created.friend, version: 1), .deleted(id: id), .created(again.friend, version: 3)])
            let sync = try #require(try await store.cardChanges(after: start, limit: 10))
            #expect(sync.map(\.kind) == [.created, .updated, .updated])
            #expect(sync.map(\.resourceName) == ["club.vcf", "club.vcf", "club.vcf"])
        }
    }

    /// A group's creation, update and removal are nothing to friends' views (a deletion would take
    /// one from every list's count), and what they are to CardDAV's sync.
    @Test(arguments: StoreKind.available)
    func theLiveFeedTellsNoFriendOfAGroup(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let start = try await store.latestChangeSequence()
            let group = try await store.create(card: try Self.card(Self.appleGroup), resourceName: "family.vcf")
            let renamed = try Self.card(Self.appleGroup.replacingOccurrences(of: "Family", with: "Kin"))
            _ = try await store.replace(id: group.friend.id, with: renamed, if: .any)
            _ = try await store.delete(id: group.friend.id, if: .any)
            let logged = try #require(try await store.loggedChanges(after: start, limit: 10))
            #expect(logged == [start + 1, start + 2, start + 3].map { LoggedChange(sequence: $0, change: nil) })
            #expect(try await store.changes(after: start, limit: 10) == [])
            let sync = try #require(try await store.cardChanges(after: start, limit: 10))
            #expect(sync.map(\.kind) == [.created, .updated, .deleted])
        }
    }
}
