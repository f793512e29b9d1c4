/// Runs async critical sections one after another (FIFO), across suspension points,
/// which an actor alone does not: the store's one write connection carries group-commit batches,
/// migrations, bulk inserts and pruning, whose transactions must not interleave.
actor AsyncLock {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init() {}

    func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await lock()
        do {
            let result = try await body()
            unlock()
            return result
        } catch {
            unlock()
            throw error
        }
    }

    private func lock() async {
        if !isLocked {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func unlock() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
