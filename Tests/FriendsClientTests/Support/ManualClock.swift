import Foundation

/// A clock that moves only when the test advances it, and tells the test who is sleeping.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        func duration(to other: Self) -> Duration { other.offset - offset }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Int: Sleeper] = [:]
    private var lastID = 0
    private var requested: [Duration] = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Every duration slept for, in order.
    var sleeps: [Duration] { lock.withLock { requested } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock { () -> Int in
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (isDue, met): (Bool, [CheckedContinuation<Void, Never>]) = lock.withLock {
                    requested.append(current.duration(to: deadline))
                    if deadline <= current { return (true, []) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let met = watchers.filter { $0.count <= sleepers.count }.map(\.continuation)
                    watchers.removeAll { $0.count <= sleepers.count }
                    return (false, met)
                }
                if isDue { continuation.resume() }
                for watcher in met { watcher.resume() }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once `count` sleepers are waiting.
    func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let met = lock.withLock {
                guard sleepers.count < count else { return true }
                watchers.append((count, continuation))
                return false
            }
            if met { continuation.resume() }
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.value.deadline <= current }
            for id in due.keys { sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}
