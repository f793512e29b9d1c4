import Synchronization
import UnixSignals

/// SIGINT and SIGTERM heard for as long as this lives, not only while one server runs. A command
/// that runs servers one after the other (`friends web` ends its open server and starts the
/// sign-in one when the first account appears) passes `received` to each as `stopWhen`: a signal
/// that lands while the first is stopping, or before the next listens, stops the next one too,
/// where each server's own watch would have left it to the first.
public final class ShutdownSignals: Sendable {
    private let latch = Latch()
    private let listening: Task<Void, Never>

    /// Returns once the signals are trapped (until then they act as they did before).
    public init(trapping signals: [UnixSignal] = [.sigint, .sigterm]) async {
        let sequence = await UnixSignalsSequence(trapping: signals)
        listening = Task { [latch] in
            for await _ in sequence { latch.open() }
        }
    }

    deinit {
        listening.cancel()
    }

    /// Whether a signal has arrived.
    public var hasArrived: Bool { latch.isOpen }

    /// Returns once a signal has arrived (at once when one already has), or when the waiting task
    /// is cancelled.
    public func received() async {
        await latch.wait()
    }

    private final class Latch: Sendable {
        private struct State {
            var isOpen = false
            var nextWaiter = 0
            var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        }

        private let state = Mutex(State())

        var isOpen: Bool { state.withLock { $0.isOpen } }

        func open() {
            let waiters = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            waiters.forEach { $0.resume() }
        }

        func wait() async {
            let waiter = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let isDone = state.withLock { state in
                        // Cancelled before this ran: the cancellation handler found nothing to resume.
                        guard !state.isOpen, !Task.isCancelled else { return true }
                        state.waiters[waiter] = continuation
                        return false
                    }
                    if isDone { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: waiter) }?.resume()
            }
        }
    }
}
