import FriendStorage
import FriendsAPI
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// The change log of the live feed (see `PostgresMigrations`, version 4).
extension PostgresFriendStore {
    public func loggedChanges(after sequence: Int, limit: Int) async throws -> [LoggedChange]? {
        let query = sql("SELECT \(Self.changeColumns) FROM %s.friend_changes WHERE sequence > $1 ORDER BY sequence LIMIT $2", sequence, limit)
        let rows = try await withConnection { try await $0.query(query, logger: self.logger).collect() }
        let changes = try rows.map(Self.change)
        // Numbers have no gaps, so a first change later than the next number means pruned history.
        if let first = changes.first { return first.sequence == sequence + 1 ? changes : nil }
        return sequence <= (try await latestChangeSequence()) ? [] : nil
    }

    public func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]? {
        let query = sql("SELECT sequence, kind, friend_id, resource_name FROM %s.friend_changes WHERE sequence > $1 ORDER BY sequence LIMIT $2", sequence, limit)
        let rows = try await withConnection { try await $0.query(query, logger: self.logger).collect() }
        let changes = try rows.map { row in
            let (sequence, kind, id, name) = try row.decode((Int, String, Int?, String?).self)
            return CardChange(sequence: sequence, kind: CardChange.Kind(rawValue: kind) ?? .reset, id: id, resourceName: name)
        }
        if let first = changes.first { return first.sequence == sequence + 1 ? changes : nil }
        return sequence <= (try await latestChangeSequence()) ? [] : nil
    }

    public func latestChangeSequence() async throws -> Int {
        let query = sql("SELECT last FROM %s.friend_change_counter")
        let rows = try await withConnection { try await $0.query(query, logger: self.logger).collect() }
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// When the schema's first migration ran, in microseconds since 1970.
    public func changeLogEpoch() async throws -> Int {
        let query = sql("SELECT (EXTRACT(EPOCH FROM applied_at) * 1000000)::bigint FROM %s.\(FriendSchema.migrationsTable) WHERE version = 1")
        let rows = try await withConnection { try await $0.query(query, logger: self.logger).collect() }
        return try rows.first?.decode(Int.self) ?? 0
    }

    public func pruneChanges(keepingLast count: Int) async throws {
        let query = sql("DELETE FROM %s.friend_changes WHERE sequence <= (SELECT last FROM %s.friend_change_counter) - $1", max(1, count))
        _ = try await withConnection { try await $0.query(query, logger: self.logger) }
    }

    /// The schema's name as the trigger's NOTIFY payload spells it (unquoted).
    var schemaName: String { String(schema.dropFirst().dropLast()) }

    /// Listens to the notifications of this schema's changes on a connection of its own, outside
    /// the pool, so that it holds none of the pool's connections for the life of the process. When
    /// the connection is lost (an outage), it connects again, once a second, until cancelled.
    public func listenForChanges(onListening: @escaping @Sendable () -> Void, announce: @escaping @Sendable () -> Void) async {
        let prefix = schemaName + " "
        let location = connector.location
        // Whether the connection listened since the last warning: an outage logs one, not one a second.
        let listened = NIOLockedValueBox(true)
        while !Task.isCancelled {
            let attempt = await Result.capturing {
                let configuration = try location.connectionConfiguration(connectTimeout: PostgresConnector.probeTimeout)
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: self.logger)
                let outcome = await Result.capturing {
                    try await connection.listen(on: PostgresMigrations.changesChannel) { notifications in
                        listened.withLockedValue { $0 = true }
                        onListening()
                        for try await notification in notifications where notification.payload.hasPrefix(prefix) {
                            announce()
                        }
                    }
                }
                try? await connection.close()
                try outcome.get()
            }
            if Task.isCancelled { return }
            if case .failure(let error) = attempt, listened.withLockedValue({ $0 }) {
                listened.withLockedValue { $0 = false }
                logger.warning(
                    "Listening for changes failed; retrying every second until it works again",
                    metadata: ["error": "\(PostgresConnector.plainReason(error))"]
                )
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Runs `body`, a write of many rows at once, with the change-log trigger silent
    /// (`friendservice.seeding`, for this transaction only): one `reset` stands for all of them.
    func withoutLoggingEach<T>(_ connection: PostgresConnection, _ body: () async throws -> T) async throws -> T {
        try await connection.query("SELECT set_config('friendservice.seeding', 'on', true)", logger: logger)
        let result = try await body()
        try await connection.query("SELECT set_config('friendservice.seeding', 'off', true)", logger: logger)
        return result
    }

    func logReset(_ connection: PostgresConnection) async throws {
        try await connection.query(sql("""
            WITH next AS (UPDATE %s.friend_change_counter SET last = last + 1 RETURNING last)
            INSERT INTO %s.friend_changes (sequence, kind) SELECT last, 'reset' FROM next
            """), logger: logger)
        try await connection.query(
            sql("SELECT pg_notify($1, $2 || ' ' || (SELECT last FROM %s.friend_change_counter))",
                PostgresMigrations.changesChannel, schemaName),
            logger: logger
        )
    }

    static let changeColumns = "sequence, kind, friend_id, firstname, lastname, phonenumber, email, about, version, details, was_group, is_group"

    static func change(_ row: PostgresRow) throws -> LoggedChange {
        let (sequence, kind, id, firstname, lastname, phonenumber, email, about, version, details, wasGroup, isGroup) =
            try row.decode((Int, String, Int?, String?, String?, String?, String?, String?, Int?, String?, Bool, Bool).self)
        let friend = id.map { id in
            var friend = Friend(
                id: id, firstname: firstname ?? "", lastname: lastname ?? "",
                phonenumber: phonenumber ?? "", email: email ?? "", about: about ?? ""
            )
            FriendDetails.apply(details ?? "", to: &friend)
            return friend
        }
        return LoggedChange(try FriendChange(sequence: sequence, kind: kind, friend: friend, version: version), wasGroup: wasGroup, isGroup: isGroup)
    }
}
