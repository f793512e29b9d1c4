import Foundation
import FriendsAPI
import NIOPosix
import NIOConcurrencyHelpers
import SQLiteNIO
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// The SQLite store commits concurrent writes in groups and reads on their own connections;
/// neither may change what a client sees.
@Suite(.timeLimit(.minutes(3)))
struct SQLiteConcurrencyTests {
    @Test func writesThatArriveDuringACommitShareTheNextTransaction() async throws {
        let (connection, commits) = try groupCommitOnATable()

        let holding = try await HeldBatch(commits, inserting: "first")
        let a = Task { try await commits.perform { try insert("a", $0) } }
        let refused = Task { () -> Int in try await commits.perform { _ in throw FriendStoreError.notFound(id: 7) } }
        let b = Task { try await commits.perform { try insert("b", $0) } }
        await commits.waitUntilWaiting(3)
        try await holding.release()

        #expect(try await a.value == "a")
        #expect(try await b.value == "b")
        await #expect(throws: FriendStoreError.notFound(id: 7)) { try await refused.value }
        // The held batch first; `a` and `b` were started side by side, so either may come first.
        let committed = try values(connection)
        #expect(committed.first == "first")
        #expect(committed.dropFirst().sorted() == ["a", "b"])
        connection.close()
    }

    @Test func aFailingWriteRollsBackItsWholeBatchAndFailsEveryoneInIt() async throws {
        let (connection, commits) = try groupCommitOnATable()

        let holding = try await HeldBatch(commits, inserting: "kept")
        let c = Task { try await commits.perform { try insert("c", $0) } }
        let broken = Task {
            try await commits.perform {
                try $0.run("INSERT INTO no_such_table VALUES (1)")
                return 1
            }
        }
        let d = Task { try await commits.perform { try insert("d", $0) } }
        await commits.waitUntilWaiting(3)
        try await holding.release()

        // A statement that is wrong is a bug, not an outage: everyone in the batch learns what SQLite said.
        await #expect(throws: SQLiteFailure.self) { try await c.value }
        await #expect(throws: SQLiteFailure.self) { try await broken.value }
        await #expect(throws: SQLiteFailure.self) { try await d.value }
        #expect(try values(connection) == ["kept"])

        // The writer is usable again afterwards.
        #expect(try await commits.perform { try insert("e", $0) } == "e")
        #expect(try values(connection) == ["kept", "e"])
        connection.close()
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

    /// New friends queued together are written with a few statements (here 32 + 32 + 11 rows):
    /// each caller still gets its own friend, with the id, log entry and search entries it would
    /// have had alone.
    @Test func newFriendsOfOneBatchEachGetTheirOwnRow() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
            try await store.migrate()
            let before = try await store.latestChangeSequence()
            let holding = try await HeldBatch(store.writes) { _ in }
            let count = 2 * SQLiteFriendStore.maximumReturningInsertSize + 11
            let creates = (0..<count).map { index in
                Task { try await store.create(.sample("Friend\(index)", "Together", phone: "+44 20 7946 \(1000 + index)")) }
            }
            await store.writes.waitUntilWaiting(count)
            try await holding.release()

            var created: [StoredFriend] = []
            for create in creates { created.append(try await create.value) }
            #expect(created.map(\.friend.firstname) == (0..<count).map { "Friend\($0)" })
            #expect(created.map(\.friend.phonenumber) == (0..<count).map { "+44 20 7946 \(1000 + $0)" })
            #expect(Set(created.map(\.friend.id)).count == count)
            for friend in created {
                #expect(try await store.friend(id: friend.friend.id) == friend)
            }
            let logged = try #require(try await store.changes(after: before, limit: 100))
            let loggedIDs = logged.compactMap { change -> Int? in
                if case .created(let friend, version: 1) = change.event { friend.id } else { nil }
            }
            #expect(loggedIDs == created.map(\.friend.id).sorted())
            let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch("79461039")))
            #expect(found.map(\.friend.id) == [created[39].friend.id])
            try await store.close()
        }
    }

    @Test func newFriendsAreInsertedAloneOrInTheStatementOfTheMostRows() {
        #expect(SQLiteFriendStore.returningInsert(rows: 1).rows == 1)
        for count in [2, 3, 31, 32] {
            #expect(SQLiteFriendStore.returningInsert(rows: count).rows == 32, "\(count)")
        }
    }

    /// Two clients `PUT` a card to the same new name: both found it free, the batch writes the
    /// first, refuses the second as a failed precondition, and the rest of the batch is kept.
    @Test func aNameTakenMeanwhileRefusesThatFriendAlone() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
            try await store.migrate()
            let taken = try await store.create(card: VCard.make(from: .sample("Alan", "Turing"), uid: "alan", now: Date()), resourceName: "alan.vcf")
            let holding = try await HeldBatch(store.writes) { _ in }
            let ada = VCard.make(from: .sample("Ada", "Lovelace"), uid: "ada", now: Date())
            let first = Task { try await store.create(card: ada, resourceName: "ada.vcf") }
            await store.writes.waitUntilWaiting(1)
            let twin = Task { try await store.create(card: ada, resourceName: "ada.vcf") }
            let anotherAda = VCard.make(from: .sample("Ada", "Lovelace"), uid: "another-ada", now: Date())
            let alan = Task { try await store.create(card: anotherAda, resourceName: "alan.vcf") }
            let other = Task { try await store.create(.sample("Grace", "Hopper")) }
            await store.writes.waitUntilWaiting(4)
            try await holding.release()

            let written = try await first.value
            await #expect(throws: FriendStoreError.preconditionFailed(id: written.friend.id, currentVersion: 1)) { try await twin.value }
            await #expect(throws: FriendStoreError.preconditionFailed(id: taken.friend.id, currentVersion: 1)) { try await alan.value }
            #expect(try await other.value.friend.firstname == "Grace")
            #expect(try await store.all().map(\.friend.firstname).sorted() == ["Ada", "Alan", "Grace"])
            try await store.close()
        }
    }

    /// The batches are what acknowledges a write, so they commit with a full sync to disk.
    @Test func batchesCommitWithAFullSync() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
            let synchronous = try await store.writes.perform { try $0.integer("PRAGMA synchronous") }
            let journal = try await store.writes.perform { try $0.rows("PRAGMA journal_mode", []) { $0.text(0) }.first ?? nil }
            #expect(synchronous == 2)  // FULL
            #expect(journal == "wal")
            try await store.close()
        }
    }

    @Test func readsDoNotWaitForAWriteInProgressAndSeeOnlyWhatIsCommitted() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
            try await store.migrate()
            let ada = try await store.create(.sample("Ada", "Lovelace"))

            let holding = try await HeldBatch(store.writes) { connection in
                try connection.run("UPDATE friends SET firstname = 'Augusta' WHERE id = ?", [.integer(ada.friend.id)])
            }
            // The write transaction is open and uncommitted: reads answer at once, with the old name.
            #expect(try await store.friend(id: ada.friend.id)?.friend.firstname == "Ada")
            #expect(try await store.list(FriendListRequest(limit: 10)).map(\.friend.firstname) == ["Ada"])
            try await holding.release()
            #expect(try await store.friend(id: ada.friend.id)?.friend.firstname == "Augusta")
            try await store.close()
        }
    }

    /// `/health` pings a reader: it answers while a write transaction is open (on the writer it
    /// would wait for the batch, and this test would run into its time limit).
    @Test func aPingAnswersWhileAWriteTransactionIsOpen() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
            try await store.migrate()
            let holding = try await HeldBatch(store.writes) { connection in
                _ = try connection.rows(
                    "INSERT INTO friends (\(SQLiteFriendStore.writableColumns)) VALUES (\(SQLiteFriendStore.writablePlaceholders))",
                    SQLiteFriendStore.binds(FriendRecord(newFriend: .sample("Ada", "Lovelace")))) { _ in () }
            }
            // Should the ping wait for the write (the defect), this lets the write go after a
            // while, so that the test fails instead of hanging.
            let rescue = Task {
                try await Task.sleep(for: .seconds(10))
                holding.open()
            }
            try await store.ping()
            rescue.cancel()
            #expect(await rescue.result.isSuccess == false, "the ping waited for the write transaction")
            try await holding.release()
            try await store.close()
        }
    }
}

