import Clocks
import Testing

/// Tasks reach their `sleep` on the clock at their own pace; these waits make the order of a
/// test's steps certain without sleeping in real time.
extension TestClock<Duration> {
    /// Waits until some task sleeps on this clock, so that advancing it wakes that task.
    func untilSomethingSleeps(sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<1_000 {
            do {
                try await checkSuspension()
            } catch {
                return
            }
        }
        Issue.record("No task started sleeping on the clock.", sourceLocation: sourceLocation)
    }

    /// Waits until no task sleeps on this clock any more.
    func untilNothingSleeps(sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<1_000 {
            if (try? await checkSuspension()) != nil { return }
        }
        Issue.record("A task still sleeps on the clock.", sourceLocation: sourceLocation)
    }

    /// Advances in `count` steps while a task ticks on the clock; each step starts once the task
    /// sleeps and ends once it has done its work and sleeps again.
    func advanceTicking(
        by step: Duration, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for _ in 0..<count {
            await untilSomethingSleeps(sourceLocation: sourceLocation)
            await advance(by: step)
            await untilSomethingSleeps(sourceLocation: sourceLocation)
        }
    }
}
