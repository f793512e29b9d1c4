import Testing
@testable import Binding

@MainActor
struct BindingPruningTests {
    final class Owner {}

    /// A value that never changes (a feed's connection state while it stays live) and is bound by
    /// one short-lived owner after another (every browser session's list) keeps only what is alive.
    @Test func bindingsOfReleasedOwnersGoEvenWithoutAChange() {
        let state = Bindable("live")
        var alive: [Owner] = []
        for index in 0..<10_000 {
            let owner = Owner()
            state.bind(owner) { _, _ in }
            if index % 100 == 0 { alive.append(owner) }
        }
        #expect(state.listenerCount == alive.count)
        #expect(state.entries.count < 2 * alive.count + 16)
    }

    @Test func bindingsOfLiveOwnersAreKeptAndTold() {
        let state = Bindable(0)
        let owners = (0..<100).map { _ in Owner() }
        var told = 0
        for owner in owners { state.bind(owner) { _, _ in told += 1 } }
        state.value = 1
        #expect(told == owners.count)
        #expect(state.listenerCount == owners.count)
    }
}
