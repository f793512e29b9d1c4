import Foundation
import FriendStorage
import FriendsAPI
import Logging
import NIOPosix
import SQLiteNIO

/// Friends in one SQLite file (the default), in WAL mode with `synchronous=FULL`, so a write is on
/// disk before it is acknowledged and survives `kill -9`.
///
/// Writes take one lock, so transactions never interleave: writes of single friends are committed
/// in groups (`SQLiteGroupCommit`), migrations, bulk inserts and pruning run on a SQLiteNIO
/// connection. A pool of read-only connections serves reads side by side, each read in one
/// snapshot (`SQLiteReaderPool`, `SQLiteDirectConnection`).
public final class SQLiteFriendStore: FriendStore {
    public var kind: String { "sqlite" }

    let connection: SQLiteConnection
    let lock = AsyncLock()
    /// Internal so that tests can hold a batch open.
    let writes: SQLiteGroupCommit
    private let readers: SQLiteReaderPool
    /// The connection `writes` commits on, on SQLiteNIO's threads (`NIOThreadPool.singleton`).
    private let batchWriter: SQLiteDirectConnection
    /// `sqlite:PATH`, for messages.
    let name: String

    private init(
        connection: SQLiteConnection, batchWriter: SQLiteDirectConnection, readers: SQLiteReaderPool, name: String
    ) {
        self.connection = connection
        self.batchWriter = batchWriter
        self.readers = readers
        self.name = name
        writes = SQLiteGroupCommit(connection: batchWriter, threads: .singleton, lock: lock)
    }

