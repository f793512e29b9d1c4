import Foundation
import FriendStorage
import FriendsAPI
import Logging
import NIOPosix
import PostgresNIO
import VCard

/// Friends in PostgreSQL, for several stateless server instances sharing one database.
/// Every write is one transaction; row locks (`FOR UPDATE`) keep If-Match checks race-free.
public final class PostgresFriendStore: FriendStore, FriendChangeListening {
    public var kind: String { "postgres" }

    let connector: PostgresConnector
    let logger: Logger
    /// The quoted schema every table lives in.
    let schema: String

    /// How long a request may wait for a pooled connection before it fails with 503 (and the
    /// store starts treating the database as down): `/health` must answer within a second, other
    /// routes within two.
    public static let leaseTimeout: Duration = .milliseconds(1_200)
    static let pingLeaseTimeout: Duration = .milliseconds(400)
    /// How long `/health` waits for a connection of its own when the pool's are all busy.
    static let pingReachTimeout: Duration = .milliseconds(500)
    /// How long `/health` waits for `SELECT 1` to be answered on a connection it got: a frozen
    /// server (stopped, swapping, its disk hung) would otherwise keep it for `statement_timeout`.
    static let pingAnswerTimeout: Duration = .seconds(1)
    /// How long `connect` waits for the database to answer before naming the cause, unless the
    /// URL's `connect_timeout` says.
    static let startupTimeout: Duration = .seconds(3)
    /// How long `migrate` waits for a pooled connection. `connect` has already found the database
    /// answering; what is left is a busy database or machine, which starting up can wait for and a
    /// request cannot.
    static let migrationLeaseTimeout: Duration = .seconds(30)
    /// How long past the statement timeout a request waits for an answer before taking the connection for lost.
    static let answerGrace: Duration = .seconds(2)

    /// How long a request waits for a pooled connection here; `leaseTimeout` unless the store was
    /// opened with another (tests on a busy machine that are not about outages wait longer).
    let requestLeaseTimeout: Duration

    /// Keeps a small pool of connections to the database of `location` until `close()`; connects lazily.
    public init(
        location: PostgresLocation, logger: Logger = Logger(label: "friendservice.postgres"),
        leaseTimeout: Duration = PostgresFriendStore.leaseTimeout
    ) {
        connector = PostgresConnector(location: location, logger: logger)
        self.logger = logger
        self.schema = "\"\(location.schema)\""
        requestLeaseTimeout = leaseTimeout
    }

    /// Opens a store after checking that the database answers, or throws a `DatabaseError` naming
    /// the cause (`database "nosuchdb" does not exist`, `connection refused`) within a few seconds.
    public static func connect(
        location: PostgresLocation, logger: Logger = Logger(label: "friendservice.postgres"),
        leaseTimeout: Duration = PostgresFriendStore.leaseTimeout
    ) async throws -> PostgresFriendStore {
        do {
            try await PostgresConnector.checkConnection(location, timeout: location.connectTimeout ?? startupTimeout, logger: logger)
        } catch {
            throw DatabaseError("Cannot connect to PostgreSQL at \(location): \(PostgresConnector.plainReason(error)).")
        }
        return PostgresFriendStore(location: location, logger: logger, leaseTimeout: leaseTimeout)
    }

