import Binding
import Testing

@MainActor
struct BindingReentrancyTests {
    @Test func aListenerSettingTheValueIsDeliveredAfterTheRoundInOrder() {
        let count = Bindable(0)
        var first: [Int] = []
        var second: [Int] = []
        count.bind { value in
            first.append(value)
            if value < 3 { count.value = value + 1 }
        }
        count.bind { second.append($0) }
        count.value = 1
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
        #expect(count.value == 3)
    }

    @Test func bindingDuringNotificationJoinsFromTheNextValue() {
        let count = Bindable(0)
        var late: [Int] = []
        var didBind = false
        count.bind { _ in
            guard !didBind else { return }
            didBind = true
            count.bind { late.append($0) }
        }
        count.value = 1
        count.value = 2
        #expect(late == [2])
    }

    @Test func aListenerCancellingAnotherDuringNotificationStopsItAtOnce() {
        let count = Bindable(0)
        var victimSeen: [Int] = []
        var victim: BindingToken?
        count.bind { _ in victim?.cancel() }
        victim = count.bind { victimSeen.append($0) }
        count.value = 1
        #expect(victimSeen.isEmpty)
        #expect(count.listenerCount == 1)
    }

    @Test func aListenerCancellingItselfIsToldNoMore() {
        let count = Bindable(0)
        var seen: [Int] = []
        var token: BindingToken?
        token = count.bind { value in
            seen.append(value)
            token?.cancel()
        }
        count.value = 1
        count.value = 2
        #expect(seen == [1])
    }
}
