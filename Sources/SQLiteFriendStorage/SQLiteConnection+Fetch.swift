import SQLiteNIO

extension SQLiteConnection {
    /// The rows of `sql`, collected on SQLite's thread and handed back in one hop.
    ///
    /// `query(_:_:) -> [SQLiteRow]` goes through `SQLiteDatabase`'s protocol extension, which
    /// submits every row to the event loop as a separate task: a page of 100 friends cost 100
    /// cross-thread hand-offs, most of a list request's time (see BENCHMARKS.md).
    func fetch(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        // Written only by the closure, which runs to completion on the thread pool before the await returns.
        nonisolated(unsafe) var rows: [SQLiteRow] = []
        try await query(sql, binds) { rows.append($0) }
        return rows
    }
}
