import NIOConcurrencyHelpers

/// Waits for an operation at most as long as a timer allows, without waiting for the operation to
/// notice its cancellation: a query on a connection the server dropped may never answer, and a
/// task group would wait for it on the way out.
enum Deadline {
    /// Runs `operation` and `timer` side by side. When `timer` returns an error first, the caller
    /// gets that error at once, and `operation` is cancelled and left to finish on its own; when it
    /// returns `nil`, the operation may take as long as it takes.
    static func run<T: Sendable>(
        operation: @escaping @Sendable () async throws -> T,
        timer: @escaping @Sendable () async throws -> (any Error)?
    ) async throws -> T {
        let answered = NIOLockedValueBox(false)
        let claim: @Sendable () -> Bool = {
            answered.withLockedValue { answered in
                defer { answered = true }
                return !answered
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            let work = Task {
                let result = await Result.capturing(operation)
                if claim() { continuation.resume(with: result) }
            }
            let watch = Task {
                guard let error = try? await timer(), claim() else { return }
                work.cancel()
                continuation.resume(throwing: error)
            }
            Task {
                _ = await work.result
                watch.cancel()
            }
        }
    }

    /// Sleeps for `duration`, and a moment more when it woke up late: what `run`'s timers wait
    /// with. A timer that wakes late was held up with every task of this process, the operation's
    /// too, whose answer may have come in time and be queued behind the timer, not missing.
    static func sleep(for duration: Duration) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        try await Task.sleep(until: deadline, clock: clock)
        if clock.now - deadline > stallSlack { try await Task.sleep(for: stallSlack) }
    }

    /// How late a timer may wake before this process counts as held up.
    private static let stallSlack: Duration = .milliseconds(200)
}
