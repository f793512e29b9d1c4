import Foundation
import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// Bulk inserts (seeding) take a faster path; it must leave the same, searchable store behind.
struct BulkInsertTests {
    @Test(arguments: StoreKind.available)
    func aBulkInsertListsAndSearchesLikeSingleCreates(kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.create(.sample("Before", "Bulk"))
            try await store.insert(Array(SampleFriends(count: 12_000)))
            _ = try await store.create(.sample("After", "Bulk"))
            let all = try await store.all()
            #expect(all.count == 12_002)
            let sortKeys = all.map { FriendSortKey($0.friend) }
            #expect(zip(sortKeys, sortKeys.dropFirst()).allSatisfy { $0 < $1 })
            let page = try await store.list(FriendListRequest(limit: 10, after: sortKeys[5_000]))
            #expect(page.map(\.friend.id) == Array(all[5_001..<5_011]).map(\.friend.id))
            let bulk = try await store.list(FriendListRequest(limit: 10, search: FriendSearch("bulk")))
            #expect(bulk.map(\.friend.firstname) == ["After", "Before"])

            // A search matching thousands takes the other path in SQLite; the pages must not differ.
            for text in ["a", "s", "+358 4"] {
                let search = FriendSearch(text)
                let expected = all.filter { search?.matches($0.friend) == true }.map(\.friend.id)
                #expect(expected.count > 2_000, "\(text)")
                let first = try await store.list(FriendListRequest(limit: 20, search: search))
                #expect(first.map(\.friend.id) == Array(expected.prefix(20)), "\(text)")
                let later = try await store.list(FriendListRequest(limit: 20, after: FriendSortKey(all[9_000].friend), search: search))
                let expectedLater = all[9_001...].filter { search?.matches($0.friend) == true }.prefix(20).map(\.friend.id)
                #expect(later.map(\.friend.id) == expectedLater, "\(text)")
            }
        }
    }

    /// Digits anywhere in the number: short runs, runs that match thousands and runs that match a
    /// few each take their own way in SQLite; every way gives the pages of the list order.
    @Test(arguments: StoreKind.available)
    func phoneSearchesAtEveryDensityPageLikeTheList(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.insert(Array(SampleFriends(count: 12_000)))
            let all = try await store.all()
            // Digits match no name: a friend matches when the digits of the number hold the query.
            let numbers = all.map { (id: $0.friend.id, digits: SearchText.digits($0.friend.phonenumber)) }
            for text in ["12", "358", "123", "4012", "99999", "0000000"] {
                let search = FriendSearch(text)
                let expected = numbers.filter { $0.digits.contains(text) }.map(\.id)
                let first = try await store.list(FriendListRequest(limit: 20, search: search))
                #expect(first.map(\.friend.id) == Array(expected.prefix(20)), "\(text)")
                let later = try await store.list(FriendListRequest(limit: 20, after: FriendSortKey(all[6_000].friend), search: search))
                let expectedLater = numbers[6_001...].filter { $0.digits.contains(text) }.prefix(20).map(\.id)
                #expect(later.map(\.friend.id) == expectedLater, "\(text)")
            }
        }
    }

    @Test func sqliteRebuildsItsIndexesAfterABulkInsert() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("f.sqlite").path)
            try await store.migrate()
            let before = try await store.indexNames()
            #expect(try await store.writes.perform { try $0.integer("PRAGMA temp_store") } == 2)  // MEMORY, for statement journals
            try await store.insert(Array(SampleFriends(count: 10_000)))
            #expect(try await store.indexNames() == before)
            // The sort for the indexes used files; the writer is back to memory.
            #expect(try await store.writes.perform { try $0.integer("PRAGMA temp_store") } == 2)
            #expect(try await store.count(matching: nil, atMost: nil) == 10_000)
            #expect(before == SQLiteMigrations.indexNames.sorted())
            let found = try await store.list(FriendListRequest(limit: 500, search: FriendSearch("4012")))
            #expect(found.count > 0 && found.allSatisfy { SearchText.digits($0.friend.phonenumber).contains("4012") })
            try await store.close()
        }
    }
}
