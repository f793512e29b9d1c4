import Binding
import Testing

@MainActor
struct BindableTests {
    @Test func bindTellsLaterValuesOnly() {
        let name = Bindable("Ada")
        var seen: [String] = []
        name.bind { seen.append($0) }
        name.value = "Grace"
        name.value = "Linus"
        #expect(seen == ["Grace", "Linus"])
    }

    @Test func bindAndFireTellsTheCurrentValueFirst() {
        let count = Bindable(1)
        var seen: [Int] = []
        count.bindAndFire { seen.append($0) }
        count.value = 2
        #expect(seen == [1, 2])
    }

    @Test func listenersAreToldAfterTheValueIsStored() {
        let count = Bindable(0)
        var storedWhenTold: [Int] = []
        count.bind { _ in storedWhenTold.append(count.value) }
        count.value = 7
        #expect(storedWhenTold == [7])
    }

    @Test func manyListenersAreToldInTheOrderTheyBound() {
        let count = Bindable(0)
        var order: [String] = []
        count.bind { _ in order.append("first") }
        count.bind { _ in order.append("second") }
        count.bind { _ in order.append("third") }
        count.value = 1
        #expect(order == ["first", "second", "third"])
    }

    @Test func equalValuesAreToldUnlessSkippingIsAsked() {
        let told = Bindable(1)
        let skipping = Bindable(1, skipsEqualValues: true)
        var toldValues: [Int] = []
        var skippingValues: [Int] = []
        told.bind { toldValues.append($0) }
        skipping.bind { skippingValues.append($0) }
        for value in [1, 2, 2, 3] {
            told.value = value
            skipping.value = value
        }
        #expect(toldValues == [1, 2, 2, 3])
        #expect(skippingValues == [2, 3])
    }

    @Test func mapDerivesAndFollowsTheSource() {
        let count = Bindable(2)
        let title = count.map { "Your Friends (\($0))" }
        var seen: [String] = []
        title.bindAndFire { seen.append($0) }
        count.value = 3
        #expect(seen == ["Your Friends (2)", "Your Friends (3)"])
    }
}
