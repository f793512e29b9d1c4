import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where the slow password hash runs: on a pool of threads of its own (`hashingPool`), as many at
/// once as it has threads, not on Swift's shared ones, where each check would hold a thread every
/// other request needs for a fifth of a second, nor on NIO's shared pool, where SQLite writes wait
/// their turn. At most `capacity` checks run or wait; the next is refused at once (`Full`), so a
/// flood of guesses from many addresses costs neither memory (a check takes tens of megabytes
/// while it runs) nor a queue that grows without end.
final class PasswordCheckQueue: Sendable {
    struct Full: Error {}

    /// One thread per core, for the life of the process (as NIO's own shared pool).
    static let hashingPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(1, System.coreCount))
        pool.start()
        return pool
    }()

    let capacity: Int
    private let pool: NIOThreadPool
    private let admitted = NIOLockedValueBox(0)

    init(capacity: Int = 8 * System.coreCount, pool: NIOThreadPool = hashingPool) {
        self.capacity = capacity
        self.pool = pool
    }

    func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws -> Value {
        let isAdmitted = admitted.withLockedValue { count in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw Full() }
        defer { admitted.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive(work)
    }
}
