import Foundation
import FriendsAPI
import Logging
import PostgresNIO
import TestSupport
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage

/// One stalled instance holding a row lock cannot freeze the others' writes to that row:
/// PostgreSQL ends its idle transaction, and the others wait for a lock only so long.
@Suite(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL session timeouts NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
struct PostgresSessionTimeoutTests {
    /// The startup message carries the name too: a database's administrator sees whose
    /// connections these are.
    @Test func theConnectionsShowTheApplicationName() async throws {
        let store = PostgresFriendStore(
            location: try PostgresLocation(url: try PostgresTestDatabase.freshSchemaURL() + "&application_name=friends-test"),
            leaseTimeout: PostgresTestDatabase.leaseTimeout
        )
        let outcome = await Result.capturing {
            try await store.migrate()
            let names = try await store.transaction { connection in
                try await connection.query("SELECT current_setting('application_name')", logger: store.logger).collect()
                    .map { try $0.decode(String.self) }
            }
            #expect(names == ["friends-test"])
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }

    @Test
    func aStalledTransactionIsEndedAndTheOthersWriteAgain() async throws {
        try await withStalledRowLock(
            // Its ended session never answers the COMMIT it sends when it wakes; a short statement
            // timeout lets it give up soon.
            stalled: "idle_in_transaction_session_timeout=300ms&statement_timeout=1s", other: "lock_timeout=10s"
        ) { other, id in
            // The other instance waits for the lock up to 10 s: the write succeeds only because
            // PostgreSQL ended the stalled transaction (after 300 ms) and released its lock.
            let updated = try await other.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            #expect(updated.friend.lastname == "King")
        }
    }

    @Test func aWriteWaitsForALockedRowOnlyUntilTheLockTimeout() async throws {
        try await withStalledRowLock(stalled: "idle_in_transaction_session_timeout=1min", other: "lock_timeout=200ms") { other, id in
            // The stalled transaction holds its lock for a minute: the write is refused by the
            // lock timeout, as a passing condition (503, busy), not after a minute.
            let error = await #expect(throws: FriendStoreError.self) {
                try await other.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            }
            guard case .busy(let reason)? = error else {
                Issue.record("expected the storage to be busy for now, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("lock"), "\(reason)")
            // The lock timeout refused one statement; the database is not taken to be down.
            let unchanged = try await other.friend(id: id)
            #expect(unchanged?.friend.lastname == "Lovelace")
        }
    }

    /// A store on a fresh schema, as one server instance with `otherSetting`, and a stalled second
    /// instance with `stalledSetting`: one connection that locks a friend's row in a transaction and
    /// then sends nothing until `body` has run. The stalled side is a bare connection rather than a
    /// second store: nothing is ever sent on it after PostgreSQL has ended its session (a COMMIT
    /// there is the driver's business, not what these tests are about).
    private func withStalledRowLock(
        stalled stalledSetting: String, other otherSetting: String,
        _ body: (PostgresFriendStore, Int) async throws -> Void
    ) async throws {
        let url = try PostgresTestURL.freshSchema(idleInTransaction: nil)
        let other = PostgresFriendStore(
            location: try PostgresLocation(url: url + "&" + otherSetting), leaseTimeout: PostgresTestDatabase.leaseTimeout
        )
        let stalledLocation = try PostgresLocation(url: url + "&" + stalledSetting)
        let outcome = await Result.capturing {
            try await other.migrate()
            let id = try await other.create(.sample("Ada", "Lovelace")).friend.id
            let stalled = try await PostgresConnection.connect(
                configuration: stalledLocation.connectionConfiguration(connectTimeout: .seconds(5)),
                id: 1, logger: Logger(label: "stalled-instance")
            )
            let result = await Result.capturing {
                try await stalled.query("BEGIN", logger: Logger(label: "stalled-instance"))
                _ = try await other.lockedRow(id: id, precondition: .any, stalled)
                try await body(other, id)
            }
            try? await stalled.close()
            try result.get()
        }
        try? await other.dropSchema()
        try? await other.close()
        try outcome.get()
    }
}
