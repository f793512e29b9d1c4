import Foundation
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage

/// Every pooled connection busy is load, not an outage: a request that gets none in time is told
/// the database is busy, no outage starts, and `/health` still answers, from a connection of its own.
@Suite(.enabled(if: PostgresTestDatabase.url != nil), .timeLimit(.minutes(3)))
struct PostgresBusyPoolTests {
    @Test func aFullPoolMakesRequestsBusyButNotAnOutageAndHealthStillAnswers() async throws {
        let store = PostgresFriendStore(location: try PostgresLocation(url: PostgresTestDatabase.freshSchemaURL()), leaseTimeout: .milliseconds(300))
        let outcome = await Result.capturing {
            try await store.migrate()
            let holding = PostgresLocation.maximumConnections
            let held = AsyncStream<Void>.makeStream()
            let release = Gate()
            let holders = Task {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<holding {
                        group.addTask {
                            try await store.connector.withConnection(leaseTimeout: .seconds(30), answerTimeout: nil) { _ in
                                held.continuation.yield()
                                // Held until the test lets go, as a long request would.
                                await release.waitUntilOpen()
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            var count = 0
            for await _ in held.stream {
                count += 1
                if count == holding { break }
            }

            await #expect {
                _ = try await store.friend(id: 1)
            } throws: { error in
                guard case FriendStoreError.busy = error else { return false }
                return true
            }
            #expect(store.connector.outage == nil, "a full pool is no outage")
            try await store.ping()
            #expect(store.connector.outage == nil)

            await release.open()
            try await holders.value
            #expect(try await store.friend(id: 1) == nil)
        }
        try? await store.dropSchema()
        try? await store.close()
        try outcome.get()
    }
}

/// Holds its callers until opened.
private actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func waitUntilOpen() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
