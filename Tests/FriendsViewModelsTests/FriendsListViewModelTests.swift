import FriendsAPI
import FriendsClient
import Testing
@testable import FriendsViewModels

@MainActor
@Suite(.timeLimit(.minutes(1))) struct FriendsListViewModelTests {
    let client = FakeFriendsClient()

    /// The view model with a recorder on every output and event.
    @MainActor
    struct Screen {
        let viewModel: FriendsListViewModel
        let cells: Recorder<[FriendsListCell]>
        let hud: Recorder<Bool>
        let title: Recorder<String>
        let alerts = EventRecorder<Alert>()
        let opened = EventRecorder<Friend>()
        let edited = EventRecorder<Versioned<Friend>>()

        init(_ viewModel: FriendsListViewModel) {
            self.viewModel = viewModel
            cells = Recorder(viewModel.friendCells)
            hud = Recorder(viewModel.showLoadingHud)
            title = Recorder(viewModel.title)
            viewModel.onShowAlert = alerts.record
            viewModel.onOpenFriend = opened.record
            viewModel.onEditFriend = edited.record
        }

        func settle() async {
            await viewModel.fetchingForEdit.task?.value
            await viewModel.deleting.task?.value
            await viewModel.loading.task?.value
        }
    }

    func makeScreen(pageSize: Int? = nil) -> Screen {
        Screen(FriendsListViewModel(client: client, pageSize: pageSize))
    }

    @Test func loadingShowsEveryFriendAndTheirCount() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)"])
        #expect(await client.calls == [.friends(FriendListQuery())])
        #expect(screen.alerts.values.isEmpty)
    }

    @Test func noFriendsShowsTheEmptyRow() async {
        await client.enqueuePages(.success(Fixtures.page()))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()

        #expect(screen.cells.values == [[], [.empty]])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (0)"])
        #expect(FriendsListCell.emptyText == "No data available")
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to load your friends."),
        (.notFound, "Could not complete request, please try again."),
        (.server(status: 500, message: "Boom"), "Loading failed, check network connection"),
        (.unreachable, "Loading failed, check network connection"),
        (.timedOut, "Loading failed, check network connection"),
        (.undecodable, "Loading failed, check network connection"),
        (.invalid(message: "Bad cursor.", fields: [:]), "Loading failed, check network connection"),
    ])
    func aFailedLoadShowsWhyInTheErrorRow(failure: AppServerError, message: String) async {
        await client.enqueuePages(.failure(failure))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()

        #expect(screen.cells.values == [[], [.error(message)]])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (0)"])
        #expect(screen.alerts.values.isEmpty)
    }

    @Test func aFailedRefreshReplacesTheFriendsWithTheErrorRow() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.ada)), .failure(.unreachable))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.refreshRequested()
        await screen.settle()

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.ada), [.error("Loading failed, check network connection")]])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (1)", "Refreshing...", "Your Friends (0)"])
    }

    @Test func theNextPageIsAppendedUntilThereIsNoMore() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1")),
            .success(Fixtures.page(Fixtures.grace))
        )
        let screen = makeScreen(pageSize: 2)

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.loadNextPage()
        await screen.settle()
        screen.viewModel.loadNextPage()
        await screen.settle()

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.ada, Fixtures.grace),
        ])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == [
            "Your Friends (0)", "Refreshing...", "Your Friends (2)", "Refreshing...", "Your Friends (3)",
        ])
        #expect(await client.calls == [
            .friends(FriendListQuery(limit: 2)),
            .friends(FriendListQuery(limit: 2, cursor: "c1")),
        ])
    }

    @Test func theNextPageIsNotAskedForWhileAPageLoads() async {
        let firstPage = Gate<FriendPage>()
        let secondPage = Gate<FriendPage>()
        await client.enqueuePages(.held(firstPage), .held(secondPage))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        screen.viewModel.loadNextPage()
        await firstPage.open(with: .success(Fixtures.page(Fixtures.ada, next: "c1")))
        await screen.settle()
        screen.viewModel.loadNextPage()
        screen.viewModel.loadNextPage()
        await secondPage.open(with: .success(Fixtures.page(Fixtures.grace)))
        await screen.settle()

        #expect(await client.calls == [.friends(FriendListQuery()), .friends(FriendListQuery(cursor: "c1"))])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.ada), Fixtures.cells(Fixtures.ada, Fixtures.grace)])
    }

    @Test func aFailedNextPageKeepsTheFriendsAndCanBeRetried() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.ada, next: "c1")),
            .failure(.timedOut),
            .success(Fixtures.page(Fixtures.grace))
        )
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.loadNextPage()
        await screen.settle()
        screen.viewModel.loadNextPage()
        await screen.settle()

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.ada),
            Fixtures.cells(Fixtures.ada) + [.error("Loading failed, check network connection")],
            Fixtures.cells(Fixtures.ada, Fixtures.grace),
        ])
        #expect(screen.title.values == [
            "Your Friends (0)", "Refreshing...", "Your Friends (1)", "Refreshing...", "Your Friends (1)",
            "Refreshing...", "Your Friends (2)",
        ])
        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery(cursor: "c1")), .friends(FriendListQuery(cursor: "c1")),
        ])
    }

    @Test func searchRestartsFromTheFirstPageWithTheTrimmedText() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1")),
            .success(Fixtures.page(Fixtures.ada)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1"))
        )
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.searchTextChanged("  ad ")
        await screen.settle()
        screen.viewModel.loadNextPage()
        screen.viewModel.searchTextChanged("")
        await screen.settle()

        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery(search: "ad")), .friends(FriendListQuery()),
        ])
        #expect(screen.cells.values == [
            [], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
        ])
    }

    @Test func aSlowOlderSearchNeverOverwritesANewerOne() async {
        let olderSearch = Gate<FriendPage>()
        let newerSearch = Gate<FriendPage>()
        await client.enqueuePages(.held(olderSearch), .held(newerSearch))
        let screen = makeScreen()

        screen.viewModel.searchTextChanged("a")
        let olderTask = screen.viewModel.loading.task
        screen.viewModel.searchTextChanged("ad")
        await newerSearch.open(with: .success(Fixtures.page(Fixtures.ada)))
        await screen.settle()
        await olderSearch.open(with: .success(Fixtures.page(Fixtures.charles, Fixtures.ada, Fixtures.grace)))
        await olderTask?.value

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.ada)])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (1)"])
        #expect(await client.calls == [.friends(FriendListQuery(search: "a")), .friends(FriendListQuery(search: "ad"))])
        #expect(await client.cancelledCalls == [.friends(FriendListQuery(search: "a"))])
    }

    @Test func removingAFriendReloadsTheList() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada)),
            .success(Fixtures.page(Fixtures.ada))
        )
        await client.enqueueDeletes(.success)
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.deleteConfirmed(at: 0)
        await screen.settle()

        #expect(await client.calls == [
            .friends(FriendListQuery()), .delete(id: Fixtures.charles.id, ifMatch: nil), .friends(FriendListQuery()),
        ])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.ada)])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == [
            "Your Friends (0)", "Refreshing...", "Your Friends (2)", "Refreshing...", "Your Friends (1)",
        ])
        #expect(screen.alerts.values.isEmpty)
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to remove friends."),
        (.notFound, "Friend not found."),
        (.conflict, "Could not connect to server. Check your network and try again later."),
        (.server(status: 503, message: nil), "Could not connect to server. Check your network and try again later."),
        (.unreachable, "Could not connect to server. Check your network and try again later."),
        (.timedOut, "Could not connect to server. Check your network and try again later."),
    ])
    func aFailedRemovalKeepsTheListAndSaysWhy(failure: AppServerError, title: String) async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        await client.enqueueDeletes(.failure(failure))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.deleteConfirmed(at: 1)
        await screen.settle()

        #expect(screen.alerts.values == [Alert(title: title, message: "Could not remove Ada Lovelace.")])
        #expect(screen.alerts.values.first?.buttonTitle == "OK")
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)"])
        #expect(await client.calls == [.friends(FriendListQuery()), .delete(id: Fixtures.ada.id, ifMatch: nil)])
    }

    @Test func rowsThatAreNotFriendsCannotBeRemovedOrOpened() async {
        await client.enqueuePages(.success(Fixtures.page()))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.deleteConfirmed(at: 0)
        screen.viewModel.friendSelected(at: 0)
        screen.viewModel.editButtonTapped(at: -1)

        #expect(await client.calls == [.friends(FriendListQuery())])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.opened.values.isEmpty)
        #expect(screen.edited.values.isEmpty)
    }

    @Test func selectingAndAddingTellTheApp() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        let screen = makeScreen()
        var addRequests = 0
        screen.viewModel.onAddFriend = { addRequests += 1 }

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.friendSelected(at: 1)
        screen.viewModel.addButtonTapped()

        #expect(screen.opened.values == [Fixtures.ada])
        #expect(addRequests == 1)
    }

    @Test func editingFetchesTheLatestFriendWithItsTagFirst() async {
        var latest = Fixtures.charles
        latest.about = "Designed the Analytical Engine."
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        await client.enqueueFriends(.success(Versioned(latest, eTag: "\"2-5\"")))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.editButtonTapped(at: 0)
        screen.viewModel.editButtonTapped(at: 1)
        await screen.settle()

        #expect(screen.edited.values == [Versioned(latest, eTag: "\"2-5\"")])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)"])
        #expect(await client.calls == [.friends(FriendListQuery()), .friend(id: Fixtures.charles.id)])
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to load your friends."),
        (.notFound, "Friend not found."),
        (.unreachable, "Loading failed, check network connection"),
        (.server(status: 500, message: nil), "Loading failed, check network connection"),
    ])
    func editingAFriendThatCannotBeFetchedSaysWhy(failure: AppServerError, title: String) async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        await client.enqueueFriends(.failure(failure))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        await screen.settle()
        screen.viewModel.editButtonTapped(at: 1)
        await screen.settle()

        #expect(screen.alerts.values == [Alert(title: title, message: "Could not load Ada Lovelace.")])
        #expect(screen.edited.values.isEmpty)
        #expect(screen.hud.values == [false, true, false, true, false])
    }

    @Test func aReleasedListIsDeallocatedAndItsLoadCancelled() async {
        let page = Gate<FriendPage>()
        await client.enqueuePages(.held(page))
        var viewModel: FriendsListViewModel? = FriendsListViewModel(client: client)
        weak let released = viewModel

        viewModel?.viewAppeared()
        let load = viewModel?.loading.task
        viewModel = nil
        #expect(released == nil)
        await page.open(with: .success(Fixtures.page(Fixtures.ada)))
        await load?.value

        #expect(await client.cancelledCalls == [.friends(FriendListQuery())])
    }
}
