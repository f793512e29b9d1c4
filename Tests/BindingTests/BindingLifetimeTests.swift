import Binding
import Testing

@MainActor
struct BindingLifetimeTests {
    @Test func cancellingATokenEndsOnlyThatBinding() {
        let count = Bindable(0)
        var first: [Int] = []
        var second: [Int] = []
        let token = count.bind { first.append($0) }
        count.bind { second.append($0) }
        count.value = 1
        token.cancel()
        count.value = 2
        #expect(first == [1])
        #expect(second == [1, 2])
        #expect(!token.isActive)
        #expect(count.listenerCount == 1)
    }

    @Test func cancellingTwiceIsHarmless() {
        let count = Bindable(0)
        let token = count.bind { _ in }
        token.cancel()
        token.cancel()
        #expect(count.listenerCount == 0)
    }

    @Test func droppingATokenKeepsTheBinding() {
        let count = Bindable(0)
        var seen: [Int] = []
        _ = count.bind { seen.append($0) }
        count.value = 1
        #expect(seen == [1])
    }

    @Test func anOwnerScopedBindingEndsWhenTheOwnerIsReleased() {
        let count = Bindable(0)
        var seen: [Int] = []
        var owner: Owner? = Owner()
        weak let released = owner
        count.bind(owner!, fire: true) { owner, value in
            owner.values.append(value)
            seen.append(value)
        }
        count.value = 1
        owner = nil
        count.value = 2
        #expect(seen == [0, 1])
        #expect(released == nil)
        #expect(count.listenerCount == 0)
    }

    @Test func aViewBoundToItsViewModelLeaksNeither() {
        var viewModel: CounterViewModel? = CounterViewModel()
        var view: CounterView? = CounterView(viewModel: viewModel!)
        weak let weakViewModel = viewModel
        weak let weakView = view
        viewModel?.increment()
        #expect(view?.shown == ["0", "1"])
        view = nil
        viewModel = nil
        #expect(weakView == nil)
        #expect(weakViewModel == nil)
    }

    @Test func aDerivedValueKeepsItsSourceAliveAndEndsWithIt() {
        weak var weakSource: Bindable<Int>?
        weak var weakDerived: Bindable<String>?
        do {
            var derived: Bindable<String>?
            do {
                let source = Bindable(1)
                weakSource = source
                derived = source.map(String.init)
                weakDerived = derived
            }
            #expect(weakSource != nil, "the derived value keeps its source")
            #expect(derived?.value == "1")
            derived = nil
        }
        #expect(weakDerived == nil)
        #expect(weakSource == nil)
    }
}

@MainActor
private final class Owner {
    var values: [Int] = []
}

@MainActor
private final class CounterViewModel {
    let countText = Bindable("0")
    private var count = 0

    func increment() {
        count += 1
        countText.value = String(count)
    }
}

@MainActor
private final class CounterView {
    let viewModel: CounterViewModel
    var shown: [String] = []

    init(viewModel: CounterViewModel) {
        self.viewModel = viewModel
        viewModel.countText.bind(self, fire: true) { view, text in view.shown.append(text) }
    }
}