    /// Runs the missing schema versions in one transaction, the check included, under an advisory
    /// lock: instances starting together migrate one after another, and the later ones find nothing to do.
    public func migrate() async throws {
        do {
            try await transaction(leaseTimeout: max(Self.migrationLeaseTimeout, requestLeaseTimeout), isLong: true) { connection in
                // Another instance may be migrating a large table, and this one may take a while too:
                // the session's limits are for requests.
                try await connection.query("SET LOCAL statement_timeout = 0", logger: self.logger)
                try await connection.query("SET LOCAL lock_timeout = 0", logger: self.logger)
                // Read to the end: an error of a statement that returns rows comes with the rows.
                _ = try await connection.query("SELECT pg_advisory_xact_lock(7305220811)", logger: self.logger).collect()
                // Up to date already: nothing is created, so a role that may only read and write
                // the tables serves (PostgreSQL checks the right to create a schema even when it exists).
                if try await self.hasMigrationsTable(connection),
                   try await self.readSchemaVersion(connection) == PostgresMigrations.all.count { return }
                try await connection.query(self.sql("CREATE SCHEMA IF NOT EXISTS %s"), logger: self.logger)
                try await connection.query(self.sql("""
                    CREATE TABLE IF NOT EXISTS %s.\(FriendSchema.migrationsTable) (
                        version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """), logger: self.logger)
                let current = try await self.readSchemaVersion(connection)
                guard current <= PostgresMigrations.all.count else {
                    throw DatabaseError.schemaTooNew(
                        "The PostgreSQL database \(self.connector.location)", version: current, known: PostgresMigrations.all.count)
                }
                for (index, steps) in PostgresMigrations.all.enumerated() where index + 1 > current {
                    for step in steps { try await self.run(step, connection) }
                    try await connection.query(
                        self.sql("INSERT INTO %s.\(FriendSchema.migrationsTable) (version) VALUES ($1)", index + 1),
                        logger: self.logger
                    )
                }
            }
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(
                "Cannot bring the schema of PostgreSQL at \(connector.location) up to date: \(PostgresConnector.plainReason(error))."
            )
        }
    }

    private func hasMigrationsTable(_ connection: PostgresConnection) async throws -> Bool {
        let table = "\(schema).\(FriendSchema.migrationsTable)"
        let exists = try await connection.query(
            PostgresQuery(unsafeSQL: "SELECT to_regclass($1) IS NOT NULL", binds: Self.bindings(table)), logger: logger
        ).collect()
        return try exists.first?.decode(Bool.self) == true
    }

    public func schemaVersion() async throws -> Int {
        try await withConnection { connection in
            guard try await self.hasMigrationsTable(connection) else { return 0 }
            return try await self.readSchemaVersion(connection)
        }
    }

