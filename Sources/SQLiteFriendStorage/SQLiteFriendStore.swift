import Foundation
import FriendStorage
import FriendsAPI
import Logging
import NIOPosix
import SQLiteNIO
import VCard

/// Friends in one SQLite file (the default), in WAL mode with `synchronous=FULL`, so a write is on
/// disk before it is acknowledged and survives `kill -9`.
///
/// One connection writes, and one lock keeps its transactions from interleaving: writes of single
/// friends are committed in groups (`SQLiteGroupCommit`); migrations, bulk inserts and pruning
/// take the lock for themselves. A pool of read-only connections serves reads side by side, each
/// read in one snapshot (`SQLiteReaderPool`, `SQLiteDirectConnection`), and never waits for a write.
public final class SQLiteFriendStore: FriendStore {
    public var kind: String { "sqlite" }

    let lock = AsyncLock()
    /// Internal so that tests can hold a batch open.
    let writes: SQLiteGroupCommit
    private let readers: SQLiteReaderPool
    /// The one connection that writes, on `writerThreads`.
    private let writer: SQLiteDirectConnection
    private static var writerThreads: NIOThreadPool { .singleton }
    /// `sqlite:PATH`, for messages.
    let name: String
    /// Up to how many friends a search is read on the calling thread (`isQuick`).
    private let smallTable: Int
    /// The change sequence without a transaction while nothing is committed; `nil` outside WAL mode.
    let commits: SQLiteCommitWatch?

    private init(writer: SQLiteDirectConnection, readers: SQLiteReaderPool, name: String, smallTable: Int, commits: SQLiteCommitWatch?) {
        self.writer = writer
        self.readers = readers
        self.name = name
        self.smallTable = smallTable
        self.commits = commits
        writes = SQLiteGroupCommit(connection: writer, threads: Self.writerThreads, lock: lock)
    }

    /// Opens (creating when needed) the database at `path`.
    /// - Throws: `DatabaseError` naming the file and what is wrong with it in plain words.
    public static func open(path: String, logger: Logger = Logger(label: "friendservice.sqlite")) async throws -> SQLiteFriendStore {
        try await open(path: path, logger: logger, smallTable: defaultSmallTable)
    }

    /// `smallTable`, for tests: up to how many friends a search is read on the calling thread.
    static func open(path: String, logger: Logger, smallTable: Int) async throws -> SQLiteFriendStore {
        let name = "sqlite:\(path)"
        let file = SQLiteFile(path: path)
        try file.prepare()
        if let mode = file.modeOthersMayRead {
            logger.warning("The database \(name) can be read by other users of this machine (mode \(String(mode, radix: 8))): it holds everyone's contacts and the accounts' password hashes. chmod 600 it and its -wal and -shm files.")
        }
        let threads = writerThreads
        let writer: SQLiteDirectConnection
        do {
            writer = try await threads.runIfActive {
                try SQLiteDirectConnection(path: path, creating: true, pragmas: ["PRAGMA busy_timeout = \(startupBusyTimeout)"])
            }
        } catch {
            throw DatabaseError("Cannot open the database \(name): \(SQLiteFile.plainReason(error)).")
        }
        do {
            // Switching a new file to WAL waits for another process opening it too.
            try await retryingWhileBusy { try await threads.runIfActive { try writer.execute("PRAGMA journal_mode = WAL") } }
            try await threads.runIfActive {
                // Foreign keys: an account's tokens go with it (`ON DELETE CASCADE`).
                for pragma in [
                    "PRAGMA busy_timeout = \(busyTimeout)", "PRAGMA synchronous = FULL", "PRAGMA cache_size = \(cacheSize)",
                    "PRAGMA foreign_keys = ON", temporaryDataInMemory,
                ] {
                    try writer.execute(pragma)
                }
            }
            let readers = try await SQLiteReaderPool.open(path: path, count: readerCount, cacheSize: readerCacheSize)
            // A file SQLite could not switch to WAL stays in its old mode, without a header to watch.
            let commits = try await threads.runIfActive { () -> SQLiteCommitWatch? in
                guard try writer.rows("PRAGMA journal_mode", [], { $0.text(0) }).first == "wal" else { return nil }
                _ = try writer.integer("PRAGMA schema_version")  // a read, so that SQLite has mapped the index
                return writer.walIndex().map(SQLiteCommitWatch.init(walIndex:))
            }
            return SQLiteFriendStore(writer: writer, readers: readers, name: name, smallTable: smallTable, commits: commits)
        } catch {
            try? await threads.runIfActive { writer.close() }
            throw DatabaseError("Cannot open the database \(name): \(SQLiteFile.plainReason(error)).")
        }
    }

