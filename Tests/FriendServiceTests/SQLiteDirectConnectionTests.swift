import Foundation
import FriendsAPI
import Testing

@testable import FriendStorage
@testable import SQLiteFriendStorage

/// The readers' own connection keeps compiled statements from one read to the next; none of
/// that may show: every read sees the latest commit (or, inside one snapshot, one commit), a
/// failed statement leaves the connection usable, and bound limits are limits.
@Suite(.timeLimit(.minutes(3)))
struct SQLiteDirectConnectionTests {
    @Test func aKeptStatementSeesEveryNewCommitAndItsNewValues() async throws {
        try await withTable { writer, reader in
            let sql = "SELECT count(*) FROM items WHERE name >= ?"
            #expect(try reader.integer(sql, [.text("a")]) == 0)
            try insert("b", writer)
            #expect(try reader.integer(sql, [.text("a")]) == 1)
            #expect(try reader.integer(sql, [.text("c")]) == 0)
            try insert("c", writer)
            #expect(try reader.integer(sql, [.text("c")]) == 1)
        }
    }

    @Test func statementsInOneSnapshotSeeOneCommit() async throws {
        try await withTable { writer, reader in
            try insert("a", writer)
            let (first, second) = try reader.inSnapshot {
                let first = try reader.integer("SELECT count(*) FROM items")
                try insert("b", writer)
                return (first, try reader.integer("SELECT count(*) FROM items"))
            }
            #expect(first == 1)
            #expect(second == 1)
            #expect(try reader.integer("SELECT count(*) FROM items") == 2)
        }
    }

    @Test func aBoundLimitIsALimitWhateverItWasBefore() async throws {
        try await withTable { writer, reader in
            for name in ["a", "b", "c", "d"] { try insert(name, writer) }
            let sql = "SELECT name FROM items ORDER BY name LIMIT \(SQLiteListQuery.boundLimit)"
            for limit in [1, 3, 0, 4, 2] {
                let names = try reader.rows(sql, [.integer(limit)]) { $0.text(0) }
                #expect(names == Array(["a", "b", "c", "d"].prefix(limit)), "limit \(limit)")
            }
        }
    }

    @Test func aFailedStatementLeavesTheConnectionUsable() async throws {
        try await withTable { writer, reader in
            try insert("a", writer)
            #expect(throws: SQLiteFailure.self) { try reader.integer("SELECT count(*) FROM no_such_table") }
            // The reader refuses writes (query_only), and a write refused inside a snapshot ends it.
            #expect(throws: SQLiteFailure.self) {
                try reader.inSnapshot { _ = try reader.rows("INSERT INTO items (name) VALUES ('x')", []) { _ in () } }
            }
            #expect(try reader.integer("SELECT count(*) FROM items") == 1)
            try insert("b", writer)
            #expect(try reader.integer("SELECT count(*) FROM items") == 2)
        }
    }

    @Test func moreShapesThanTheCacheKeepsAreAllAnsweredRightly() async throws {
        try await withTable { writer, reader in
            try insert("a", writer)
            for round in 0..<2 {
                for shape in 0..<(SQLiteDirectConnection.statementLimit + 10) {
                    #expect(try reader.integer("SELECT count(*) + \(shape) FROM items") == 1 + shape, "round \(round)")
                }
            }
        }
    }

    @Test func aRowReadsTextsAndNumbersByPositionAndNothingElse() async throws {
        try await withTable { writer, reader in
            try insert("Åsa \u{1F600}", writer)
            let row = try reader.rows("SELECT id, name, NULL, 2.5 FROM items", []) { row -> [String?] in
                [
                    row.integer(0).map { "\($0)" }, row.text(1), row.text(0),
                    row.integer(1).map { "\($0)" }, row.text(2), row.integer(3).map { "\($0)" },
                ]
            }.first
            #expect(row == ["1", "Åsa \u{1F600}", nil, nil, nil, nil])
        }
    }

    // MARK: - Helpers

    /// A file with an `items` table, a writer connection and a reader that refuses writes.
    private func withTable(_ body: (SQLiteDirectConnection, SQLiteDirectConnection) throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("items.sqlite").path
            // An empty file is an empty database to SQLite; the connection does not create files.
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            try withTable(at: path, body)
        }
    }

    private func withTable(at path: String, _ body: (SQLiteDirectConnection, SQLiteDirectConnection) throws -> Void) throws {
        let writer = try SQLiteDirectConnection(path: path, pragmas: [
            "PRAGMA journal_mode = WAL", "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
        ])
        let reader = try SQLiteDirectConnection(path: path, pragmas: ["PRAGMA query_only = ON"])
        defer {
            reader.close()
            writer.close()
        }
        try body(writer, reader)
    }

    private func insert(_ name: String, _ writer: SQLiteDirectConnection) throws {
        _ = try writer.rows("INSERT INTO items (name) VALUES (?)", [.text(name)]) { _ in () }
    }
}
