import Foundation
import FriendsAPI
import PostgresNIO
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage

/// A PostgreSQL schema written by an earlier server is brought up to date, as SQLite's is.
@Suite(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL migrations NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
struct PostgresMigrationTests {
    @Test func aVersionTwoSchemaIsFoldedAgainAndFindsDigitsAnywhere() async throws {
        let store = PostgresFriendStore(
            location: try PostgresLocation(url: PostgresTestDatabase.freshSchemaURL()), leaseTimeout: PostgresTestDatabase.leaseTimeout
        )
        let outcome = await Result.capturing {
            try await store.transaction(isLong: true) { connection in
                // As `migrate` does: the extension the first steps create is the database's, shared by every schema;
                // waiting for the lock, behind other tests' migrations on a busy machine, is no statement's timeout.
                try await connection.query("SET LOCAL statement_timeout = 0", logger: store.logger)
                try await connection.query("SET LOCAL lock_timeout = 0", logger: store.logger)
                _ = try await connection.query("SELECT pg_advisory_xact_lock(7305220811)", logger: store.logger).collect()
                _ = try await connection.query(store.sql("CREATE SCHEMA %s"), logger: store.logger)
                _ = try await connection.query(
                    store.sql("CREATE TABLE %s.\(FriendSchema.migrationsTable) (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"),
                    logger: store.logger)
                for (index, steps) in PostgresMigrations.all.prefix(2).enumerated() {
                    for step in steps { try await store.run(step, connection) }
                    _ = try await connection.query(
                        store.sql("INSERT INTO %s.\(FriendSchema.migrationsTable) (version) VALUES ($1)", index + 1), logger: store.logger)
                }
                // As version 2 stored them: folded without spelling out ø and ł.
                for (first, last, phone, sortFirst, sortLast) in [
                    ("Martin", "Ødegaard", "+47 612 34 567", "martin", "ødegaard"), ("Łukasz", "Nowak", "", "łukasz", "nowak"),
                ] {
                    _ = try await connection.query(
                        store.sql("""
                            INSERT INTO %s.friends (firstname, lastname, phonenumber, sort_last, sort_first, search_full, phone_digits)
                            VALUES ($1, $2, $3, $4, $5, $6, $7)
                            """, first, last, phone, sortLast, sortFirst, sortFirst + " " + sortLast, SearchText.digits(phone)),
                        logger: store.logger)
                }
            }
            try await store.migrate()
            #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
            for (query, expected) in [("odegaard", "Martin"), ("martin ode", "Martin"), ("lukasz", "Łukasz"), ("612", "Martin"), ("34 5", "Martin")] {
                let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch(query)))
                #expect(found.map(\.friend.firstname) == [expected], "\(query)")
            }
            // Version 5: every friend a vCard 3.0 card with a UID, and one reset for the views.
            for stored in try await store.all() {
                #expect(!stored.friend.uid.isEmpty)
                let card = try #require(try await store.card(id: stored.friend.id))
                #expect(card.text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
                #expect(card.resourceName == stored.friend.uid + ".vcf")
            }
            #expect(try await store.changes(after: 0, limit: 10)?.map(\.eventName) == [FriendChange.Name.reset])
            #expect(try await store.all().first { $0.friend.lastname == "Ødegaard" }?.friend.phones.map(\.value) == ["+47 612 34 567"])
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }

    /// Version 10 finds a friend by any of its numbers: rows written before it held the preferred
    /// number's digits only.
    @Test func aVersionNineSchemaFindsAFriendByEveryNumber() async throws {
        let store = PostgresFriendStore(
            location: try PostgresLocation(url: PostgresTestDatabase.freshSchemaURL()), leaseTimeout: PostgresTestDatabase.leaseTimeout
        )
        let outcome = await Result.capturing {
            let ana = NewFriend(firstname: "Ana", lastname: "Ruiz", phones: [
                LabeledValue(label: "mobile", value: "+34 612 345 678"), LabeledValue(label: "work", value: "070-161 2000"),
            ])
            try await OldSchemas.postgres(store, version: 9, records: [FriendRecord(newFriend: ana)])
            // As version 9 wrote it.
            try await store.transaction { connection in
                _ = try await connection.query(store.sql("UPDATE %s.friends SET phone_digits = '34612345678'"), logger: store.logger)
            }
            try await store.migrate()
            #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
            let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch("161 2000")))
            #expect(found.map(\.friend.firstname) == ["Ana"])
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }

    /// Version 11 keeps group cards, stored as friends before it, for CardDAV alone.
    @Test func aVersionTenSchemaFindsItsGroupsAndNoLongerShowsThem() async throws {
        try await Self.migrate(fromVersion: 10, records: try GroupMigrationCheck.versionTenRecords()) { try await GroupMigrationCheck.check($0) }
    }

    /// Version 13 searches East Asian full names family name first.
    @Test func aVersionTwelveSchemaFindsEastAsianNamesAsTheyAreShown() async throws {
        try await Self.migrate(fromVersion: 12, records: FamilyNameFirstMigrationCheck.versionTwelveRecords()) { try await FamilyNameFirstMigrationCheck.check($0) }
    }

    /// Version 17 finds a name of several words by a later word.
    @Test func aVersionSixteenSchemaFindsNamesOfSeveralWordsByALaterWord() async throws {
        let check = SearchedAnywhereMigrationCheck.severalWords
        try await Self.migrate(fromVersion: 16, records: check.recordsBefore()) { try await check.check($0) }
    }

    /// Version 16 finds an East Asian name written whole in one field by its given name.
    @Test func aVersionFifteenSchemaFindsOneFieldEastAsianNamesByTheirGivenName() async throws {
        let check = SearchedAnywhereMigrationCheck.oneFieldEastAsianName
        try await Self.migrate(fromVersion: 15, records: check.recordsBefore()) { try await check.check($0) }
    }

    /// Version 15 finds a name that starts with a symbol from its first letter.
    @Test func aVersionFourteenSchemaFindsNamesThatStartWithASymbol() async throws {
        let check = SearchedAnywhereMigrationCheck.symbolName
        try await Self.migrate(fromVersion: 14, records: check.recordsBefore()) { try await check.check($0) }
    }

    /// Version 14 shows no address with every field empty.
    @Test func aVersionThirteenSchemaShowsNoBlankAddress() async throws {
        try await Self.migrate(fromVersion: 13, records: try BlankAddressMigrationCheck.versionThirteenRecords()) { try await BlankAddressMigrationCheck.check($0) }
    }

    /// Version 12 reads what every stored card shows again.
    @Test func aVersionElevenSchemaShowsItsCardsAsTheyReadNow() async throws {
        try await Self.migrate(fromVersion: 11, records: try RederiveMigrationCheck.versionElevenRecords()) { try await RederiveMigrationCheck.check($0) }
    }

    /// A fresh schema of `version` holding `records`, migrated, then `check`ed, then dropped.
    static func migrate(fromVersion version: Int, records: [FriendRecord], check: (PostgresFriendStore) async throws -> Void) async throws {
        let store = PostgresFriendStore(
            location: try PostgresLocation(url: PostgresTestDatabase.freshSchemaURL()), leaseTimeout: PostgresTestDatabase.leaseTimeout
        )
        let outcome = await Result.capturing {
            try await OldSchemas.postgres(store, version: version, records: records)
            try await store.migrate()
            try await check(store)
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }
}
