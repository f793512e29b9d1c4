import Binding
import Testing
import WebUI

@MainActor
struct BusyWaitTests {
    /// Whether the wait has ended; the waiting task sets it.
    final class Outcome {
        var ended = false
    }

    /// A save that meets a conflict, merges and saves again goes from busy to idle and back in
    /// one turn: the page drawn after it must wait for the second save, not for that moment.
    @Test func workThatStartsMoreInTheSameTurnIsWaitedForToItsEnd() async {
        let busy = Bindable(true)
        let outcome = Outcome()
        let waiting = Task { @MainActor in
            await BusyWait.untilIdle(busy, limit: .seconds(600))
            outcome.ended = true
        }
        for _ in 0..<20 { await Task.yield() }
        busy.value = false
        busy.value = true
        for _ in 0..<100 { await Task.yield() }
        #expect(!outcome.ended, "still busy: the wait goes on")
        busy.value = false
        await waiting.value
        #expect(outcome.ended)
    }
}
