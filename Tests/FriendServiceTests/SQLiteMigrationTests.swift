import Foundation
import FriendsAPI
import SQLiteNIO
import Testing

@testable import FriendService

/// A database made by an earlier version of the server is brought up to date without losing friends.
struct SQLiteMigrationTests {
    @Test func aVersionOneDatabaseGetsTheNewSearchIndexesAndKeepsItsFriends() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let old = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await old.query(
                "CREATE TABLE \(FriendSchema.migrationsTable) (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
            for statement in SQLiteMigrations.all[0] { _ = try await old.query(statement) }
            _ = try await old.query("INSERT INTO \(FriendSchema.migrationsTable) VALUES (1, datetime('now'))")
            _ = try await old.query(
                "INSERT INTO friends (\(SQLiteFriendStore.writableColumns)) VALUES (\(SQLiteFriendStore.writablePlaceholders))",
                SQLiteFriendStore.binds(.sample("Yuki", "Tanaka", phone: "+358 40 123")))
            try await old.close()

            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
            #expect(try await indexColumns("friends_search_full", path) == ["search_full", "sort_last", "sort_first", "id"])
            #expect(try await indexColumns("friends_phone_digits", path) == ["phone_digits", "sort_last", "sort_first", "id"])
            for query in ["yuki t", "tan", "+358 40 1"] {
                let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch(query)))
                #expect(found.map(\.friend.firstname) == ["Yuki"], "\(query)")
            }
            try await store.close()
        }
    }

    private func indexColumns(_ index: String, _ path: String) async throws -> [String] {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let rows = try await connection.query("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [.text(index)])
        try await connection.close()
        return rows.compactMap { $0.column("name")?.string }
    }
}
