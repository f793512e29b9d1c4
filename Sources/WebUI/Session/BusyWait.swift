import Binding

/// Waits, for at most `limit`, until `busy` is false: a request about to draw a page lets the
/// work it started finish first, so that a page without script shows the outcome (the saved
/// friend, the loaded list) and not a spinner that would never move.
@MainActor
public enum BusyWait {
    public static func untilIdle(_ busy: Bindable<Bool>, limit: Duration) async {
        guard busy.value else { return }
        let waiter = Waiter()
        let token = busy.bind { value in if !value { waiter.resume() } }
        defer { token.cancel() }
        let timer = Task { @MainActor in
            try? await Task.sleep(for: limit)
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
