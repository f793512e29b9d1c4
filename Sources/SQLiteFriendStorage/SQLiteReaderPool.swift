import FriendStorage
import NIOConcurrencyHelpers
import NIOPosix

/// Connections that only read, lent out one job at a time, each job run on a thread of the
/// pool's own.
///
/// In WAL mode readers see the last committed state without waiting for the writer, so list and
/// search requests run side by side instead of queueing behind one connection (see BENCHMARKS.md).
/// A read is one trip to a reader thread and back, however many statements it runs; SQLite
/// blocks that thread while it works, never a thread of Swift's cooperative pool (except for the
/// short reads of `read(atOnce:else:)`).
final class SQLiteReaderPool: Sendable {
    private struct State {
        var idle: [SQLiteDirectConnection]
        var isClosed = false
        var waiters: [CheckedContinuation<SQLiteDirectConnection, Never>] = []
    }

    private let state: NIOLockedValueBox<State>
    private let connections: [SQLiteDirectConnection]
    private let threads: NIOThreadPool

    private init(connections: [SQLiteDirectConnection], threads: NIOThreadPool) {
        self.connections = connections
        self.threads = threads
        state = NIOLockedValueBox(State(idle: connections))
    }

    /// Opens `count` read-only connections to the database file at `path`, with a thread for each.
    static func open(path: String, count: Int, cacheSize: Int) async throws -> SQLiteReaderPool {
        let threads = NIOThreadPool(numberOfThreads: count)
        threads.start()
        let pragmas = ["PRAGMA query_only = ON", "PRAGMA busy_timeout = 5000", "PRAGMA cache_size = \(cacheSize)"]
        do {
            let connections = try await threads.runIfActive {
                var connections: [SQLiteDirectConnection] = []
                for _ in 0..<count { connections.append(try SQLiteDirectConnection(path: path, pragmas: pragmas)) }
                return connections
            }
            return SQLiteReaderPool(connections: connections, threads: threads)
        } catch {
            try? await threads.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` with a connection of its own, on a reader thread.
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        let connection = await checkOut()
        defer { checkIn(connection) }
        return try await threads.runIfActive { try body(connection) }
    }

    /// Runs `atOnce` with a connection of its own on the calling thread; when it has no answer,
    /// runs `body` with the same connection on a reader thread.
    ///
    /// `atOnce` is for what SQLite answers from pages in memory in a few dozen microseconds (the
    /// change sequence, a friend by id, a page that cannot take long): the trip to a reader thread and
    /// back costs more than that (futex waits and wake-ups were a fifth of a cached page's time
    /// and a third of a mix of pages and searches). Anything that may take long goes to `body`, so
    /// that SQLite never holds a thread of Swift's cooperative pool for long.
    func read<T: Sendable>(
        atOnce: (SQLiteDirectConnection) throws -> T?,
        else body: @escaping @Sendable (SQLiteDirectConnection) throws -> T
    ) async throws -> T {
        let connection = await checkOut()
        defer { checkIn(connection) }
        // Once the pool is closed its connections are too: `runIfActive` says so.
        if !state.withLockedValue({ $0.isClosed }), let answer = try atOnce(connection) { return answer }
        return try await threads.runIfActive { try body(connection) }
    }

    /// Closes every connection and stops the threads; call once no reads are in flight.
    func close() async throws {
        state.withLockedValue { $0.isClosed = true }
        let connections = connections
        let closed = await Result.capturing { try await threads.runIfActive { for connection in connections { connection.close() } } }
        try await threads.shutdownGracefully()
        try closed.get()
    }

    private func checkOut() async -> SQLiteDirectConnection {
        if let connection = state.withLockedValue({ $0.idle.popLast() }) { return connection }
        return await withCheckedContinuation { continuation in
            // A connection may have come back between the two locks: hand it over at once.
            let connection = state.withLockedValue { state -> SQLiteDirectConnection? in
                if let connection = state.idle.popLast() { return connection }
                state.waiters.append(continuation)
                return nil
            }
            if let connection { continuation.resume(returning: connection) }
        }
    }

    private func checkIn(_ connection: SQLiteDirectConnection) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<SQLiteDirectConnection, Never>? in
            guard !state.waiters.isEmpty else {
                state.idle.append(connection)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: connection)
    }
}
