import Foundation
import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage

/// One stalled instance holding a row lock cannot freeze the others' writes to that row:
/// PostgreSQL ends its idle transaction, and the others wait for a lock only so long.
@Suite(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL session timeouts NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
struct PostgresSessionTimeoutTests {
    @Test func aStalledTransactionIsEndedAndTheOthersWriteAgain() async throws {
        try await withStalledRowLock(
            // Its ended session never answers the COMMIT it sends when it wakes; a short statement
            // timeout lets it give up soon.
            stalled: "idle_in_transaction_session_timeout=300ms&statement_timeout=1s", other: "lock_timeout=10s"
        ) { other, id in
            let clock = ContinuousClock()
            let start = clock.now
            let updated = try await other.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            #expect(updated.friend.lastname == "King")
            #expect(start.duration(to: clock.now) < .seconds(5))
        }
    }

    @Test func aWriteWaitsForALockedRowOnlyUntilTheLockTimeout() async throws {
        try await withStalledRowLock(stalled: "idle_in_transaction_session_timeout=1min", other: "lock_timeout=200ms") { other, id in
            let clock = ContinuousClock()
            let start = clock.now
            await #expect(throws: (any Error).self) {
                try await other.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            }
            #expect(start.duration(to: clock.now) < .seconds(2))
            // The lock timeout refused one statement; the database is not taken to be down.
            let unchanged = try await other.friend(id: id)
            #expect(unchanged?.friend.lastname == "Lovelace")
        }
    }

    /// Two stores on one fresh schema, as two server instances with their own settings; the first
    /// locks a friend's row in a transaction and then stalls until `body` has run.
    private func withStalledRowLock(
        stalled stalledSetting: String, other otherSetting: String,
        _ body: (PostgresFriendStore, Int) async throws -> Void
    ) async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        let stalled = PostgresFriendStore(location: try PostgresLocation(url: url + "&" + stalledSetting))
        let other = PostgresFriendStore(location: try PostgresLocation(url: url + "&" + otherSetting))
        let outcome = await Result.capturing {
            try await stalled.migrate()
            let id = try await stalled.create(.sample("Ada", "Lovelace")).friend.id
            let (locked, lockedSignal) = AsyncStream<Void>.makeStream()
            let (release, releaseSignal) = AsyncStream<Void>.makeStream()
            let stall = Task {
                try await stalled.transaction { connection in
                    _ = try await stalled.lockedRow(id: id, precondition: .any, connection)
                    lockedSignal.yield()
                    for await _ in release {}
                }
            }
            for await _ in locked { break }
            let result = await Result.capturing { try await body(other, id) }
            releaseSignal.finish()
            _ = await stall.result
            try result.get()
        }
        try? await other.dropSchema()
        try? await stalled.close()
        try? await other.close()
        try outcome.get()
    }
}
