import FriendsAPI
import Testing
import VCard

@testable import FriendStorage

/// What version 11 does to a database that kept group cards as friends, on SQLite and PostgreSQL.
enum GroupMigrationCheck {
    /// A friend, then three groups, written as version 10 wrote them: searchable, counted. In the
    /// third, a fold splits the name `KIND`.
    static func versionTenRecords() throws -> [FriendRecord] {
        let folded = FriendStoreGroupTests.kindGroup.replacingOccurrences(of: "KIND:group", with: "KI\n ND:group")
            .replacingOccurrences(of: "Book club", with: "Choir")
            .replacingOccurrences(of: "4D6A2F4E", with: "5E7B3A5F")
        let groups = try [FriendStoreGroupTests.appleGroup, FriendStoreGroupTests.kindGroup, folded].map { text in
            var record = FriendRecord(card: try FriendStoreGroupTests.card(text))
            record.search = SearchColumns(record.friend)
            return record
        }
        return [FriendRecord(newFriend: .sample("Ada", "Lovelace"))] + groups
    }

    static func check(_ store: some FriendStore) async throws {
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        #expect(try await store.list(FriendListRequest(limit: 10)).map(\.friend.firstname) == ["Ada"])
        #expect(try await store.count(matching: nil, atMost: nil) == 1)
        #expect(try await store.list(FriendListRequest(limit: 10, search: FriendSearch("family"))).isEmpty)
        #expect(try await store.list(FriendListRequest(limit: 10, search: FriendSearch("book"))).isEmpty)
        #expect(try await store.list(FriendListRequest(limit: 10, search: FriendSearch("choir"))).isEmpty)
        let cards = try await store.cards(matching: nil, afterID: 0, limit: 10)
        #expect(cards.map(\.isGroup) == [false, true, true, true])
        // Each group marked is a change CardDAV's clients sync, and a friend that friends' views
        // (which listed it) hear deleted.
        let groupIDs = cards.filter(\.isGroup).map(\.id)
        let latest = try await store.latestChangeSequence()
        let marks = try #require(try await store.changes(after: latest - 3, limit: 10))
        #expect(marks.map(\.event) == groupIDs.map { .deleted(id: $0) })
        #expect(try await store.cardChanges(after: latest - 3, limit: 10)?.map(\.kind) == [.updated, .updated, .updated])
        // The count follows friends as they come and go from here.
        let grace = try await store.create(.sample("Grace", "Hopper"))
        #expect(try await store.count(matching: nil, atMost: nil) == 2)
        _ = try await store.delete(id: groupIDs[0], if: .any)
        _ = try await store.delete(id: grace.friend.id, if: .any)
        #expect(try await store.count(matching: nil, atMost: nil) == 1)
    }
}
