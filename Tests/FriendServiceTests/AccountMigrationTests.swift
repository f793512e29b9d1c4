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
            try Self.makeVersionFiveDatabase(at: path, friends: Self.friends)
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
            try await Self.makeVersionFiveSchema(store, friends: Self.friends)
            try await Self.checkMigration(of: store, at: .postgres(url: url))
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }

    static func checkMigration(of store: some FriendStore & AccountRegistry, at location: DatabaseLocation) async throws {
        #expect(try await store.schemaVersion() == 5)
        let before = try await store.all()
        let changesBefore = try #require(try await store.changes(after: 0, limit: 100))
        #expect(before.map(\.friend.firstname) == ["Grace", "Ada"])

        try await store.migrate()
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        #expect(try await store.all() == before)
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

    /// A file as a version 5 server left it, with friends written as it wrote them.
    static func makeVersionFiveDatabase(at path: String, friends: [NewFriend]) throws {
        let old = try SQLiteDirectConnection(path: path, creating: true, pragmas: [])
        defer { old.close() }
        try old.execute("CREATE TABLE \(FriendSchema.migrationsTable) (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        for (index, steps) in SQLiteMigrations.all.prefix(5).enumerated() {
            for step in steps { try SQLiteFriendStore.run(step, old) }
            try old.run("INSERT INTO \(FriendSchema.migrationsTable) VALUES (?, datetime('now'))", [.integer(index + 1)])
        }
        try SQLiteFriendStore.insertRows(friends.map { FriendRecord(newFriend: $0) }, old)
    }

    /// A schema as a version 5 server left it, with friends written as it wrote them.
    static func makeVersionFiveSchema(_ store: PostgresFriendStore, friends: [NewFriend]) async throws {
        try await store.transaction(isLong: true) { connection in
            // As `migrate` does: the extension the first steps create is the database's, shared by every schema;
            // waiting for the lock, behind other tests' migrations on a busy machine, is no statement's timeout.
            try await connection.query("SET LOCAL statement_timeout = 0", logger: store.logger)
            try await connection.query("SET LOCAL lock_timeout = 0", logger: store.logger)
            _ = try await connection.query("SELECT pg_advisory_xact_lock(7305220811)", logger: store.logger).collect()
            try await connection.query(store.sql("CREATE SCHEMA %s"), logger: store.logger)
            try await connection.query(
                store.sql("CREATE TABLE %s.\(FriendSchema.migrationsTable) (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"),
                logger: store.logger)
            for (index, steps) in PostgresMigrations.all.prefix(5).enumerated() {
                for step in steps { try await store.run(step, connection) }
                try await connection.query(
                    store.sql("INSERT INTO %s.\(FriendSchema.migrationsTable) (version) VALUES ($1)", index + 1), logger: store.logger)
            }
            let placeholders = (1...PostgresFriendStore.writableColumnNames.count).map { "$\($0)" }.joined(separator: ", ")
            for fields in friends {
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO \(store.schema).friends (\(PostgresFriendStore.writableColumns)) VALUES (\(placeholders))",
                        binds: PostgresFriendStore.bindings(FriendRecord(newFriend: fields))),
                    logger: store.logger)
            }
        }
    }
}
