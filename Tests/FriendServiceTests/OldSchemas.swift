import Foundation
import PostgresNIO

@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// Databases as an earlier server left them: the migrations up to `version`, then rows written
/// with the columns every version from 5 on has.
enum OldSchemas {
    static func sqlite(at path: String, version: Int, records: [FriendRecord]) throws {
        precondition(version >= 5, "rows are written with the columns of version 5")
        let old = try sqlite(at: path, version: version)
        defer { old.close() }
        try SQLiteFriendStore.insertRows(records, old)
    }

    /// A new file at `version`, open for the caller to write its rows.
    static func sqlite(at path: String, version: Int) throws -> SQLiteDirectConnection {
        let old = try SQLiteDirectConnection(path: path, creating: true, pragmas: [])
        try old.execute("CREATE TABLE \(FriendSchema.migrationsTable) (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        for (index, steps) in SQLiteMigrations.all.prefix(version).enumerated() {
            for step in steps { try SQLiteFriendStore.run(step, old) }
            try old.run("INSERT INTO \(FriendSchema.migrationsTable) VALUES (?, datetime('now'))", [.integer(index + 1)])
        }
        return old
    }

    static func postgres(_ store: PostgresFriendStore, version: Int, records: [FriendRecord]) async throws {
        precondition(version >= 5, "rows are written with the columns of version 5")
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
            for (index, steps) in PostgresMigrations.all.prefix(version).enumerated() {
                for step in steps { try await store.run(step, connection) }
                try await connection.query(
                    store.sql("INSERT INTO %s.\(FriendSchema.migrationsTable) (version) VALUES ($1)", index + 1), logger: store.logger)
            }
            let placeholders = (1...PostgresFriendStore.writableColumnNames.count).map { "$\($0)" }.joined(separator: ", ")
            for record in records {
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO \(store.schema).friends (\(PostgresFriendStore.writableColumns)) VALUES (\(placeholders))",
                        binds: PostgresFriendStore.bindings(record)),
                    logger: store.logger)
            }
        }
    }
}
