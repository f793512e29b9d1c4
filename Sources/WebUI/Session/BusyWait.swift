import Binding

/// Waits, for at most `limit`, until `busy` is false: a request about to draw a page lets the
/// work it started finish first, so that a page without script shows the outcome (the saved
/// friend, the loaded list) and not a spinner that would never move.
@MainActor
public enum BusyWait {
    public static func untilIdle(_ busy: Bindable<Bool>, limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        // Work that ends by starting more in the same turn (a save that merges and saves again)
        // is false for a moment only: by the time this wakes, it is busy again, and is waited for.
        while busy.value, ContinuousClock.now < deadline {
            await untilFirstIdle(busy, orUntil: deadline)
        }
    }

    private static func untilFirstIdle(_ busy: Bindable<Bool>, orUntil deadline: ContinuousClock.Instant) async {
        let waiter = Waiter()
        let token = busy.bind { value in if !value { waiter.resume() } }
        defer { token.cancel() }
        let timer = Task { @MainActor in
            try? await Task.sleep(until: deadline, clock: .continuous)
            waiter.resume()
        }
        defer { timer.cancel() }
        await waiter.wait()
    }

    /// Resumes its one waiter once, whichever comes first: the work or the limit.
    @MainActor
    private final class Waiter {
        private var continuation: CheckedContinuation<Void, Never>?
        private var isDone = false

        func wait() async {
            guard !isDone else { return }
            await withCheckedContinuation { continuation = $0 }
        }

        func resume() {
            isDone = true
            continuation?.resume()
            continuation = nil
        }
    }
}
