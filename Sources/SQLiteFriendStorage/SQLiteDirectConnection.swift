import FriendStorage
// Of SQLiteNIO the store uses only `SQLiteData` (a bound value) and the build of SQLite its product
// brings along (`VaporCSQLite`), which every connection of the store shares.
import SQLiteNIO
import VaporCSQLite

/// A connection driven through SQLite's C interface, by one job at a time: the readers' and the
/// store's one writer.
///
/// Why not SQLiteNIO's connection: it runs every statement as a job of its own on its thread pool
/// and compiles the SQL again each time. A page of a search was four such trips (the change sequence, a match count,
/// the page, the total), a batch of writes two more than its writes, and compiling took a seventh
/// of the server's CPU under a mix of different requests (see BENCHMARKS.md). Here a whole read
/// or a whole batch is one job (`SQLiteReaderPool`, `SQLiteGroupCommit`), a read's statements
/// share one snapshot (`inSnapshot`), and each compiled statement is kept for the next job: the
/// store's SQL comes in a few dozen shapes, with the values bound.
///
/// Not thread-safe on purpose: its owner lends it to one job at a time, which is why it can be
/// `@unchecked Sendable`. Failures are `SQLiteFailure`s; the store says what they mean to a client.
final class SQLiteDirectConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// The database file, for messages.
    let path: String
    /// Statements kept per connection; past it the cache starts over (a few dozen shapes exist).
    static let statementLimit = 128

    /// Opens `path` (creating the file when `creating`), then runs `pragmas`.
    init(path: String, creating: Bool = false, pragmas: [String]) throws {
        self.path = path
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if creating { flags |= SQLITE_OPEN_CREATE }
        let opened = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        self.handle = handle
        guard opened == SQLITE_OK else {
            let failure = self.failure(opened, running: "opening the file")
            close()
            throw failure
        }
        for pragma in pragmas { try run(pragma) }
    }

    deinit { close() }

    /// The start of the WAL index (the `-shm` file) as this connection's SQLite maps it, for as
    /// long as the connection is open; `nil` outside WAL mode or before SQLite mapped it.
    ///
    /// SQLite's own mapping, asked of its file (`xShmMap`), never a descriptor of our own: closing
    /// any descriptor of a file drops every lock the process holds on it, SQLite's included, and
    /// the next process to open the database would then take the file for unused and truncate it
    /// under the mapping.
    func walIndex() -> UnsafeRawPointer? {
        guard let handle else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite_nio_sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
              let file, let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2, let map = methods.pointee.xShmMap
        else { return nil }
        var region: UnsafeMutableRawPointer?
        // Region 0 of SQLite's 32 KiB regions, not extending the file: the one SQLite already maps.
        guard map(file, 0, 32_768, 0, &region) == SQLITE_OK, let region else { return nil }
        return UnsafeRawPointer(region)
    }

    /// Runs `sql` with `binds` and makes a value of each row with `row`.
    func rows<Row>(_ sql: String, _ binds: [SQLiteData], _ row: (SQLiteDirectRow) throws -> Row) throws -> [Row] {
        let statement = try prepared(sql)
        defer {
            sqlite_nio_sqlite3_reset(statement)
            sqlite_nio_sqlite3_clear_bindings(statement)
        }
        try bind(binds, to: statement)
        var values: [Row] = []
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW: values.append(try row(SQLiteDirectRow(statement: statement)))
            case SQLITE_DONE: return values
            case let code: throw failure(code, running: sql)
            }
        }
    }

    /// The first column of the first row of `sql` as a number; `nil` without a row or a number.
    func integer(_ sql: String, _ binds: [SQLiteData] = []) throws -> Int? {
        try rows(sql, binds) { $0.integer(0) }.first ?? nil
    }

    /// Runs `body` in one read transaction: every statement in it sees the same committed state.
    func inSnapshot<T>(_ body: () throws -> T) throws -> T {
        try between("BEGIN", body)
    }

    /// Runs `body` in one write transaction, taking the write lock at once.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try between("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` between `begin` and COMMIT, and rolls back when it throws.
    private func between<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try run(begin)
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ binds: [SQLiteData] = []) throws {
        _ = try rows(sql, binds) { _ in () }
    }

    /// Runs a statement once without keeping it compiled: schema changes and settings, which a
    /// migration or a bulk insert runs once and which would only crowd the kept statements out.
    func execute(_ sql: String) throws {
        guard let handle else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "the connection is closed", sql: sql, path: path) }
        var statement: OpaquePointer?
        let code = sqlite_nio_sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK else { throw failure(code, running: sql) }
        defer { sqlite_nio_sqlite3_finalize(statement) }
        while true {
            switch sqlite_nio_sqlite3_step(statement) {
            case SQLITE_ROW: continue
            case SQLITE_DONE: return
            case let code: throw failure(code, running: sql)
            }
        }
    }

    /// Finalizes the statements and closes the file; the connection is unusable afterwards.
    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements = [:]
        if let handle { sqlite_nio_sqlite3_close_v2(handle) }
        handle = nil
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        guard let handle else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "the connection is closed", sql: sql, path: path) }
        var statement: OpaquePointer?
        let code = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code, running: sql) }
        if statements.count >= Self.statementLimit {
            for old in statements.values { sqlite_nio_sqlite3_finalize(old) }
            statements = [:]
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ binds: [SQLiteData], to statement: OpaquePointer) throws {
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
            case .float(let number): code = sqlite_nio_sqlite3_bind_double(statement, index, number)
            case .null: code = sqlite_nio_sqlite3_bind_null(statement, index)
            case .text(let text):
                code = sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
            case .blob(let buffer):
                code = buffer.withUnsafeReadableBytes { bytes in
                    sqlite_nio_sqlite3_bind_blob64(statement, index, bytes.baseAddress, UInt64(bytes.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw failure(code, running: "binding \(index)") }
        }
    }

    private func failure(_ code: Int32, running sql: String) -> SQLiteFailure {
        let message = handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "closed"
        return SQLiteFailure(code: code, message: message, sql: sql, path: path)
    }

    /// SQLite copies the bound bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// The current row of a statement being stepped, read by column position.
struct SQLiteDirectRow {
    let statement: OpaquePointer

    func integer(_ column: Int32) -> Int? {
        guard sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_INTEGER else { return nil }
        return Int(sqlite_nio_sqlite3_column_int64(statement, column))
    }

    func text(_ column: Int32) -> String? {
        guard sqlite_nio_sqlite3_column_type(statement, column) == SQLITE_TEXT else { return nil }
        // The pointer first, then the length: that order leaves the text as it is stored.
        guard let bytes = sqlite_nio_sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
