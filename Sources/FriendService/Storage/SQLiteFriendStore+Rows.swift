import FriendsAPI
import SQLiteNIO

extension SQLiteFriendStore {
    /// Page cache in KiB (negative means KiB to SQLite): 16 MiB normally, 256 MiB while bulk inserting.
    static let cacheSize = -16_384
    static let bulkCacheSize = -262_144
    static let bulkInsertThreshold = 10_000
    static let rowsPerStatement = 500

    static let columns = "id, firstname, lastname, phonenumber, email, about, version"

    static let writableColumnNames = [
        "firstname", "lastname", "phonenumber", "email", "about",
        "sort_last", "sort_first", "search_full", "phone_digits",
    ]
    static var writableColumns: String { writableColumnNames.joined(separator: ", ") }
    static var writablePlaceholders: String {
        Array(repeating: "?", count: writableColumnNames.count).joined(separator: ", ")
    }

    /// Binds in the order of `writableColumnNames`.
    @Sendable static func binds(_ fields: NewFriend) -> [SQLiteData] {
        let search = SearchColumns(fields)
        return [
            fields.firstname, fields.lastname, fields.phonenumber, fields.email, fields.about,
            search.lastname, search.firstname, search.fullName, search.phoneDigits,
        ].map { .text($0) }
    }

    @Sendable static func storedFriend(_ row: SQLiteRow) throws -> StoredFriend {
        guard
            let id = row.column("id")?.integer,
            let firstname = row.column("firstname")?.string,
            let lastname = row.column("lastname")?.string,
            let phonenumber = row.column("phonenumber")?.string,
            let email = row.column("email")?.string,
            let about = row.column("about")?.string,
            let version = row.column("version")?.integer
        else {
            throw FriendStoreError.unavailable("unreadable friends row: \(row)")
        }
        let friend = Friend(
            id: Int(id), firstname: firstname, lastname: lastname,
            phonenumber: phonenumber, email: email, about: about
        )
        return StoredFriend(friend: friend, version: Int(version))
    }

    static func query(_ query: SQLiteListQuery, _ connection: SQLiteConnection) async throws -> [StoredFriend] {
        try await connection.fetch(query.sql, query.binds).map(storedFriend)
    }

    static func read(id: Int, _ connection: SQLiteConnection) async throws -> StoredFriend? {
        try await connection.fetch("SELECT \(columns) FROM friends WHERE id = ?", [.integer(id)])
            .first.map(storedFriend)
    }

    static func readSchemaVersion(_ connection: SQLiteConnection) async throws -> Int {
        let rows = try await connection.query("SELECT MAX(version) AS version FROM \(FriendSchema.migrationsTable)")
        return rows.first?.column("version")?.integer.map { Int($0) } ?? 0
    }

    /// Multi-row `INSERT … VALUES (…), (…)`, `rowsPerStatement` rows a statement.
    static func insertRows(_ friends: [NewFriend], _ connection: SQLiteConnection) async throws {
        var start = friends.startIndex
        while start < friends.endIndex {
            let end = min(start + rowsPerStatement, friends.endIndex)
            let batch = friends[start..<end]
            let values = Array(repeating: "(\(writablePlaceholders))", count: batch.count).joined(separator: ", ")
            _ = try await connection.query("INSERT INTO friends (\(writableColumns)) VALUES \(values)", batch.flatMap(binds))
            start = end
        }
    }

    /// Runs `body` between BEGIN IMMEDIATE and COMMIT; rolls back when it throws.
    static func transaction<T: Sendable>(
        _ connection: SQLiteConnection,
        _ body: @Sendable () async throws -> T
    ) async throws -> T {
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            let result = try await body()
            _ = try await connection.query("COMMIT")
            return result
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }
}