/// A job that has written inside its batch and waits, so the batch stays open until `release`.
/// The job blocks the batch's thread meanwhile, as a slow disk would.
private struct HeldBatch {
    private let gate = DispatchSemaphore(value: 0)
    private let done: Task<Void, any Error>

    init(_ commits: SQLiteGroupCommit, write: @escaping @Sendable (SQLiteDirectConnection) throws -> Void) async throws {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let gate = gate
        done = Task {
            _ = try await commits.perform { connection in
                try write(connection)
                startedContinuation.yield()
                gate.wait()
                return 0
            }
        }
        for await _ in started { break }
    }

    init(_ commits: SQLiteGroupCommit, inserting value: String) async throws {
        try await self.init(commits) { _ = try insert(value, $0) }
    }

    /// Lets the job finish; its batch commits.
    func open() {
        gate.signal()
    }

    func release() async throws {
        open()
        try await done.value
    }
}

/// An in-memory database with one table `t (v TEXT)`, and group commit on it, on a thread of its own.
private func groupCommitOnATable() throws -> (SQLiteDirectConnection, SQLiteGroupCommit) {
    let connection = try SQLiteDirectConnection(path: ":memory:", pragmas: ["CREATE TABLE t (v TEXT)"])
    return (connection, SQLiteGroupCommit(connection: connection, threads: batchThreads, lock: AsyncLock()))
}

