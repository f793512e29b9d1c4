import Foundation
import FriendsAPI
import SQLiteNIO
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// The SQLite store commits concurrent writes in groups and reads on their own connections;
/// neither may change what a client sees.
@Suite(.timeLimit(.minutes(1)))
struct SQLiteConcurrencyTests {
    @Test func writesThatArriveDuringACommitShareTheNextTransaction() async throws {
        let (connection, commits) = try await groupCommitOnATable()

        let holding = try await HeldBatch(commits, inserting: "first")
        let a = Task { try await commits.perform { try await insert("a", $0) } }
        let refused = Task { () -> Int in try await commits.perform { _ in throw FriendStoreError.notFound(id: 7) } }
        let b = Task { try await commits.perform { try await insert("b", $0) } }
        await waitUntil(commits, hasWaiting: 3)
        try await holding.release()

        #expect(try await a.value == "a")
        #expect(try await b.value == "b")
        await #expect(throws: FriendStoreError.notFound(id: 7)) { try await refused.value }
        #expect(try await values(connection) == ["first", "a", "b"])
        try await connection.close()
    }

    @Test func aFailingWriteRollsBackItsWholeBatchAndFailsEveryoneInIt() async throws {
        let (connection, commits) = try await groupCommitOnATable()

        let holding = try await HeldBatch(commits, inserting: "kept")
        let c = Task { try await commits.perform { try await insert("c", $0) } }
        let broken = Task {
            try await commits.perform {
                _ = try await $0.query("INSERT INTO no_such_table VALUES (1)")
                return 1
            }
        }
        let d = Task { try await commits.perform { try await insert("d", $0) } }
        await waitUntil(commits, hasWaiting: 3)
        try await holding.release()

        await #expect(throws: SQLiteError.self) { try await c.value }
        await #expect(throws: SQLiteError.self) { try await broken.value }
        await #expect(throws: SQLiteError.self) { try await d.value }
        #expect(try await values(connection) == ["kept"])

        // The writer is usable again afterwards.
        #expect(try await commits.perform { try await insert("e", $0) } == "e")
        #expect(try await values(connection) == ["kept", "e"])
        try await connection.close()
    }

    @Test func concurrentCreatesAreEachAcknowledgedOnceAndSurviveReopening() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            let created = try await withThrowingTaskGroup(of: StoredFriend.self) { group in
                for index in 0..<200 {
                    group.addTask { try await store.create(.sample("Friend\(index)", "Concurrent")) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            try await store.close()

            #expect(Set(created.map(\.friend.id)).count == 200)
            #expect(created.allSatisfy { $0.version == 1 })
            let reopened = try await SQLiteFriendStore.open(path: path)
            let kept = try await reopened.all()
            #expect(Set(kept.map(\.friend.id)) == Set(created.map(\.friend.id)))
            #expect(Set(kept.map(\.friend.firstname)) == Set((0..<200).map { "Friend\($0)" }))
            try await reopened.close()
        }
    }

    @Test func readsDoNotWaitForAWriteInProgressAndSeeOnlyWhatIsCommitted() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
            try await store.migrate()
            let ada = try await store.create(.sample("Ada", "Lovelace"))

            let holding = try await HeldBatch(store.writes) { connection in
                _ = try await connection.query("UPDATE friends SET firstname = 'Augusta' WHERE id = ?", [.integer(ada.friend.id)])
            }
            // The write transaction is open and uncommitted: reads answer at once, with the old name.
            #expect(try await store.friend(id: ada.friend.id)?.friend.firstname == "Ada")
            #expect(try await store.list(FriendListRequest(limit: 10)).map(\.friend.firstname) == ["Ada"])
            try await holding.release()
            #expect(try await store.friend(id: ada.friend.id)?.friend.firstname == "Augusta")
            try await store.close()
        }
    }
}

/// A job that has written inside its batch and waits, so the batch stays open until `release`.
private struct HeldBatch {
    private let gate: AsyncStream<Void>.Continuation
    private let done: Task<Void, any Error>

    init(_ commits: SQLiteGroupCommit, write: @escaping @Sendable (SQLiteConnection) async throws -> Void) async throws {
        let (gateStream, gate) = AsyncStream<Void>.makeStream()
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        self.gate = gate
        done = Task {
            _ = try await commits.perform { connection in
                try await write(connection)
                startedContinuation.yield()
                for await _ in gateStream { break }
                return 0
            }
        }
        for await _ in started { break }
    }

    init(_ commits: SQLiteGroupCommit, inserting value: String) async throws {
        try await self.init(commits) { _ = try await insert(value, $0) }
    }

    func release() async throws {
        gate.yield()
        try await done.value
    }
}

/// An in-memory database with one table `t (v TEXT)`, and group commit on it.
private func groupCommitOnATable() async throws -> (SQLiteConnection, SQLiteGroupCommit) {
    let connection = try await SQLiteConnection.open(storage: .memory)
    _ = try await connection.query("CREATE TABLE t (v TEXT)")
    return (connection, SQLiteGroupCommit(connection: connection, lock: AsyncLock()))
}

@Sendable private func insert(_ value: String, _ connection: SQLiteConnection) async throws -> String {
    _ = try await connection.query("INSERT INTO t (v) VALUES (?)", [.text(value)])
    return value
}

private func values(_ connection: SQLiteConnection) async throws -> [String] {
    try await connection.query("SELECT v FROM t ORDER BY rowid").compactMap { $0.column("v")?.string }
}

private func waitUntil(_ commits: SQLiteGroupCommit, hasWaiting count: Int) async {
    while commits.waitingCount < count { await Task.yield() }
}
