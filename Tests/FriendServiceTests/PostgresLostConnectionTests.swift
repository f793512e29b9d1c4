import Foundation
import PostgresNIO
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage

/// A connection the server ends in the middle of a store's work (its idle-in-transaction timeout
/// on a starved machine, an administrator, a restart) fails that work; it never waits for ever.
/// The driver drops what is written to a closed connection without failing it, so a `ROLLBACK`,
/// `COMMIT` or statement sent after the end would never be answered: a migration, which waits for
/// answers as long as they take, once held a whole test run until its time ran out.
@Suite(.enabled(if: PostgresTestDatabase.url != nil))
struct PostgresLostConnectionTests {
    struct Abandoned: Error {}

    @Test func aTransactionWhoseConnectionEndedFailsWithoutItsRollback() async throws {
        try await withStore { store in
            await #expect(throws: Abandoned.self) {
                try await Self.bounded {
                    try await store.transaction(isLong: true) { connection in
                        await Self.endOnItsOwn(connection, store)
                        throw Abandoned()
                    }
                }
            }
        }
    }

    @Test func workThatWaitsAsLongAsItTakesFailsOnceItsConnectionEnded() async throws {
        try await withStore { store in
            let outcome = await Result.capturing {
                try await Self.bounded {
                    try await store.withConnection(isLong: true) { connection in
                        await Self.endOnItsOwn(connection, store)
                        try await connection.query("SELECT 1", logger: store.logger)
                    }
                }
            }
            #expect(throws: FriendStoreError.self) { try outcome.get() }
            await store.connector.waitUntil(outage: false)
            let count = try await store.count(matching: nil, atMost: nil)
            #expect(count == 0, "the store answers again on a new connection")
        }
    }

    /// Ends the connection's session from the server's side and waits until the driver has seen it.
    static func endOnItsOwn(_ connection: PostgresConnection, _ store: PostgresFriendStore) async {
        _ = try? await connection.query("SELECT pg_terminate_backend(pg_backend_pid())", logger: store.logger).collect()
        try? await connection.closeFuture.get()
    }

    struct StillWaiting: Error {}

    /// `work`'s outcome, or `StillWaiting` when it has none within 20 s (a hang, left behind).
    static func bounded(_ work: @escaping @Sendable () async throws -> Void) async throws {
        try await Deadline.run(operation: work, timer: {
            try await Task.sleep(for: .seconds(20))
            return StillWaiting()
        })
    }

    func withStore(_ body: (PostgresFriendStore) async throws -> Void) async throws {
        try await PostgresTestDatabase.withStore { store in try await body(try #require(store as? PostgresFriendStore)) }
    }
}