    /// A search is the union of one ordered, limited query per prefix index (last name, full name,
    /// phone digits), so each can use its own index and the planner never has to scan for an OR.
    public func list(_ request: FriendListRequest) async throws -> [StoredFriend] {
        var binds = PostgresBindings()
        func parameter(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        let order = "ORDER BY sort_last, sort_first, id LIMIT \(parameter(request.limit))"
        var keyset: String?
        if let after = request.after {
            keyset = "(sort_last, sort_first, id) > "
                + "(\(parameter(after.lastname)), \(parameter(after.firstname)), \(parameter(after.id)))"
        }
        guard let search = request.search else {
            // Groups, whose empty sort columns put them first and which no search finds, are no friends.
            let conditions = ["NOT is_group", keyset].compactMap { $0 }.joined(separator: " AND ")
            return try await rows(PostgresQuery(
                unsafeSQL: "SELECT \(Self.columns) FROM \(schema).friends WHERE \(conditions) \(order)",
                binds: binds))
        }
        var matches = ["sort_last", "search_full"].map { column in
            "\(column) >= \(parameter(search.text)) AND \(column) < \(parameter(FriendSearch.upperBound(ofPrefix: search.text)))"
        }
        // Digits anywhere in the number: the trigram index finds them (the pattern holds digits only).
        if let digits = search.phoneDigits { matches.append("phone_digits LIKE \(parameter("%" + digits + "%"))") }
        if search.searchesExtra { matches += search.extraTexts.map { "search_extra LIKE \(parameter(Self.containing($0)))" } }
        let branches = matches.map { match in
            let conditions = [match, keyset].compactMap { $0 }.joined(separator: " AND ")
            return "(SELECT id FROM \(schema).friends WHERE \(conditions) \(order))"
        }
        // Each branch orders its matches from an index alone; only the page's rows are read.
        let ids = "SELECT id FROM (\(branches.joined(separator: " UNION ALL "))) AS matches"
        let sql = "SELECT \(Self.columns) FROM \(schema).friends WHERE id IN (\(ids)) \(order)"
        return try await rows(PostgresQuery(unsafeSQL: sql, binds: binds))
    }

    /// The `LIKE` pattern of a text anywhere in a column, its `%`, `_` and backslashes taken literally. A
    /// `LIKE`, unlike `strpos`, can be answered from the trigram index on `search_extra`.
    static func containing(_ text: String) -> String {
        var pattern = "%"
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.unicodeScalars.append("\\") }
            pattern.unicodeScalars.append(scalar)
        }
        return pattern + "%"
    }

    public func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        var binds = PostgresBindings()
        var conditions: [String] = []
        if let search {
            for column in ["sort_last", "search_full"] {
                binds.append(search.text)
                binds.append(FriendSearch.upperBound(ofPrefix: search.text))
                conditions.append("(\(column) >= $\(binds.count - 1) AND \(column) < $\(binds.count))")
            }
            // As `list`: digits anywhere in the number.
            if let digits = search.phoneDigits {
                binds.append("%" + digits + "%")
                conditions.append("phone_digits LIKE $\(binds.count)")
            }
            if search.searchesExtra {
                for text in search.extraTexts {
                    binds.append(Self.containing(text))
                    conditions.append("search_extra LIKE $\(binds.count)")
                }
            }
        }
        let filter = conditions.isEmpty ? "WHERE NOT is_group" : "WHERE " + conditions.joined(separator: " OR ")
        var sql = "SELECT count(*) FROM \(schema).friends \(filter)"
        if let limit {
            binds.append(limit)
            sql = "SELECT count(*) FROM (SELECT 1 FROM \(schema).friends \(filter) LIMIT $\(binds.count)) AS capped"
        }
        let query = PostgresQuery(unsafeSQL: sql, binds: binds)
        let rows = try await withConnection { try await $0.query(query, logger: self.logger).collect() }
        return try rows.first?.decode(Int.self) ?? 0
    }

    public func all() async throws -> [StoredFriend] {
        try await rows(sql("SELECT \(Self.columns) FROM %s.friends WHERE NOT is_group ORDER BY sort_last, sort_first, id"))
    }

    public func allWithSeedFieldsOnly() async throws -> [StoredFriend] {
        try await rows(sql("SELECT \(Self.seedColumns) FROM %s.friends WHERE NOT is_group ORDER BY sort_last, sort_first, id"))
    }

    public func friend(id: Int) async throws -> StoredFriend? {
        try await rows(sql("SELECT \(Self.columns) FROM %s.friends WHERE id = $1 AND NOT is_group", id)).first
    }

    /// A group too: an import merges a group card by its `UID` as any other.
    public func friend(uid: String) async throws -> StoredFriend? {
        try await rows(sql("SELECT \(Self.columns) FROM %s.friends WHERE uid = $1 ORDER BY id LIMIT 1", uid)).first
    }

    public func card(id: Int) async throws -> StoredCard? {
        let query = sql("SELECT \(Self.cardColumns) FROM %s.friends WHERE id = $1", id)
        return try await withConnection { try await $0.query(query, logger: self.logger).collect().map(Self.storedCard) }.first
    }

    /// Export's batches in id order; a search matches as `list`'s does, without its index tricks.
    public func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        var binds = PostgresBindings()
        binds.append(afterID)
        binds.append(limit)
        var filter = ""
        if let search {
            binds.append(search.text)
            binds.append(FriendSearch.upperBound(ofPrefix: search.text))
            var matches = ["(sort_last >= $3 AND sort_last < $4)", "(search_full >= $3 AND search_full < $4)"]
            if let digits = search.phoneDigits {
                binds.append("%" + digits + "%")
                matches.append("phone_digits LIKE $5")
            }
            if search.searchesExtra {
                for text in search.extraTexts {
                    binds.append(Self.containing(text))
                    matches.append("search_extra LIKE $\(binds.count)")
                }
            }
            filter = "AND (" + matches.joined(separator: " OR ") + ")"
        }
        let query = PostgresQuery(
            unsafeSQL: "SELECT \(Self.cardColumns) FROM \(schema).friends WHERE id > $1 \(filter) ORDER BY id LIMIT $2", binds: binds
        )
        return try await withConnection { try await $0.query(query, logger: self.logger).collect().map(Self.storedCard) }
    }

    public func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        let query = sql("SELECT id, version, resource_name FROM %s.friends WHERE id > $1 ORDER BY id LIMIT $2", afterID, limit)
        return try await withConnection { connection in
            try await connection.query(query, logger: self.logger).collect().map { row in
                let (id, version, name) = try row.decode((Int, Int, String).self)
                return CardSummary(id: id, version: version, resourceName: name)
            }
        }
    }

    public func cards(named names: [String]) async throws -> [StoredCard] {
        guard !names.isEmpty else { return [] }
        let query = sql("SELECT \(Self.cardColumns) FROM %s.friends WHERE resource_name = ANY($1) ORDER BY id", names)
        return try await withConnection { try await $0.query(query, logger: self.logger).collect().map(Self.storedCard) }
    }

    public func create(_ fields: NewFriend) async throws -> StoredFriend {
        try await insert(FriendRecord(newFriend: fields))
    }

    /// A card that came with its `UID` is refused when a friend has that `UID` already, however
    /// spelled (`UIDSpellings`): checked in the insert's own transaction, under an advisory lock on
    /// the UID in this schema, so that instances sharing the database take turns on it.
    public func create(card: VCard, resourceName: String?) async throws -> StoredFriend {
        let record = FriendRecord(card: card, resourceName: resourceName)
        let uid = record.friend.uid
        return try await transaction { connection in
            let turn = self.sql("SELECT pg_advisory_xact_lock(\(Self.uidLockClass), hashtext($1))", "\(self.schema)/\(UIDSpellings.key(uid))")
            _ = try await connection.query(turn, logger: self.logger).collect()
            let spellings = UIDSpellings.all(of: uid)
            let holder = self.sql("SELECT id, version FROM %s.friends WHERE uid = ANY($1) ORDER BY id LIMIT 1", spellings)
            if let (id, version) = try await connection.query(holder, logger: self.logger).collect().first.map({ try $0.decode((Int, Int).self) }) {
                throw FriendStoreError.preconditionFailed(id: id, currentVersion: version)
            }
            return try await self.insert(record, connection)
        }
    }

    /// The first key of the advisory locks on a `UID`; the second is the hash of schema and `UID`.
    private static let uidLockClass = 1_179_798_084

    /// A resource name another friend has refuses the new one, as a write whose precondition
    /// failed, and writes nothing.
    private func insert(_ record: FriendRecord) async throws -> StoredFriend {
        try await withConnection { connection in try await self.insert(record, connection) }
    }

    private func insert(_ record: FriendRecord, _ connection: PostgresConnection) async throws -> StoredFriend {
        let placeholders = (1...Self.recordColumnNames.count).map { "$\($0)" }.joined(separator: ", ")
        let query = PostgresQuery(
            unsafeSQL: """
                INSERT INTO \(schema).friends (\(Self.recordColumnNames.joined(separator: ", "))) VALUES (\(placeholders))
                ON CONFLICT (resource_name) DO NOTHING RETURNING \(Self.columns)
                """,
            binds: Self.recordBindings(record)
        )
        let holder = sql("SELECT id, version FROM %s.friends WHERE resource_name = $1", record.resourceName)
        for _ in 1...Self.insertAttempts {
            if let created = try await connection.query(query, logger: logger).collect().first.map(Self.storedFriend) { return created }
            let taken = try await connection.query(holder, logger: logger).collect().first.map { try $0.decode((Int, Int).self) }
            if let (id, version) = taken { throw FriendStoreError.preconditionFailed(id: id, currentVersion: version) }
            // The friend holding the name was deleted between the two statements: the name is free again.
        }
        throw FriendStoreError.unavailable(
            "the resource name \(record.resourceName) was taken and freed again \(Self.insertAttempts) times while this friend was being added"
        )
    }

    /// How many times an insert refused for a taken resource name is made again when the name turns out to be free.
    private static let insertAttempts = 3

    public func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await replace(id: id, if: precondition, friendsOnly: true) { card in
            var card = card
            card.apply(update, now: Date())
            return card
        }
    }

    public func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await replace(id: id, if: precondition) { _ in card }
    }

    /// Reads the stored card under a row lock, changes it and writes it back, in one transaction.
    /// `friendsOnly`: a group is not found (an update names a friend's fields).
    private func replace(
        id: Int, if precondition: VersionPrecondition, friendsOnly: Bool = false, _ change: @escaping @Sendable (VCard) -> VCard
    ) async throws -> StoredFriend {
        try await transaction { connection in
            let stored = try await self.lockedRow(id: id, precondition: precondition, friendsOnly: friendsOnly, connection)
            let found = try await connection.query(self.sql("SELECT \(Self.cardColumns) FROM %s.friends WHERE id = $1", id), logger: self.logger).collect()
            guard let card = try found.first.map(Self.storedCard) else { throw FriendStoreError.notFound(id: id) }
            let record = try FriendRecord(card: change(try FriendRecord.card(from: card.text)), resourceName: card.resourceName)
                .withinLimits(id: id)
            guard record.cardText != card.text else { return stored }
            let assignments = Self.recordColumnNames.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
            var binds = Self.recordBindings(record)
            binds.append(id)
            let updated = try await connection.query(
                PostgresQuery(
                    unsafeSQL: "UPDATE \(self.schema).friends SET \(assignments), version = version + 1 WHERE id = $\(binds.count) RETURNING \(Self.columns)",
                    binds: binds),
                logger: self.logger
            ).collect()
            guard let row = try updated.first.map(Self.storedFriend) else { throw FriendStoreError.notFound(id: id) }
            return row
        }
    }

    public func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await transaction { connection in
            let stored = try await self.lockedRow(id: id, precondition: precondition, connection)
            try await connection.query(self.sql("DELETE FROM %s.friends WHERE id = $1", id), logger: self.logger)
            return stored
        }
    }

    /// Logs one `reset` for the whole batch rather than a change per friend.
    /// Sends each batch as columns of arrays (`UNNEST`), so one statement inserts thousands of rows.
    public func insert(_ friends: [NewFriend]) async throws {
        let rowsPerStatement = 10_000
        let arrays = (1...Self.writableColumnNames.count).map { "$\($0)::text[]" }.joined(separator: ", ")
        let sql = "INSERT INTO \(schema).friends (\(Self.writableColumns)) SELECT * FROM UNNEST(\(arrays))"
        // Making thousands of cards is seconds of work: on a thread of its own, not on one of the
        // few threads every task shares.
        let now = Date()
        let records = try await NIOThreadPool.singleton.runIfActive { friends.map { FriendRecord(newFriend: $0, now: now) } }
        try await transaction(isLong: true) { connection in
            try await connection.query("SET LOCAL statement_timeout = 0", logger: self.logger)
            try await self.withoutLoggingEach(connection) {
                var start = friends.startIndex
                while start < friends.endIndex {
                    let end = min(start + rowsPerStatement, friends.endIndex)
                    var columns = Array(repeating: [String](), count: Self.writableColumnNames.count)
                    for record in records[start..<end] {
                        for (index, value) in Self.values(record).enumerated() { columns[index].append(value) }
                    }
                    var binds = PostgresBindings()
                    for column in columns { binds.append(column) }
                    try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: self.logger)
                    start = end
                }
            }
            try await self.logReset(connection)
        }
        // Fresh statistics at once (ANALYZE samples, so it is quick): until autovacuum gets to it,
        // the planner takes a freshly seeded million rows for a tiny table, and a search walks the
        // wrong index for seconds.
        try await transaction(isLong: true) { connection in
            try await connection.query("SET LOCAL statement_timeout = 0", logger: self.logger)
            try await connection.query(PostgresQuery(unsafeSQL: "ANALYZE \(self.schema).friends"), logger: self.logger)
        }
    }

    /// Whether the database answers. With every pooled connection busy (a burst of requests), or
    /// a `SELECT 1` unanswered within a second, a connection of its own tells: load alone must not
    /// make `/health` take the server out of service, and a frozen server is taken for down.
    public func ping() async throws {
        do {
            try await connector.withConnection(
                leaseTimeout: Self.pingLeaseTimeout, answerTimeout: Self.pingAnswerTimeout, silenceMeansDown: false
            ) { connection in
                _ = try await connection.query("SELECT 1", logger: self.logger)
            }
        } catch FriendStoreError.busy {
            try await connector.checkReach(timeout: Self.pingReachTimeout)
        }
    }

    public func close() async throws {
        await connector.close()
    }

    /// Whether the schema exists: it is made by the first migration.
    public func schemaExists() async throws -> Bool {
        try await withConnection { connection in
            let name = self.connector.location.schema
            return try await !connection.query("SELECT 1 FROM pg_namespace WHERE nspname = \(name)", logger: self.logger).collect().isEmpty
        }
    }

    /// Drops the schema and everything in it (tests clean up with this).
    public func dropSchema() async throws {
        try await withConnection { connection in
            _ = try await connection.query(self.sql("DROP SCHEMA IF EXISTS %s CASCADE"), logger: self.logger)
        }
    }
}
