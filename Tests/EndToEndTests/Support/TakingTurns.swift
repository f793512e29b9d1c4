import Testing

/// End-to-end tests take turns: one runs at a time.
///
/// They drive real programs and wait on them with blocking calls (each tmux command runs to its
/// end). Swift concurrency has one thread per core, two on a small machine, so two of these at once
/// could hold every thread and stall the rest of the suite, whose tests then miss their own time
/// limits. Taking turns leaves the other suites at least one thread.
struct TakingTurns: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Suites run their tests inside their own scope: only a test case waits for its turn.
        guard testCase != nil else { return try await function() }
        await Turn.shared.take()
        do {
            try await function()
        } catch {
            await Turn.shared.pass()
            throw error
        }
        await Turn.shared.pass()
    }
}

extension Trait where Self == TakingTurns {
    /// One end-to-end test at a time (see `TakingTurns`).
    static var takingTurns: Self { TakingTurns() }
}

private actor Turn {
    static let shared = Turn()
    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
        guard isTaken else {
            isTaken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func pass() {
        if waiting.isEmpty {
            isTaken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
