import Foundation
import FriendsAPI
import SQLiteNIO
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// A database made by an earlier version of the server is brought up to date without losing friends.
struct SQLiteMigrationTests {
    @Test func aVersionOneDatabaseGetsTheNewSearchIndexesAndKeepsItsFriends() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try await Self.makeDatabase(at: path, version: 1, friends: [.sample("Yuki", "Tanaka", phone: "+358 40 123")])

            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
            #expect(try await indexColumns("friends_search_full", path) == ["search_full", "sort_last", "sort_first", "id"])
            for query in ["yuki t", "tan", "+358 40 1", "40 123", "0123"] {
                let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch(query)))
                #expect(found.map(\.friend.firstname) == ["Yuki"], "\(query)")
            }
            try await store.close()
        }
    }

    /// Version 3 folds names again (ø → o and the like): rows written before it are found by what
    /// people type, and sorted like new ones.
    @Test func aVersionTwoDatabaseIsFoldedAgain() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try await Self.makeDatabase(at: path, version: 2, friends: [
                .sample("Martin", "Ødegaard", phone: "+47 612 34 567"), .sample("Łukasz", "Nowak"), .sample("Ada", "Lovelace"),
            ])

            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            for (query, expected) in [("odegaard", "Martin"), ("martin ode", "Martin"), ("lukasz", "Łukasz"), ("612", "Martin")] {
                let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch(query)))
                #expect(found.map(\.friend.firstname) == [expected], "\(query)")
            }
            #expect(try await store.all().map(\.friend.lastname) == ["Lovelace", "Nowak", "Ødegaard"])
            try await store.close()
        }
    }

    /// Version 5 makes every friend a vCard 3.0 card with a UID, keeps what the friend was, and
    /// tells every view to reload once.
    @Test func aVersionFourDatabaseGetsACardForEveryFriend() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try await Self.makeDatabase(at: path, version: 4, friends: [
                .sample("Ada", "Lovelace", phone: "+44 20 7946 0018"), NewFriend(firstname: "Grace", lastname: "Hopper", email: "grace@example.com", about: "Navy; COBOL, too"),
            ])

            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            let friends = try await store.all()
            #expect(friends.map(\.friend.displayName) == ["Grace Hopper", "Ada Lovelace"])
            #expect(friends.map(\.version) == [1, 1])
            let grace = try #require(friends.first)
            #expect(grace.friend.about == "Navy; COBOL, too")
            #expect(grace.friend.emails == [LabeledValue(label: "", value: "grace@example.com")])
            #expect(!grace.friend.uid.isEmpty)
            let card = try #require(try await store.card(id: grace.friend.id))
            #expect(card.text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
            #expect(card.text.contains("NOTE:Navy\\; COBOL\\, too\r\n"))
            #expect(card.resourceName == grace.friend.uid + ".vcf")
            #expect(try await store.friend(uid: grace.friend.uid) == grace)
            let changes = try #require(try await store.changes(after: 0, limit: 10))
            #expect(changes.map(\.eventName) == [FriendChange.Name.created, FriendChange.Name.created, FriendChange.Name.reset])
            try await store.close()
        }
    }

    @Test func aVersionSixDatabaseKeepsItsNumberOfFriendsAsRowsComeAndGo() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try OldSchemas.sqlite(at: path, version: 6, records: [
                FriendRecord(newFriend: .sample("Ada", "Lovelace", phone: "+44 20 7946 0018")),
                FriendRecord(newFriend: NewFriend(firstname: "Grace", lastname: "Hopper")),
            ])

            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            #expect(try await store.count(matching: nil, atMost: nil) == 2)
            let alan = try await store.create(NewFriend(firstname: "Alan", lastname: "Turing"))
            _ = try await store.delete(id: alan.friend.id, if: .any)
            // A batch drops the counting trigger and adds its size once (a bulk one too: BulkInsertTests).
            try await store.insert((1...3).map { NewFriend(firstname: "F\($0)", lastname: "L") })
            let total = try await store.count(matching: nil, atMost: nil)
            #expect(total == 5)
            #expect(total == (try await store.all()).count)
            #expect(try await store.count(matching: nil, atMost: 4) == 4)
            try await store.close()
        }
    }

    /// Sync tokens carry the change log's epoch: a database made before migration 8 keeps the
    /// one its clients have (its first migration's second), and databases made in one second
    /// (accounts first used together) get epochs of their own.
    @Test func aNewDatabaseDrawsItsEpochAndAnOlderOneKeepsIt() async throws {
        try await TemporaryDirectory.with { directory in
            let olderPath = directory.appendingPathComponent("older.sqlite").path
            try await Self.makeDatabase(at: olderPath, version: 7, friends: [])
            let old = try SQLiteDirectConnection(path: olderPath, creating: false, pragmas: [])
            try old.execute("UPDATE \(FriendSchema.migrationsTable) SET applied_at = '2026-01-02 03:04:05' WHERE version = 1")
            old.close()
            let older = try await SQLiteFriendStore.open(path: olderPath)
            try await older.migrate()
            #expect(try await older.changeLogEpoch() == 1_767_323_045)
            try await older.close()

            var epochs: Set<Int> = []
            for name in ["a", "b", "c"] {
                let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("\(name).sqlite").path)
                try await store.migrate()
                let epoch = try await store.changeLogEpoch()
                try await store.migrate()
                #expect(try await store.changeLogEpoch() == epoch, "migrating again keeps it")
                epochs.insert(epoch)
                try await store.close()
            }
            #expect(epochs.count == 3)
        }
    }

    /// A file at `version`, written as that version's server did: folded without the letters
    /// that have no decomposition.
    /// Version 9 gives a book made before it the default name, and a place to keep another.
    @Test func aVersionEightDatabaseKeepsItsFriendsAndCanNameItsBook() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try await Self.makeDatabase(at: path, version: 8, friends: [.sample("Ada", "Lovelace")])
            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            #expect(try await store.addressBookName() == nil)
            try await store.setAddressBookName("Ada's")
            #expect(try await store.addressBookName() == "Ada's")
            #expect(try await store.all().map(\.friend.firstname) == ["Ada"])
            try await store.close()
        }
    }

    /// Version 10 finds a friend by any of its numbers: rows written before it held the preferred
    /// number's digits only.
    @Test func aVersionNineDatabaseFindsAFriendByEveryNumber() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let ana = NewFriend(firstname: "Ana", lastname: "Ruiz", phones: [
                LabeledValue(label: "mobile", value: "+34 612 345 678"), LabeledValue(label: "work", value: "070-161 2000"),
            ])
            try OldSchemas.sqlite(at: path, version: 9, records: [FriendRecord(newFriend: ana)])
            // As version 9 wrote it.
            let old = try SQLiteDirectConnection(path: path, creating: false, pragmas: [])
            try old.execute("UPDATE friends SET phone_digits = '34612345678'")
            old.close()

            let migrated = try await SQLiteFriendStore.open(path: path)
            try await migrated.migrate()
            #expect(try await migrated.schemaVersion() == FriendSchema.currentVersion)
            let found = try await migrated.list(FriendListRequest(limit: 10, search: FriendSearch("161 2000")))
            #expect(found.map(\.friend.firstname) == ["Ana"])
            try await migrated.close()
        }
    }

    /// Version 11 keeps group cards, stored as friends before it, for CardDAV alone.
    @Test func aVersionTenDatabaseFindsItsGroupsAndNoLongerShowsThem() async throws {
        try await Self.migrate(fromVersion: 10, records: try GroupMigrationCheck.versionTenRecords()) { try await GroupMigrationCheck.check($0) }
    }

    /// Version 12 reads what every stored card shows again.
    @Test func aVersionElevenDatabaseShowsItsCardsAsTheyReadNow() async throws {
        try await Self.migrate(fromVersion: 11, records: try RederiveMigrationCheck.versionElevenRecords()) { try await RederiveMigrationCheck.check($0) }
    }

    /// Version 17 finds a name of several words by a later word.
    @Test func aVersionSixteenDatabaseFindsNamesOfSeveralWordsByALaterWord() async throws {
        let check = SearchedAnywhereMigrationCheck.severalWords
        try await Self.migrate(fromVersion: 16, records: check.recordsBefore()) { try await check.check($0) }
    }

    /// Version 16 finds an East Asian name written whole in one field by its given name.
    @Test func aVersionFifteenDatabaseFindsOneFieldEastAsianNamesByTheirGivenName() async throws {
        let check = SearchedAnywhereMigrationCheck.oneFieldEastAsianName
        try await Self.migrate(fromVersion: 15, records: check.recordsBefore()) { try await check.check($0) }
    }

    /// Version 15 finds a name that starts with a symbol from its first letter.
    @Test func aVersionFourteenDatabaseFindsNamesThatStartWithASymbol() async throws {
        let check = SearchedAnywhereMigrationCheck.symbolName
        try await Self.migrate(fromVersion: 14, records: check.recordsBefore()) { try await check.check($0) }
    }

    /// Version 14 shows no address with every field empty.
    @Test func aVersionThirteenDatabaseShowsNoBlankAddress() async throws {
        try await Self.migrate(fromVersion: 13, records: BlankAddressMigrationCheck.versionThirteenRecords()) { try await BlankAddressMigrationCheck.check($0) }
    }

    @Test func aVersionTwelveDatabaseFindsEastAsianNamesAsTheyAreShown() async throws {
        try await Self.migrate(fromVersion: 12, records: FamilyNameFirstMigrationCheck.versionTwelveRecords()) { try await FamilyNameFirstMigrationCheck.check($0) }
    }

    /// A database of schema `version` holding `records`, migrated, then `check`ed.
    static func migrate(fromVersion version: Int, records: [FriendRecord], check: (SQLiteFriendStore) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            try OldSchemas.sqlite(at: path, version: version, records: records)
            let store = try await SQLiteFriendStore.open(path: path)
            let outcome = await Result.capturing {
                try await store.migrate()
                try await check(store)
            }
            try await store.close()
            try outcome.get()
        }
    }

    static func makeDatabase(at path: String, version: Int, friends: [NewFriend]) async throws {
        let old = try OldSchemas.sqlite(at: path, version: version)
        defer { old.close() }
        for fields in friends {
            let oldFold: (String) -> String = {
                FriendValidation.trim($0)
                    .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                    .precomposedStringWithCanonicalMapping
            }
            let first = oldFold(fields.firstname), last = oldFold(fields.lastname)
            let values = [
                fields.firstname, fields.lastname, fields.phonenumber, fields.email, fields.about,
                last, first, first + " " + last, SearchText.digits(fields.phonenumber),
            ]
            let columns = "firstname, lastname, phonenumber, email, about, sort_last, sort_first, search_full, phone_digits"
            try old.run("INSERT INTO friends (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", values.map { .text($0) })
        }
    }

    private func indexColumns(_ index: String, _ path: String) async throws -> [String] {
        let connection = try SQLiteDirectConnection(path: path, pragmas: [])
        defer { connection.close() }
        return try connection.rows("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [.text(index)]) { $0.text(0) }.compactMap { $0 }
    }
}
