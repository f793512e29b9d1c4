import FriendStorage
import FriendsAPI
import SQLiteNIO

/// The change log of the live feed (see `SQLiteMigrations`, version 4).
extension SQLiteFriendStore {
    public func loggedChanges(after sequence: Int, limit: Int) async throws -> [LoggedChange]? {
        try await read { connection in
            try connection.inSnapshot {
                let changes = try connection.rows(
                    "SELECT \(Self.changeColumns) FROM \(FriendSchema.changesTable) WHERE sequence > ? ORDER BY sequence LIMIT \(SQLiteListQuery.boundLimit)",
                    [.integer(sequence), .integer(limit)], Self.change
                )
                // Numbers have no gaps, so a first change later than the next number means pruned history.
                if let first = changes.first { return first.sequence == sequence + 1 ? changes : nil }
                return sequence <= (try Self.latestChangeSequence(connection)) ? [] : nil
            }
        }
    }

    public func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]? {
        try await read { connection in
            try connection.inSnapshot {
                let changes = try connection.rows(
                    "SELECT sequence, kind, friend_id, resource_name FROM \(FriendSchema.changesTable) WHERE sequence > ? ORDER BY sequence LIMIT \(SQLiteListQuery.boundLimit)",
                    [.integer(sequence), .integer(limit)]
                ) { row in
                    CardChange(
                        sequence: row.integer(0) ?? 0, kind: CardChange.Kind(rawValue: row.text(1) ?? "") ?? .reset,
                        id: row.integer(2), resourceName: row.text(3)
                    )
                }
                if let first = changes.first { return first.sequence == sequence + 1 ? changes : nil }
                return sequence <= (try Self.latestChangeSequence(connection)) ? [] : nil
            }
        }
    }

    public func latestChangeSequence() async throws -> Int {
        if let sequence = commits?.unchangedSequence() { return sequence }
        return try await readShort { [commits] connection in try Self.latestChangeSequence(connection, watchedBy: commits) }
    }

    /// A random number drawn when the database was made (when its first migration ran, in
    /// seconds since 1970, for one made before migration 8).
    public func changeLogEpoch() async throws -> Int {
        try await readShort { connection in
            try connection.integer("SELECT value FROM \(FriendSchema.changeEpochTable)") ?? 0
        }
    }

    public func pruneChanges(keepingLast count: Int) async throws {
        try await writingAlone { writer in
            try writer.run(
                "DELETE FROM \(FriendSchema.changesTable) WHERE sequence <= (SELECT MAX(sequence) FROM \(FriendSchema.changesTable)) - ?",
                [.integer(max(1, count))]
            )
        }
    }

    static let changeColumns = "sequence, kind, friend_id, firstname, lastname, phonenumber, email, about, version, details, was_group, is_group"

    static func latestChangeSequence(_ connection: SQLiteDirectConnection) throws -> Int {
        try connection.integer("SELECT COALESCE(MAX(sequence), 0) FROM \(FriendSchema.changesTable)") ?? 0
    }

    /// The sequence, kept by `commits` for the reads that come before the next commit.
    static func latestChangeSequence(_ connection: SQLiteDirectConnection, watchedBy commits: SQLiteCommitWatch?) throws -> Int {
        guard let commits else { return try latestChangeSequence(connection) }
        return try commits.sequence { try latestChangeSequence(connection) }
    }

    private static func change(_ row: SQLiteDirectRow) throws -> LoggedChange {
        guard let sequence = row.integer(0), let kind = row.text(1) else {
            throw FriendStoreError.unavailable("a change row without its sequence or kind")
        }
        let friend = row.integer(2).map { id in
            var friend = Friend(
                id: id, firstname: row.text(3) ?? "", lastname: row.text(4) ?? "",
                phonenumber: row.text(5) ?? "", email: row.text(6) ?? "", about: row.text(7) ?? ""
            )
            FriendDetails.apply(row.text(9) ?? "", to: &friend)
            return friend
        }
        let change = try FriendChange(sequence: sequence, kind: kind, friend: friend, version: row.integer(8))
        return LoggedChange(change, wasGroup: row.integer(10) == 1, isGroup: row.integer(11) == 1)
    }
}
