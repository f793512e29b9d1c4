import Binding
import Observation
import Testing

/// The adapter used the way SwiftUI uses an `@Observable` object: a view's body reads some
/// outputs inside `withObservationTracking`, and is drawn again when one of exactly those changes.
@MainActor
struct ObservedViewModelTests {
    @MainActor
    final class CounterViewModel {
        let title = Bindable("Count", skipsEqualValues: true)
        let count = Bindable(0)
        func incrementTapped() { count.value += 1 }
    }

    /// How often the tracked reads were told of a change (SwiftUI would redraw that often).
    @MainActor
    final class Redraws {
        var count = 0
    }

    /// Reads what `body` reads once, as a view's body would, and counts the changes it is told of.
    /// Like SwiftUI, each telling ends the tracking; a view draws again and tracks anew.
    func track(_ body: @escaping @MainActor () -> Void) -> Redraws {
        let redraws = Redraws()
        withObservationTracking {
            body()
        } onChange: {
            MainActor.assumeIsolated { redraws.count += 1 }
        }
        return redraws
    }

    @Test func readingAnOutputGivesItsValue() {
        let counter = ObservedViewModel(CounterViewModel())
        #expect(counter.title == "Count")
        counter.viewModel.incrementTapped()
        #expect(counter.count == 1)
    }

    @Test func aChangeOfAnOutputReadIsToldOnce() {
        let counter = ObservedViewModel(CounterViewModel())
        let redraws = track { _ = counter.count }
        counter.viewModel.incrementTapped()
        #expect(redraws.count == 1)
        counter.viewModel.incrementTapped()
        #expect(redraws.count == 1, "tracking ends with the first change, as a SwiftUI body's does")
    }

    @Test func outputsNotReadAreNotTold() {
        let counter = ObservedViewModel(CounterViewModel())
        _ = counter.title  // read outside tracking: bound, but by no view
        let redraws = track { _ = counter.count }
        counter.viewModel.title.value = "Score"
        #expect(redraws.count == 0)
        counter.viewModel.incrementTapped()
        #expect(redraws.count == 1)
    }

    @Test func anEqualValueOfAnOutputThatSkipsThemIsNotAChange() {
        let counter = ObservedViewModel(CounterViewModel())
        let redraws = track { _ = counter.title }
        counter.viewModel.title.value = "Count"
        #expect(redraws.count == 0)
    }

    /// A view that draws again whenever what it read changes, tracking anew each time.
    @MainActor
    final class CountView {
        let counter: ObservedViewModel<CounterViewModel>
        var drawn: [Int] = []

        init(_ counter: ObservedViewModel<CounterViewModel>) {
            self.counter = counter
            draw()
        }

        func draw() {
            withObservationTracking {
                drawn.append(counter.count)
            } onChange: { [weak self] in
                // The adapter tells once the new value is stored, so the view can draw at once.
                MainActor.assumeIsolated { self?.draw() }
            }
        }
    }

    @Test func eachRedrawTracksAgainAndSeesTheNewValue() {
        let counter = ObservedViewModel(CounterViewModel())
        let view = CountView(counter)
        for _ in 1...3 { counter.viewModel.incrementTapped() }
        #expect(view.drawn == [0, 1, 2, 3])
    }

    @Test func theAdapterAndItsViewModelAreReleasedTogetherAndTellNothingAfter() {
        weak var releasedAdapter: ObservedViewModel<CounterViewModel>?
        weak var releasedViewModel: CounterViewModel?
        var count: Bindable<Int>?
        var redraws: Redraws?
        do {
            let viewModel = CounterViewModel()
            let adapter = ObservedViewModel(viewModel)
            redraws = track { _ = adapter.count }
            count = viewModel.count
            releasedAdapter = adapter
            releasedViewModel = viewModel
        }
        #expect(releasedAdapter == nil)
        #expect(releasedViewModel == nil)
        count?.value = 5
        #expect(redraws?.count == 0)
        #expect(count?.listenerCount == 0)
    }
}