    /// `body`, a read of a row or two, on the calling thread (see `SQLiteReaderPool.read(atOnce:else:)`).
    func readShort<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        try await read(atOnce: body, else: body)
    }

    /// `atOnce` on the calling thread, and `body` on a reader thread when `atOnce` has no answer.
    func read<T: Sendable>(
        atOnce: (SQLiteDirectConnection) throws -> T?,
        else body: @escaping @Sendable (SQLiteDirectConnection) throws -> T
    ) async throws -> T {
        do {
            return try await readers.read(atOnce: atOnce, else: body)
        } catch {
            throw SQLiteFailure.forClients(error)
        }
    }

    /// Runs `body` on a reader; a body that runs several statements runs them `inSnapshot`.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        do {
            return try await readers.read(body)
        } catch {
            throw SQLiteFailure.forClients(error)
        }
    }

    /// Runs `body` on the writer, alone: no batch of `writes` runs meanwhile.
    func writingAlone<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        do {
            return try await lock.withLock { [writer] in try await Self.writerThreads.runIfActive { try body(writer) } }
        } catch {
            throw SQLiteFailure.forClients(error)
        }
    }

    /// Runs the missing schema versions in one write transaction that reads the version first, so
    /// that two processes migrating one new file take turns and the second finds nothing to do.
    /// - Throws: `DatabaseError` for a read-only file, or a schema newer than this server knows.
    public func migrate() async throws {
        let outcome = await Result.capturing {
            try await lock.withLock { [writer, name] in
                let threads = Self.writerThreads
                // A large database takes a while to migrate; another process starting meanwhile waits for it.
                try await threads.runIfActive { try writer.execute("PRAGMA busy_timeout = \(Self.startupBusyTimeout)") }
                let migrated = await Result.capturing {
                    try await Self.retryingWhileBusy {
                        try await threads.runIfActive { try Self.sortingOnDisk(writer) { try Self.migrateInTransaction(writer, name: name) } }
                    }
                }
                try? await threads.runIfActive { try writer.execute("PRAGMA busy_timeout = \(Self.busyTimeout)") }
                try migrated.get()
            }
        }
        switch outcome {
        case .success: return
        case .failure(let error as DatabaseError): throw error
        case .failure(let error):
            throw DatabaseError("Cannot bring the schema of the database \(name) up to date: \(SQLiteFile.plainReason(error)).")
        }
    }

    private static func migrateInTransaction(_ writer: SQLiteDirectConnection, name: String) throws {
        try writer.transaction {
            try writer.execute("""
                CREATE TABLE IF NOT EXISTS \(FriendSchema.migrationsTable) (
                    version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)
                """)
            let current = try readSchemaVersion(writer)
            guard current <= SQLiteMigrations.all.count else {
                throw DatabaseError.schemaTooNew("The database \(name)", version: current, known: SQLiteMigrations.all.count)
            }
            for (index, steps) in SQLiteMigrations.all.enumerated() where index + 1 > current {
                for step in steps { try run(step, writer) }
                try writer.run(
                    "INSERT INTO \(FriendSchema.migrationsTable) (version, applied_at) VALUES (?, datetime('now'))",
                    [.integer(index + 1)]
                )
            }
            if current == 0 {
                try writer.run("UPDATE \(FriendSchema.changeEpochTable) SET value = ?", [.integer(Int.random(in: 1...(1 << 53)))])
            }
        }
    }

    public func schemaVersion() async throws -> Int {
        try await read { connection in
            try connection.inSnapshot {
                let exists = try connection.integer(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(FriendSchema.migrationsTable)])
                return exists == nil ? 0 : try Self.readSchemaVersion(connection)
            }
        }
    }

    public func list(_ request: FriendListRequest) async throws -> [StoredFriend] {
        try await read { connection in try connection.inSnapshot { try Self.list(request, connection) } }
    }

    /// The sequence, and the page and its count when `need` asks for them, in one snapshot, so
    /// the sequence names exactly the state the page shows.
    public func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        // Most requests of a list that did not change need only the sequence.
        if let sequence = commits?.unchangedSequence(), case .nothing = need(sequence) {
            return FriendListSnapshot(sequence: sequence)
        }
        let smallTable = smallTable
        return try await read(atOnce: { [commits] connection in
            // Outside a snapshot, which would cost two statements more. A page that cannot take
            // long is read at once too.
            let sequence = try Self.latestChangeSequence(connection, watchedBy: commits)
            if case .nothing = need(sequence) { return FriendListSnapshot(sequence: sequence) }
            guard try Self.isQuick(request, smallTable: smallTable, connection) else { return nil }
            return try Self.listSnapshot(request, reading: need, commits, connection)
        }, else: { [commits] connection in
            try Self.listSnapshot(request, reading: need, commits, connection)
        })
    }

    /// Whether SQLite answers `request` in well under a millisecond, less than the trip to a reader
    /// thread and back costs a page of a hundred friends (see BENCHMARKS.md): a page of the whole
    /// list is a walk of at most `maximumLimit` entries of its index at any size, and a search
    /// reads at most `smallTable` entries of an index while the table is no bigger. A search of
    /// a bigger address book can probe tens of thousands, on a reader thread.
    private static func isQuick(_ request: FriendListRequest, smallTable: Int, _ connection: SQLiteDirectConnection) throws -> Bool {
        guard request.search != nil else { return request.limit <= FriendListQuery.maximumLimit }
        return try count(matching: nil, atMost: nil, connection) <= smallTable
    }

    /// The most friends at which a search is read on the calling thread.
    static let defaultSmallTable = 5_000

    private static func listSnapshot(
        _ request: FriendListRequest, reading need: (Int) -> FriendListNeed, _ commits: SQLiteCommitWatch?,
        _ connection: SQLiteDirectConnection
    ) throws -> FriendListSnapshot {
        try connection.inSnapshot {
            var snapshot = FriendListSnapshot(sequence: try latestChangeSequence(connection, watchedBy: commits))
            switch need(snapshot.sequence) {
            case .nothing:
                break
            case .rows:
                snapshot.rows = try list(request, connection)
            case .rowsAndCount(let limit):
                snapshot.rows = try list(request, connection)
                snapshot.count = try count(matching: request.search, atMost: limit, connection)
            }
            return snapshot
        }
    }

    public func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await read { connection in try Self.count(matching: search, atMost: limit, connection) }
    }

    public func all() async throws -> [StoredFriend] {
        try await all(columns: Self.columns)
    }

    public func allWithSeedFieldsOnly() async throws -> [StoredFriend] {
        try await all(columns: Self.seedColumns)
    }

    private func all(columns: String) async throws -> [StoredFriend] {
        try await read { connection in
            try connection.rows("SELECT \(columns) FROM friends WHERE is_group = 0 ORDER BY sort_last, sort_first, id", [], Self.storedFriend)
        }
    }

    public func friend(id: Int) async throws -> StoredFriend? {
        try await readShort { connection in try Self.readFriend(id: id, connection) }
    }

    /// Two statements outside a snapshot: a friend changed between them is kept by the caller
    /// under the older sequence, which only requests that read it before the change finished
    /// can find; they get the newer friend, with its own tag.
    public func friendSnapshot(id: Int, reading need: @escaping @Sendable (Int) -> Bool) async throws -> FriendSnapshot {
        if let sequence = commits?.unchangedSequence(), !need(sequence) { return FriendSnapshot(sequence: sequence, friend: nil) }
        return try await readShort { [commits] connection in
            let sequence = try Self.latestChangeSequence(connection, watchedBy: commits)
            return FriendSnapshot(sequence: sequence, friend: need(sequence) ? try Self.readFriend(id: id, connection) : nil)
        }
    }

    /// A group too: an import merges a group card by its `UID` as any other.
    public func friend(uid: String) async throws -> StoredFriend? {
        try await readShort { connection in
            try connection.rows("SELECT \(Self.columns) FROM friends WHERE uid = ? ORDER BY id LIMIT 1", [.text(uid)], Self.storedFriend).first
        }
    }

    public func card(id: Int) async throws -> StoredCard? {
        try await readShort { connection in try Self.readCard(id: id, connection) }
    }

    public func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await read { connection in
            guard let search else {
                return try connection.rows(
                    "SELECT \(Self.cardColumns) FROM friends WHERE id > ? ORDER BY id LIMIT \(SQLiteListQuery.boundLimit)",
                    [.integer(afterID), .integer(limit)], Self.storedCard
                )
            }
            let matches = SQLiteListQuery.condition(search)
            return try connection.rows(
                "SELECT \(Self.cardColumns) FROM friends WHERE \(matches.sql) AND id > ? ORDER BY id LIMIT \(SQLiteListQuery.boundLimit)",
                matches.binds + [.integer(afterID), .integer(limit)], Self.storedCard
            )
        }
    }

    public func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await read { connection in
            try connection.rows(
                "SELECT id, version, resource_name FROM friends WHERE id > ? ORDER BY id LIMIT \(SQLiteListQuery.boundLimit)",
                [.integer(afterID), .integer(limit)]
            ) { row in
                CardSummary(id: row.integer(0) ?? 0, version: row.integer(1) ?? 0, resourceName: row.text(2) ?? "")
            }
        }
    }

    public func cards(named names: [String]) async throws -> [StoredCard] {
        guard !names.isEmpty else { return [] }
        return try await read { connection in
            try connection.inSnapshot {
                var cards: [StoredCard] = []
                for start in stride(from: 0, to: names.count, by: Self.rowsPerStatement) {
                    let batch = names[start..<min(start + Self.rowsPerStatement, names.count)]
                    let placeholders = Array(repeating: "?", count: batch.count).joined(separator: ", ")
                    cards += try connection.rows(
                        "SELECT \(Self.cardColumns) FROM friends WHERE resource_name IN (\(placeholders)) ORDER BY id",
                        batch.map { .text($0) }, Self.storedCard
                    )
                }
                return cards
            }
        }
    }

    public func create(_ fields: NewFriend) async throws -> StoredFriend {
        try await writes.insert(FriendRecord(newFriend: fields))
    }

    public func create(card: VCard, resourceName: String?) async throws -> StoredFriend {
        var record = FriendRecord(card: card, resourceName: resourceName)
        record.refusesTakenUID = true
        return try await writes.insert(record)
    }

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

    /// Reads the stored card, changes it and writes it back, in one transaction of the writer.
    /// `friendsOnly`: a group is not found (an update names a friend's fields).
    private func replace(
        id: Int, if precondition: VersionPrecondition, friendsOnly: Bool = false, _ change: @escaping @Sendable (VCard) -> VCard
    ) async throws -> StoredFriend {
        try await writes.perform { connection in
            guard let stored = try Self.readCard(id: id, connection), !(friendsOnly && stored.isGroup) else {
                throw FriendStoreError.notFound(id: id)
            }
            guard precondition.isSatisfied(by: stored.version) else {
                throw FriendStoreError.preconditionFailed(id: id, currentVersion: stored.version)
            }
            let record = try FriendRecord(card: change(try FriendRecord.card(from: stored.text)), resourceName: stored.resourceName)
                .withinLimits(id: id)
            guard record.cardText != stored.text else {
                guard let friend = try Self.read(id: id, connection) else { throw FriendStoreError.notFound(id: id) }
                return friend
            }
            let assignments = (Self.writableColumnNames + ["is_group"]).map { "\($0) = ?" }.joined(separator: ", ")
            let rows = try connection.rows(
                "UPDATE friends SET \(assignments), version = version + 1 WHERE id = ? RETURNING \(Self.columns)",
                Self.recordBinds(record) + [.integer(id)], Self.storedFriend
            )
            guard let row = rows.first else { throw FriendStoreError.notFound(id: id) }
            return row
        }
    }

    public func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await writes.perform { connection in
            guard let stored = try Self.read(id: id, connection) else { throw FriendStoreError.notFound(id: id) }
            guard precondition.isSatisfied(by: stored.version) else {
                throw FriendStoreError.preconditionFailed(id: id, currentVersion: stored.version)
            }
            try connection.run("DELETE FROM friends WHERE id = ?", [.integer(id)])
            return stored
        }
    }

    /// The batch logs one `reset` rather than a change per friend: subscribers reload once.
    /// Large batches drop the secondary indexes and build them again afterwards, in the same
    /// transaction: sorting once is far faster than a million random index inserts.
    public func insert(_ friends: [NewFriend]) async throws {
        let isBulk = friends.count >= Self.bulkInsertThreshold
        try await writingAlone { writer in
            // Making thousands of cards is seconds of work: here it runs on the writer's thread,
            // not on one of the few threads every task shares.
            let now = Date()
            let records = friends.map { FriendRecord(newFriend: $0, now: now) }
            if isBulk { try writer.execute("PRAGMA cache_size = \(Self.bulkCacheSize)") }
            defer { if isBulk { try? writer.execute("PRAGMA cache_size = \(Self.cacheSize)") } }
            if isBulk {
                try Self.sortingOnDisk(writer) { try Self.insertInTransaction(records, isBulk: true, writer) }
            } else {
                try Self.insertInTransaction(records, isBulk: false, writer)
            }
        }
    }

    private static func insertInTransaction(_ records: [FriendRecord], isBulk: Bool, _ writer: SQLiteDirectConnection) throws {
        try writer.transaction {
            if isBulk {
                for name in SQLiteMigrations.indexNames { try writer.execute("DROP INDEX IF EXISTS \(name)") }
            }
            try writer.execute("DROP TRIGGER friends_log_insert")
            try writer.execute("DROP TRIGGER friend_total_insert")
            try Self.insertRows(records, writer)
            try writer.execute(SQLiteMigrations.changeLogInsertTrigger)
            try writer.execute(SQLiteMigrations.totalInsertTrigger)
            try writer.run("UPDATE friend_total SET total = total + ?", [.integer(records.count)])
            try writer.execute("INSERT INTO \(FriendSchema.changesTable) (kind) VALUES ('reset')")
            if isBulk {
                for statement in SQLiteMigrations.indexStatements { try writer.execute(statement) }
            }
        }
    }

    /// The writer keeps temporary data in memory: above all the journal of each statement (a
    /// statement that writes through triggers can be undone alone), which SQLite otherwise
    /// spills to a file past 64 KiB; its `pwrite`s were 5 % of a `POST /friends`.
    static let temporaryDataInMemory = "PRAGMA temp_store = MEMORY"

    /// Runs `body` with temporary data in files: building indexes over a whole table (migrations,
    /// bulk inserts) sorts it, which in memory would cost tens of MB at a million friends. Not
    /// inside a transaction: SQLite refuses to switch then.
    private static func sortingOnDisk<T>(_ writer: SQLiteDirectConnection, _ body: () throws -> T) throws -> T {
        try writer.execute("PRAGMA temp_store = FILE")
        defer { try? writer.execute(temporaryDataInMemory) }
        return try body()
    }

    /// The names of the indexes on `friends`, for checking that bulk inserts leave them in place.
    func indexNames() async throws -> [String] {
        try await read { connection in
            try connection.rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'friends' ORDER BY name", []) {
                $0.text(0)
            }.compactMap { $0 }
        }
    }

    /// On a reader: it answers while a write transaction is open.
    public func ping() async throws {
        _ = try await read { connection in try connection.integer("SELECT 1") }
    }

    public func close() async throws {
        try await lock.withLock { [writer, readers, commits] in
            commits?.stop()
            let closedReaders = await Result.capturing { try await readers.close() }
            try await Self.writerThreads.runIfActive { writer.close() }
            try closedReaders.get()
        }
    }
}
