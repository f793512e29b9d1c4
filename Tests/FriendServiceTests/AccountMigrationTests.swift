import Foundation
import FriendsAPI
import PostgresNIO
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// A database from before accounts gains their tables; its friends stay where they are, and the
/// first account added owns them.
struct AccountMigrationTests {
    static let friends: [NewFriend] = [.sample("Ada", "Lovelace", phone: "+44 20 7946 0018"), .sample("Grace", "Hopper")]

    @Test func aVersionFiveSQLiteDatabaseGetsAccountsAndTheFirstOwnsItsFriends() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try OldSchemas.sqlite(at: path, version: 5, records: Self.friends.map { FriendRecord(newFriend: $0) })
            let store = try await SQLiteFriendStore.open(path: path)
            let outcome = await Result.capturing {
                try await Self.checkMigration(of: store, at: .sqlite(path: path))
            }
            try await store.close()
            try outcome.get()
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL account migration NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
    func aVersionFivePostgresSchemaGetsAccountsAndTheFirstOwnsItsFriends() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        let store = PostgresFriendStore(location: try PostgresLocation(url: url), leaseTimeout: PostgresTestDatabase.leaseTimeout)
        let outcome = await Result.capturing {
            try await OldSchemas.postgres(store, version: 5, records: Self.friends.map { FriendRecord(newFriend: $0) })
            try await Self.checkMigration(of: store, at: .postgres(url: url))
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }

    static func checkMigration(of store: some FriendStore & AccountRegistry, at location: DatabaseLocation) async throws {
        #expect(try await store.schemaVersion() == 5)
        // Read as CardDAV reads, with the columns version 5 has.
        let cardsBefore = try await store.cardSummaries(afterID: 0, limit: 100)
        let changesBefore = try #require(try await store.cardChanges(after: 0, limit: 100))
        #expect(cardsBefore.count == 2)

        try await store.migrate()
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        #expect(try await store.cardSummaries(afterID: 0, limit: 100) == cardsBefore)
        let before = try await store.all()
        #expect(before.map(\.friend.firstname) == ["Grace", "Ada"])
        #expect(before.map(\.version) == [1, 1])
        #expect(try await store.changes(after: 0, limit: 100)?.map(\.sequence) == changesBefore.map(\.sequence))
        #expect(try await store.hasAccounts() == false)

        let alice = try await store.addAccount(named: .of("alice"), passwordHash: "a", at: Date())
        #expect(alice.ownsMainStore)
        #expect(location.location(ofAccount: alice) == location)
        let bob = try await store.addAccount(named: .of("bob"), passwordHash: "b", at: Date())
        #expect(!bob.ownsMainStore)
        #expect(location.location(ofAccount: bob) != location)
        // Taking over the store moved nothing and logged nothing.
        #expect(try await store.all() == before)
        #expect(try await store.changes(after: 0, limit: 100)?.count == changesBefore.count)
        // Migrating again (another instance starting) changes nothing.
        try await store.migrate()
        #expect(try await store.accounts().map(\.ownsMainStore) == [true, false])
    }
}