    /// Opens (creating when needed) the database at `path`.
    /// - Throws: `DatabaseError` naming the file and what is wrong with it in plain words.
    public static func open(path: String, logger: Logger = Logger(label: "friendservice.sqlite")) async throws -> SQLiteFriendStore {
        let name = "sqlite:\(path)"
        try SQLiteFile(path: path).prepare()
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        } catch {
            throw DatabaseError("Cannot open the database \(name): \(SQLiteFile.plainReason(error)).")
        }
        do {
            // Switching a new file to WAL waits for another process opening it too.
            _ = try await connection.query("PRAGMA busy_timeout = \(startupBusyTimeout)")
            try await retryingWhileBusy { _ = try await connection.query("PRAGMA journal_mode = WAL") }
            for pragma in ["PRAGMA busy_timeout = \(busyTimeout)", "PRAGMA synchronous = FULL", "PRAGMA cache_size = \(cacheSize)"] {
                _ = try await connection.query(pragma)
            }
            let threads = NIOThreadPool.singleton
            let pragmas = ["PRAGMA busy_timeout = \(busyTimeout)", "PRAGMA synchronous = FULL", "PRAGMA cache_size = \(readerCacheSize)"]
            let batchWriter = try await threads.runIfActive { try SQLiteDirectConnection(path: path, pragmas: pragmas) }
            do {
                let readers = try await SQLiteReaderPool.open(path: path, count: readerCount, cacheSize: readerCacheSize)
                return SQLiteFriendStore(connection: connection, batchWriter: batchWriter, readers: readers, name: name)
            } catch {
                try? await threads.runIfActive { batchWriter.close() }
                throw error
            }
        } catch {
            try? await connection.close()
            throw DatabaseError("Cannot open the database \(name): \(SQLiteFile.plainReason(error)).")
        }
    }

    /// Runs `body` on a reader; a body that runs several statements runs them `inSnapshot`.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        try await readers.read(body)
    }

    /// Runs the missing schema versions in one write transaction that reads the version first, so
    /// that two processes migrating one new file take turns and the second finds nothing to do.
    /// - Throws: `DatabaseError` for a read-only file, or a schema newer than this server knows.
    public func migrate() async throws {
        let outcome = await Result.capturing {
            try await lock.withLock { [connection, name] in
                // A large database takes a while to migrate; another process starting meanwhile waits for it.
                _ = try await connection.query("PRAGMA busy_timeout = \(Self.startupBusyTimeout)")
                let migrated = await Result.capturing {
                    try await Self.retryingWhileBusy { try await Self.migrateInTransaction(connection, name: name) }
                }
                _ = try? await connection.query("PRAGMA busy_timeout = \(Self.busyTimeout)")
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

    private static func migrateInTransaction(_ connection: SQLiteConnection, name: String) async throws {
        try await Self.transaction(connection) {
            _ = try await connection.query("""
                CREATE TABLE IF NOT EXISTS \(FriendSchema.migrationsTable) (
                    version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)
                """)
            let current = try await Self.readSchemaVersion(connection)
            guard current <= SQLiteMigrations.all.count else {
                throw DatabaseError.schemaTooNew("The database \(name)", version: current, known: SQLiteMigrations.all.count)
            }
            for (index, steps) in SQLiteMigrations.all.enumerated() where index + 1 > current {
                for step in steps { try await Self.run(step, connection) }
                _ = try await connection.query(
                    "INSERT INTO \(FriendSchema.migrationsTable) (version, applied_at) VALUES (?, datetime('now'))",
                    [.integer(index + 1)]
                )
            }
        }
    }

    public func schemaVersion() async throws -> Int {
        try await lock.withLock { [connection] in
            let exists = try await connection.query(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(FriendSchema.migrationsTable)])
            return exists.isEmpty ? 0 : try await Self.readSchemaVersion(connection)
        }
    }

    public func list(_ request: FriendListRequest) async throws -> [StoredFriend] {
        try await read { connection in try connection.inSnapshot { try Self.list(request, connection) } }
    }

    /// The sequence, the page and its count in one trip to a reader and one snapshot, so the
    /// sequence names exactly the state the page shows.
    public func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await read { connection in
            try connection.inSnapshot {
                var snapshot = FriendListSnapshot(sequence: try Self.latestChangeSequence(connection))
                switch need(snapshot.sequence) {
                case .nothing:
                    break
                case .rows:
                    snapshot.rows = try Self.list(request, connection)
                case .rowsAndCount(let limit):
                    snapshot.rows = try Self.list(request, connection)
                    snapshot.count = try Self.count(matching: request.search, atMost: limit, connection)
                }
                return snapshot
            }
        }
    }

    public func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await read { connection in try Self.count(matching: search, atMost: limit, connection) }
    }

    public func all() async throws -> [StoredFriend] {
        try await read { connection in
            try connection.rows("SELECT \(Self.columns) FROM friends ORDER BY sort_last, sort_first, id", [], Self.storedFriend)
        }
    }

    public func friend(id: Int) async throws -> StoredFriend? {
        try await read { connection in try Self.read(id: id, connection) }
    }

    public func create(_ fields: NewFriend) async throws -> StoredFriend {
        try await writes.perform { connection in
            let rows = try connection.rows(
                "INSERT INTO friends (\(Self.writableColumns)) VALUES (\(Self.writablePlaceholders)) RETURNING \(Self.columns)",
                Self.binds(fields), Self.storedFriend
            )
            guard let row = rows.first else { throw FriendStoreError.unavailable("INSERT returned no row") }
            return row
        }
    }

    public func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await writes.perform { connection in
            guard let stored = try Self.read(id: id, connection) else { throw FriendStoreError.notFound(id: id) }
            guard precondition.isSatisfied(by: stored.version) else {
                throw FriendStoreError.preconditionFailed(id: id, currentVersion: stored.version)
            }
            let changed = update.applied(to: stored.friend)
            guard changed != stored.friend else { return stored }
            let assignments = Self.writableColumnNames.map { "\($0) = ?" }.joined(separator: ", ")
            try connection.run(
                "UPDATE friends SET \(assignments), version = version + 1 WHERE id = ?",
                Self.binds(changed.fields) + [.integer(id)]
            )
            return StoredFriend(friend: changed, version: stored.version + 1)
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
        try await lock.withLock { [connection] in
            if isBulk { _ = try await connection.query("PRAGMA cache_size = \(Self.bulkCacheSize)") }
            let result = await Result.capturing {
                try await Self.transaction(connection) {
                    if isBulk {
                        for name in SQLiteMigrations.indexNames { _ = try await connection.query("DROP INDEX IF EXISTS \(name)") }
                    }
                    _ = try await connection.query("DROP TRIGGER friends_log_insert")
                    try await Self.insertRows(friends, connection)
                    _ = try await connection.query(SQLiteMigrations.changeLogInsertTrigger)
                    _ = try await connection.query("INSERT INTO \(FriendSchema.changesTable) (kind) VALUES ('reset')")
                    if isBulk {
                        for statement in SQLiteMigrations.indexStatements { _ = try await connection.query(statement) }
                    }
                }
            }
            if isBulk { _ = try? await connection.query("PRAGMA cache_size = \(Self.cacheSize)") }
            try result.get()
        }
    }

    /// The names of the indexes on `friends`, for checking that bulk inserts leave them in place.
    func indexNames() async throws -> [String] {
        try await lock.withLock { [connection] in
            try await connection.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'friends' ORDER BY name")
                .compactMap { $0.column("name")?.string }
        }
    }

    public func ping() async throws {
        _ = try await lock.withLock { [connection] in
            try await connection.query("SELECT 1").count
        }
    }

    public func close() async throws {
        try await lock.withLock { [connection, readers] in
            let closedReaders = await Result.capturing { try await readers.close() }
            let closedWriter = await Result.capturing { [batchWriter] in try await NIOThreadPool.singleton.runIfActive { batchWriter.close() } }
            try await connection.close()
            try closedReaders.get()
            try closedWriter.get()
        }
    }
}
