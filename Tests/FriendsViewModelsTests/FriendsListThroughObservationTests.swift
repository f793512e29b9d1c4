import Binding
import FriendsAPI
import FriendsClient
import Observation
import TestSupport
import Testing
@testable import FriendsViewModels

/// The list view model as a SwiftUI `List` would see it through `ObservedViewModel`: a view that
/// reads the title, the rows and the spinner, and draws again whenever one of them changes.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendsListThroughObservationTests {
    let client = FakeFriendsClient()
    let stream = FakeChangeStream()

    /// What a SwiftUI body over the list would read, drawn again on every change it is told of.
    @MainActor
    final class ListView {
        struct Drawing: Equatable {
            var title: String
            var cells: [FriendsListCell]
            var spinner: Bool
        }

        let list: ObservedViewModel<FriendsListViewModel>
        private(set) var drawings: [Drawing] = []

        init(_ list: ObservedViewModel<FriendsListViewModel>) {
            self.list = list
            draw()
        }

        func draw() {
            withObservationTracking {
                drawings.append(Drawing(title: list.title, cells: list.friendCells, spinner: list.showLoadingHud))
            } onChange: { [weak self] in
                MainActor.assumeIsolated { self?.draw() }
            }
        }
    }

    @Test func loadSearchPageLiveChangeAndDeleteAreDrawnAsTheyHappen() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace, total: 1)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace))
        )
        await client.enqueueDeletes(.success)
        let viewModel = FriendsListViewModel(client: client, sleep: sleepForever, feed: stream.feed)
        let screen = FriendsListViewModelTests.Screen(viewModel)
        let view = ListView(ObservedViewModel(viewModel))

        await screen.appeared()
        viewModel.searchTextChanged("Hopper")
        await screen.settle()
        viewModel.searchTextChanged("")
        await screen.settle()
        viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        await screen.settle()
        let countess = Fixtures.changed(Fixtures.ada) { $0.firstname = "Countess Ada" }
        stream.updated(countess)
        viewModel.deleteTapped(id: Fixtures.charles.id)
        viewModel.deleteConfirmed()
        await screen.settle()

        // Every value each output took reached the view, in order, one drawing per change.
        let changes = (screen.title.values.count - 1) + (screen.cells.values.count - 1) + (screen.hud.values.count - 1)
        #expect(view.drawings.count == 1 + changes)
        #expect(Self.distinct(view.drawings.map(\.title)) == Self.distinct(screen.title.values))
        #expect(Self.distinct(view.drawings.map(\.cells)) == Self.distinct(screen.cells.values))
        #expect(Self.distinct(view.drawings.map(\.spinner)) == Self.distinct(screen.hud.values))
        #expect(view.drawings.contains { $0.cells == Fixtures.cells(Fixtures.grace) })
        #expect(view.drawings.last == ListView.Drawing(
            title: "Your Friends (2)", cells: Fixtures.cells(Fixtures.grace, countess), spinner: false
        ))
    }

    @Test func theViewModelGoesWithTheAdapter() {
        weak var released: FriendsListViewModel?
        do {
            let viewModel = FriendsListViewModel(client: client, sleep: sleepForever, feed: stream.feed)
            let view = ListView(ObservedViewModel(viewModel))
            #expect(view.drawings.count == 1)
            released = viewModel
        }
        #expect(released == nil)
    }

    /// `values` without repeats next to each other (a drawing caused by another output repeats this one).
    static func distinct<Value: Equatable>(_ values: [Value]) -> [Value] {
        values.reduce(into: []) { result, value in if result.last != value { result.append(value) } }
    }
}
