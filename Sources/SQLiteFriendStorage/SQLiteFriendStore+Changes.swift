import FriendStorage
import FriendsAPI
import SQLiteNIO

/// The change log of the live feed (see `SQLiteMigrations`, version 3).
extension SQLiteFriendStore {
    public func changes(after sequence: Int, limit: Int) async throws -> [FriendChange]? {
        try await withReader { connection in
            let rows = try await connection.fetch(
                "SELECT \(Self.changeColumns) FROM \(FriendSchema.changesTable) WHERE sequence > ? ORDER BY sequence LIMIT ?",
                [.integer(sequence), .integer(limit)]
            )
            let changes = try rows.map(Self.change)
            // Numbers have no gaps, so a first change later than the next number means pruned history.
            if let first = changes.first { return first.sequence == sequence + 1 ? changes : nil }
            return sequence <= (try await Self.latestChangeSequence(connection)) ? [] : nil
        }
    }

    public func latestChangeSequence() async throws -> Int {
        try await withReader { connection in try await Self.latestChangeSequence(connection) }
    }

    public func pruneChanges(keepingLast count: Int) async throws {
        try await lock.withLock { [connection] in
            _ = try await connection.query(
                "DELETE FROM \(FriendSchema.changesTable) WHERE sequence <= (SELECT MAX(sequence) FROM \(FriendSchema.changesTable)) - ?",
                [.integer(max(1, count))]
            )
        }
    }

    static let changeColumns = "sequence, kind, friend_id, firstname, lastname, phonenumber, email, about, version"

    private static func latestChangeSequence(_ connection: SQLiteConnection) async throws -> Int {
        let rows = try await connection.fetch("SELECT COALESCE(MAX(sequence), 0) FROM \(FriendSchema.changesTable)")
        return rows.first?.columns.first?.data.integer ?? 0
    }

    @Sendable private static func change(_ row: SQLiteRow) throws -> FriendChange {
        let values = row.columns.map(\.data)
        guard values.count == 9, let sequence = values[0].integer, let kind = values[1].string else {
            throw FriendStoreError.unavailable("unreadable change row: \(row)")
        }
        let friend = values[2].integer.map { id in
            Friend(
                id: id, firstname: values[3].string ?? "", lastname: values[4].string ?? "",
                phonenumber: values[5].string ?? "", email: values[6].string ?? "", about: values[7].string ?? ""
            )
        }
        return try FriendChange(sequence: sequence, kind: kind, friend: friend, version: values[8].integer)
    }
}
