import FriendStorage
import Logging
import NIOConcurrencyHelpers
import SQLiteNIO

/// Connections that only read, lent out one caller at a time.
///
/// In WAL mode readers see the last committed state without waiting for the writer, so list and
/// search requests run side by side instead of queueing behind one connection (see BENCHMARKS.md).
final class SQLiteReaderPool: Sendable {
    private struct State {
        var idle: [SQLiteConnection]
        var waiters: [CheckedContinuation<SQLiteConnection, Never>] = []
    }

    private let state: NIOLockedValueBox<State>
    private let connections: [SQLiteConnection]

    private init(connections: [SQLiteConnection]) {
        self.connections = connections
        state = NIOLockedValueBox(State(idle: connections))
    }

    /// Opens `count` read-only connections to the database file at `path`.
    static func open(path: String, count: Int, cacheSize: Int, logger: Logger) async throws -> SQLiteReaderPool {
        var connections: [SQLiteConnection] = []
        do {
            for _ in 0..<count {
                let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                connections.append(connection)
                for pragma in ["PRAGMA query_only = ON", "PRAGMA busy_timeout = 5000", "PRAGMA cache_size = \(cacheSize)"] {
                    _ = try await connection.query(pragma)
                }
            }
        } catch {
            for connection in connections { try? await connection.close() }
            throw error
        }
        return SQLiteReaderPool(connections: connections)
    }

    func withConnection<T: Sendable>(_ body: (SQLiteConnection) async throws -> T) async throws -> T {
        let connection = await checkOut()
        do {
            let result = try await body(connection)
            checkIn(connection)
            return result
        } catch {
            checkIn(connection)
            throw error
        }
    }

    /// Closes every connection; call once no reads are in flight.
    func close() async throws {
        for connection in connections { try await connection.close() }
    }

    private func checkOut() async -> SQLiteConnection {
        if let connection = state.withLockedValue({ $0.idle.popLast() }) { return connection }
        return await withCheckedContinuation { continuation in
            // A connection may have come back between the two locks: hand it over at once.
            let connection = state.withLockedValue { state -> SQLiteConnection? in
                if let connection = state.idle.popLast() { return connection }
                state.waiters.append(continuation)
                return nil
            }
            if let connection { continuation.resume(returning: connection) }
        }
    }

    private func checkIn(_ connection: SQLiteConnection) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<SQLiteConnection, Never>? in
            guard !state.waiters.isEmpty else {
                state.idle.append(connection)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: connection)
    }
}