private let batchThreads: NIOThreadPool = {
    let threads = NIOThreadPool(numberOfThreads: 1)
    threads.start()
    return threads
}()

@Sendable private func insert(_ value: String, _ connection: SQLiteDirectConnection) throws -> String {
    try connection.run("INSERT INTO t (v) VALUES (?)", [.text(value)])
    return value
}

private func values(_ connection: SQLiteDirectConnection) throws -> [String] {
    try connection.rows("SELECT v FROM t ORDER BY rowid", []) { $0.text(0) }.compactMap { $0 }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}

/// Two processes on one SQLite file (two `friends` windows) each serve a live feed: each hears of
/// the other's writes, and not of its own (its feed has them already).
@Suite(.timeLimit(.minutes(3)))
struct SQLiteOtherWritersTests {
    /// Lets the listener take one look at the file per `look()`, and tells when that look is done.
    final class Looks: Sendable {
        let allowed: AsyncStream<Void>.Continuation
        private let allowance: AsyncStream<Void>
        let waiting: AsyncStream<Void>.Continuation
        private let waits: AsyncStream<Void>

        init() {
            (allowance, allowed) = AsyncStream<Void>.makeStream()
            (waits, waiting) = AsyncStream<Void>.makeStream()
        }

        /// What the listener calls between two looks.
        func wait() async throws {
            waiting.yield()
            var iterator = allowance.makeAsyncIterator()
            guard await iterator.next() != nil else { throw CancellationError() }
        }

        /// Lets one look happen and returns once the listener waits again.
        func look(_ waitsSeen: inout AsyncStream<Void>.Iterator) async {
            allowed.yield()
            _ = await waitsSeen.next()
        }

        func waitsSeen() -> AsyncStream<Void>.Iterator { waits.makeAsyncIterator() }
    }

    @Test func anotherProcessesWritesAreAnnouncedAndOwnOnesAreNot() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let listening = try await SQLiteFriendStore.open(path: path)
            try await listening.migrate()
            let other = try await SQLiteFriendStore.open(path: path)
            let looks = Looks()
            let announcements = NIOLockedValueBox(0)
            var waitsSeen = looks.waitsSeen()
            let listener = Task {
                await listening.listenForChanges(
                    waiting: { try await looks.wait() }, onListening: {}, announce: { announcements.withLockedValue { $0 += 1 } }
                )
            }
            let checked = await Result.capturing {
                _ = await waitsSeen.next()
                _ = try await other.create(.sample("Ada", "Lovelace"))
                await looks.look(&waitsSeen)
                #expect(announcements.withLockedValue { $0 } == 1, "a write by another process")
                await looks.look(&waitsSeen)
                #expect(announcements.withLockedValue { $0 } == 1, "nothing new")
                _ = try await listening.create(.sample("Grace", "Hopper"))
                await looks.look(&waitsSeen)
                #expect(announcements.withLockedValue { $0 } == 1, "its own write")
                _ = try await other.create(.sample("Alan", "Turing"))
                _ = try await other.create(.sample("Mary", "Somerville"))
                await looks.look(&waitsSeen)
                #expect(announcements.withLockedValue { $0 } == 2, "two writes between two looks: one pass reads both")
            }
            listener.cancel()
            looks.allowed.finish()
            await listener.value
            try await other.close()
            try await listening.close()
            try checked.get()
        }
    }
}
