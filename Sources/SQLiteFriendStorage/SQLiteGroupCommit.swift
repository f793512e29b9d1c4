import FriendStorage
import NIOConcurrencyHelpers
import NIOPosix

/// Group commit for writes of single friends: every write that arrives while a commit is on its
/// way to disk waits, and the next transaction carries them all, so one `fsync` acknowledges many
/// requests (see BENCHMARKS.md). Each caller is answered only after the COMMIT of its batch.
///
/// A job checks first and writes with at most one statement: a job that refuses (`notFound`,
/// `preconditionFailed`) has written nothing, so its batch carries on without it. Any other error
/// rolls back the whole batch and fails every job in it: nothing half-written, and nothing
/// reported lost that was kept.
///
/// A batch, from BEGIN IMMEDIATE to COMMIT, is one job on `threads`: the jobs run one after the
/// other on the thread, on a connection that keeps their compiled statements. New friends that
/// follow each other in a batch are inserted together, a few statements for many (`insert(_:)`).
final class SQLiteGroupCommit: Sendable {
    /// A job waiting for a batch; `fail` answers its caller when the batch is not committed.
    private struct Pending {
        let work: Work
        let fail: @Sendable (any Error) -> Void
    }

    private enum Work {
        /// Does its work inside the transaction and returns how to answer its caller once the batch is committed.
        case job(@Sendable (SQLiteDirectConnection) throws -> @Sendable () -> Void)
        /// A new friend, and how to answer its caller with the row (or a refusal) once the batch is committed.
        case insert(FriendRecord, answer: @Sendable (Result<StoredFriend, FriendStoreError>) -> @Sendable () -> Void)

        var record: FriendRecord? {
            if case .insert(let record, _) = self { record } else { nil }
        }
    }

    private struct State {
        var queue: [Pending] = []
        var isCommitting = false
        /// Callers of `waitUntilWaiting`, each with the number of waiting jobs it waits for.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let connection: SQLiteDirectConnection
    private let threads: NIOThreadPool
    /// The writer's lock, shared with the store's other writes (migrations, bulk inserts, pruning, close).
    private let lock: AsyncLock
    private let state = NIOLockedValueBox(State())

    init(connection: SQLiteDirectConnection, threads: NIOThreadPool, lock: AsyncLock) {
        self.connection = connection
        self.threads = threads
        self.lock = lock
    }

    /// Runs `job` in the next batch and answers once that batch is committed. The job runs on a
    /// thread of the pool, inside the transaction: it must not wait for anything but SQLite.
    func perform<T: Sendable>(_ job: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let work = Work.job { connection in
                do {
                    let value = try job(connection)
                    return { continuation.resume(returning: value) }
                } catch let refusal as FriendStoreError where refusal.isRefusal {
                    return { continuation.resume(throwing: refusal) }
                }
            }
            enqueue(Pending(work: work, fail: { continuation.resume(throwing: $0) }))
        }
    }

    /// Inserts `record` in the next batch, with the other new friends next to it in the batch, and
    /// answers with its row once that batch is committed. When its resource name is taken by
    /// then, it alone is refused (`preconditionFailed`), as a job that refuses is.
    func insert(_ record: FriendRecord) async throws -> StoredFriend {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<StoredFriend, any Error>) in
            let work = Work.insert(record) { outcome in { continuation.resume(with: outcome.mapError { $0 }) } }
            enqueue(Pending(work: work, fail: { continuation.resume(throwing: $0) }))
        }
    }

    private func enqueue(_ pending: Pending) {
        let (startsCommitting, watchers) = state.withLockedValue { state in
            state.queue.append(pending)
            let count = state.queue.count
            let met = state.watchers.filter { $0.count <= count }.map(\.continuation)
            state.watchers.removeAll { $0.count <= count }
            guard !state.isCommitting else { return (false, met) }
            state.isCommitting = true
            return (true, met)
        }
        for watcher in watchers { watcher.resume() }
        if startsCommitting {
            Task { await self.commitUntilEmpty() }
        }
    }

    /// Returns once at least `count` jobs wait for the next batch (a test holding a batch open
    /// learns that the jobs it started are queued behind it).
    func waitUntilWaiting(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let met = state.withLockedValue { state in
                guard state.queue.count < count else { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if met { continuation.resume() }
        }
    }

    private func commitUntilEmpty() async {
        while true {
            let batch = state.withLockedValue { state in
                let batch = state.queue
                state.queue = []
                if batch.isEmpty { state.isCommitting = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            await commit(batch)
        }
    }

    private func commit(_ batch: [Pending]) async {
        let outcome = await Result.capturing {
            try await lock.withLock { [connection, threads] in
                try await threads.runIfActive {
                    try connection.transaction { try Self.run(batch, connection) }
                }
            }
        }
        switch outcome {
        case .success(let answers):
            for answer in answers { answer() }
        case .failure(let error):
            let failure = SQLiteFailure.forClients(error)
            for pending in batch { pending.fail(failure) }
        }
    }
}

extension SQLiteGroupCommit {
    /// Runs the batch's jobs in order, each run of new friends next to each other as one.
    private static func run(_ batch: [Pending], _ connection: SQLiteDirectConnection) throws -> [@Sendable () -> Void] {
        var answers: [@Sendable () -> Void] = []
        var rest = batch[...]
        while let first = rest.first {
            switch first.work {
            case .job(let job):
                answers.append(try job(connection))
                rest = rest.dropFirst()
            case .insert:
                let inserts = rest.prefix { $0.work.record != nil }
                let outcomes = try SQLiteFriendStore.insertReturning(inserts.compactMap(\.work.record), connection)
                for (pending, outcome) in zip(inserts, outcomes) {
                    if case .insert(_, let answer) = pending.work { answers.append(answer(outcome)) }
                }
                rest = rest.dropFirst(inserts.count)
            }
        }
        return answers
    }
}

extension FriendStoreError {
    /// The write was refused before anything was written.
    var isRefusal: Bool {
        switch self {
        case .notFound, .preconditionFailed: true
        case .unavailable, .busy, .diskFull: false
        }
    }
}
