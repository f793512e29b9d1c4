import NIOConcurrencyHelpers

/// Lets at most `limit` callers run at once; the others wait their turn, first come first served.
///
/// A waiting caller waits even when its task is cancelled: what it waits for is server-side work
/// that ends on its own (no caller runs a network write under the limit).
final class ConcurrencyLimit: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: NIOLockedValueBox<State>

    init(_ limit: Int) {
        precondition(limit > 0, "A limit lets at least one caller run.")
        state = NIOLockedValueBox(State(available: limit))
    }

    /// How many callers wait for their turn now.
    var waitingCount: Int { state.withLockedValue { $0.waiters.count } }

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let goesNow = state.withLockedValue { state -> Bool in
                guard state.available > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.available -= 1
                return true
            }
            if goesNow { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
