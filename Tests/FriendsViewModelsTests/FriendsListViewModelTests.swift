import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendsListViewModelTests {
    let client = FakeFriendsClient()

    /// The view model with a recorder on every output and event.
    @MainActor
    struct Screen {
        let viewModel: FriendsListViewModel
        let cells: Recorder<[FriendsListCell]>
        let selection: Recorder<Int?>
        let hud: Recorder<Bool>
        let title: Recorder<String>
        let summary: Recorder<String?>
        let confirmation: Recorder<ConfirmationPrompt?>
        let status: Recorder<String?>
        let alerts = EventRecorder<Alert>()
        let opened = EventRecorder<Friend>()
        let edited = EventRecorder<Versioned<Friend>>()

        init(_ viewModel: FriendsListViewModel) {
            self.viewModel = viewModel
            cells = Recorder(viewModel.friendCells)
            selection = Recorder(viewModel.selectedFriendID)
            hud = Recorder(viewModel.showLoadingHud)
            title = Recorder(viewModel.title)
            summary = Recorder(viewModel.searchSummary)
            confirmation = Recorder(viewModel.deleteConfirmation)
            status = Recorder(viewModel.statusMessage)
            viewModel.onShowAlert = alerts.record
            viewModel.onOpenFriend = opened.record
            viewModel.onEditFriend = edited.record
        }

        func settle() async {
            await viewModel.fetchingFriend.task?.value
            await viewModel.deleting.task?.value
            await viewModel.loadingTask.task?.value
        }

        func appeared() async {
            viewModel.viewAppeared()
            await settle()
        }
    }

    func makeScreen(pageSize: Int? = nil, sleep: @escaping @Sendable (Duration) async throws -> Void = sleepForever) -> Screen {
        Screen(FriendsListViewModel(client: client, pageSize: pageSize, sleep: sleep))
    }

    static func numbered(_ range: ClosedRange<Int>) -> [Friend] {
        range.map { Friend(id: 100 + $0, firstname: "Friend", lastname: "Number \($0)", version: 1) }
    }

    static let deleteAda = ConfirmationPrompt(title: "Delete Friend", message: "Delete Ada Lovelace?", confirmTitle: "Delete", cancelTitle: "Cancel")
    static let deleteCharles = ConfirmationPrompt(title: "Delete Friend", message: "Delete Charles Babbage?", confirmTitle: "Delete")

    // MARK: Loading, title and empty texts

    @Test func theTitleCountsEveryFriendNotOnlyTheLoadedOnes() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 75)))
        let screen = makeScreen()

        await screen.appeared()

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.selection.values == [nil, Fixtures.charles.id])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (75)"])
        #expect(screen.summary.values == [nil])
        #expect(screen.confirmation.values == [nil])
        #expect(screen.status.values == [nil])
        #expect(await client.calls == [.friends(FriendListQuery())])
        #expect(screen.alerts.values.isEmpty)
    }

    @Test func anEmptyListTellsAFirstTimeUserHowToAddAFriendAndSelectsNothing() async {
        await client.enqueuePages(.success(Fixtures.page(total: 0)))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.selectionMoved(by: 1)
        screen.viewModel.selectionMovedToEnd()
        screen.viewModel.selectionMovedToStart()
        screen.viewModel.friendSelected(id: Fixtures.ada.id)
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)

        #expect(screen.cells.values == [[], [.empty("No friends yet. Add your first friend.")]])
        #expect(screen.selection.values == [nil])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (0)"])
        #expect(screen.confirmation.values == [nil])
        #expect(screen.opened.values.isEmpty && screen.edited.values.isEmpty)
        #expect(await client.calls == [.friends(FriendListQuery())])
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to load your friends."),
        (.notFound, "Could not complete request, please try again."),
        (.server(status: 500, message: "Boom"), "Loading failed, check network connection"),
        (.unreachable, "Loading failed, check network connection"),
        (.timedOut, "Loading failed, check network connection"),
        (.undecodable, "Loading failed, check network connection"),
        (.invalid(message: "Bad cursor.", fields: ["cursor": "The cursor is not valid."]), "Loading failed, check network connection"),
        (.throttled(message: "Too many failed sign-ins: try again in 58 s.", retryAfter: 58), "Too many failed sign-ins: try again in 58 s."),
    ])
    func aFailedLoadShowsWhyInAnErrorRowThatCannotBeSelected(failure: AppServerError, message: String) async {
        await client.enqueuePages(.failure(failure))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.selectionMoved(by: 1)

        #expect(screen.cells.values == [[], [.error(message)]])
        #expect(screen.selection.values == [nil])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (0)"])
        #expect(screen.alerts.values.isEmpty)
    }

    @Test func aSearchTheServerRefusesSaysWhyNotCheckTheNetwork() async {
        let tooLong = String(repeating: "a", count: 201)
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.ada, total: 1)),
            .failure(.invalid(message: "Some query parameters are not valid.", fields: ["q": "Search must be at most 200 characters."]))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.searchTextChanged(tooLong)
        await screen.settle()

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.ada), [.error("Search must be at most 200 characters.")]])
        #expect(screen.selection.values == [nil, Fixtures.ada.id, nil])
        #expect(screen.summary.values == [nil])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (1)", "Refreshing...", "Your Friends (1)"])
        #expect(await client.calls == [.friends(FriendListQuery()), .friends(FriendListQuery(search: tooLong))])
    }

    // MARK: Paging

    @Test func theNextPageLoadsWhenTheViewShowsRowsNearTheEnd() async {
        let first = Self.numbered(1...10)
        let second = Self.numbered(11...12)
        await client.enqueuePages(
            .success(FriendPage(items: first, nextCursor: "c1", total: 12)),
            .success(FriendPage(items: second, nextCursor: nil))
        )
        let screen = makeScreen(pageSize: 10)

        await screen.appeared()
        screen.viewModel.visibleRowsChanged(lastFriendID: nil)
        screen.viewModel.visibleRowsChanged(lastFriendID: first[3].id)
        screen.viewModel.visibleRowsChanged(lastFriendID: first[4].id)
        await screen.settle()
        screen.viewModel.visibleRowsChanged(lastFriendID: second[1].id)

        let firstCells = first.map { FriendsListCell.normal(FriendCellViewModel(friend: $0)) }
        let secondCells = second.map { FriendsListCell.normal(FriendCellViewModel(friend: $0)) }
        #expect(screen.cells.values == [[], firstCells, firstCells + secondCells])
        #expect(screen.selection.values == [nil, first[0].id])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (12)"])
        #expect(await client.calls == [
            .friends(FriendListQuery(limit: 10)),
            .friends(FriendListQuery(limit: 10, cursor: "c1")),
        ])
    }

    @Test func theNextPageIsNotAskedForWhileAPageLoads() async {
        let firstPage = Gate<FriendPage>()
        let secondPage = Gate<FriendPage>()
        await client.enqueuePages(.held(firstPage), .held(secondPage))
        let screen = makeScreen()

        screen.viewModel.viewAppeared()
        screen.viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        await firstPage.open(with: .success(Fixtures.page(Fixtures.ada, next: "c1", total: 2)))
        await screen.settle()
        screen.viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        screen.viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        await secondPage.open(with: .success(Fixtures.page(Fixtures.grace)))
        await screen.settle()

        #expect(await client.calls == [.friends(FriendListQuery()), .friends(FriendListQuery(cursor: "c1"))])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.ada), Fixtures.cells(Fixtures.ada, Fixtures.grace)])
        #expect(screen.hud.values == [false, true, false, true, false])
    }

    @Test func aFailedNextPageKeepsTheFriendsAndIsTriedAgainByMovingDownAtTheEnd() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.ada, next: "c1")),
            .failure(.timedOut),
            .success(Fixtures.page(Fixtures.grace))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        await screen.settle()
        screen.viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        screen.viewModel.selectionMoved(by: 1)
        await screen.settle()

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.ada),
            Fixtures.cells(Fixtures.ada) + [.error("Loading failed, check network connection")],
            Fixtures.cells(Fixtures.ada, Fixtures.grace),
        ])
        #expect(screen.selection.values == [nil, Fixtures.ada.id])
        #expect(screen.hud.values == [false, true, false, true, false, true, false])
        // Without a count from the server, the title counts what is loaded.
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (1)", "Your Friends (2)"])
        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery(cursor: "c1")), .friends(FriendListQuery(cursor: "c1")),
        ])
    }

    /// What a view with a "Load more" button and a "Try again" button needs, without guessing.
    @Test func theListSaysWhetherMoreFriendsFollowAndRetriesAFailedPageWhenAsked() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.ada, next: "c1")),
            .failure(.timedOut),
            .success(Fixtures.page(Fixtures.grace))
        )
        let screen = makeScreen()
        let hasMore = Recorder(screen.viewModel.hasMoreFriends)

        await screen.appeared()
        screen.viewModel.nextPageRetried()  // nothing failed: nothing to retry
        screen.viewModel.visibleRowsChanged(lastFriendID: Fixtures.ada.id)
        await screen.settle()
        screen.viewModel.nextPageRetried()
        await screen.settle()

        #expect(hasMore.values == [false, true, false])
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.ada, Fixtures.grace))
        #expect(screen.selection.values == [nil, Fixtures.ada.id])
        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery(cursor: "c1")), .friends(FriendListQuery(cursor: "c1")),
        ])
    }

    @Test func endLoadsEveryPageLeftAndSelectsTheLastFriend() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, next: "c1", total: 4)),
            .success(Fixtures.page(Fixtures.ada, next: "c2")),
            .success(Fixtures.page(Fixtures.alan))
        )
        let screen = makeScreen(pageSize: 2)

        await screen.appeared()
        screen.viewModel.selectionMovedToEnd()
        await screen.settle()
        screen.viewModel.selectionMovedToEnd()
        screen.viewModel.selectionMovedToStart()

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.grace),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada, Fixtures.alan),
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.alan.id, Fixtures.charles.id])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (4)"])
        #expect(await client.calls == [
            .friends(FriendListQuery(limit: 2)),
            .friends(FriendListQuery(limit: 500, cursor: "c1")),
            .friends(FriendListQuery(limit: 500, cursor: "c2")),
        ])
    }

    /// A list of pages of two showing Charles and Grace of four friends; the next page waits
    /// for the gate.
    private func shownWithTheNextPageHeld() async -> (screen: Screen, next: Gate<FriendPage>) {
        let next = Gate<FriendPage>()
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, next: "c1", total: 4)), .held(next))
        let screen = makeScreen(pageSize: 2)
        await screen.appeared()
        return (screen, next)
    }

    /// Home pressed while End's pages load: the pages still load, and the selection stays where
    /// the later key put it.
    @Test func aMoveWhileEndsPagesLoadWins() async {
        let (screen, rest) = await shownWithTheNextPageHeld()
        screen.viewModel.selectionMoved(by: 1)
        screen.viewModel.selectionMovedToEnd()
        screen.viewModel.selectionMovedToStart()
        await rest.open(with: .success(Fixtures.page(Fixtures.ada, Fixtures.alan)))
        await screen.settle()

        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada, Fixtures.alan))
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id, Fixtures.charles.id])
    }

    /// Keys pressed past the last loaded row while the next page loads are not lost: the
    /// selection goes on by them once it shows.
    @Test func movesPastTheLoadedRowsWaitForTheNextPage() async {
        let (screen, next) = await shownWithTheNextPageHeld()
        for _ in 0..<3 { screen.viewModel.selectionMoved(by: 1) }
        await next.open(with: .success(Fixtures.page(Fixtures.ada, Fixtures.alan)))
        await screen.settle()

        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id, Fixtures.alan.id])
        #expect(await client.calls == [.friends(FriendListQuery(limit: 2)), .friends(FriendListQuery(limit: 2, cursor: "c1"))])
    }

    // MARK: Selection

    @Test func theSelectionStaysOnTheSameFriendAcrossRefreshesAndMovesToANeighbourWhenItIsGone() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, Fixtures.alan)),
            .success(Fixtures.page(Fixtures.alan, Fixtures.charles, Fixtures.grace, Fixtures.ada)),
            .success(Fixtures.page(Fixtures.alan, Fixtures.charles, Fixtures.ada))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.selectionMoved(by: 1)
        screen.viewModel.refreshRequested()  // a friend was added after the selected one
        await screen.settle()
        screen.viewModel.refreshRequested()  // and one before it: it moves down a row
        await screen.settle()
        screen.viewModel.refreshRequested()  // the selected friend was removed elsewhere
        await screen.settle()

        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id, Fixtures.ada.id])
        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada, Fixtures.alan),
            Fixtures.cells(Fixtures.alan, Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.alan, Fixtures.charles, Fixtures.ada),
        ])
        #expect(screen.title.values == [
            "Your Friends (0)", "Refreshing...", "Your Friends (3)", "Refreshing...", "Your Friends (4)",
            "Refreshing...", "Your Friends (4)", "Refreshing...", "Your Friends (3)",
        ])
        #expect(await client.calls == Array(repeating: .friends(FriendListQuery()), count: 4))
    }

    /// A refresh that fails shows the error row and no friend; the next one that loads puts the
    /// cursor back on the friend the user had chosen, not on the first row.
    @Test func theSelectionComesBackAfterARefreshThatFailed() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada)),
            .failure(.unreachable),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.selectionMoved(by: 2)
        screen.viewModel.refreshRequested()
        await screen.settle()
        screen.viewModel.refreshRequested()
        await screen.settle()

        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id, nil, Fixtures.ada.id])
    }

    @Test func aRefreshKeepsAsManyRowsAsWereLoadedSoThatTheSelectionStays() async {
        let first = Self.numbered(1...2)
        let second = Self.numbered(3...4)
        await client.enqueuePages(
            .success(FriendPage(items: first, nextCursor: "c1", total: 6)),
            .success(FriendPage(items: second, nextCursor: "c2")),
            .success(FriendPage(items: first + second, nextCursor: "c3", total: 6))
        )
        let screen = makeScreen(pageSize: 2)

        await screen.appeared()
        screen.viewModel.visibleRowsChanged(lastFriendID: first[1].id)
        await screen.settle()
        screen.viewModel.friendSelected(id: second[1].id)
        screen.viewModel.refreshRequested()
        await screen.settle()

        #expect(screen.selection.values == [nil, first[0].id, second[1].id])
        #expect(await client.calls == [
            .friends(FriendListQuery(limit: 2)),
            .friends(FriendListQuery(limit: 2, cursor: "c1")),
            .friends(FriendListQuery(limit: 4)),
        ])
    }

    @Test func narrowingASearchKeepsTheSelectedFriendAndSaysHowManyMatch() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)),
            .success(Fixtures.page(Fixtures.grace, Fixtures.ada, total: 2)),
            .success(Fixtures.page(Fixtures.ada, total: 1)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.friendSelected(id: Fixtures.ada.id)
        screen.viewModel.searchTextChanged(" a ")
        await screen.settle()
        screen.viewModel.searchTextChanged("ad")
        await screen.settle()
        screen.viewModel.searchTextChanged("")
        await screen.settle()

        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(screen.summary.values == [nil, "2 matches for 'a'", "1 match for 'ad'", nil])
        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
        ])
        #expect(screen.title.values == [
            "Your Friends (0)", "Refreshing...", "Your Friends (3)", "Refreshing...", "Your Friends (3)",
            "Refreshing...", "Your Friends (3)", "Refreshing...", "Your Friends (3)",
        ])
        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery(search: "a")),
            .friends(FriendListQuery(search: "ad")), .friends(FriendListQuery()),
        ])
    }

    @Test func aSearchMatchingNobodySaysSoOnceAndAnOpenEndedOneSaysThereAreMore() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)),
            .success(Fixtures.page(total: 0)),
            .success(Fixtures.page(Fixtures.ada, next: "c1"))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.searchTextChanged("xyz")
        await screen.settle()
        screen.viewModel.searchTextChanged("a")
        await screen.settle()

        #expect(screen.cells.values == [
            [], Fixtures.cells(Fixtures.charles, Fixtures.ada), [], Fixtures.cells(Fixtures.ada),
        ])
        #expect(screen.summary.values == [nil, "No friends match 'xyz'", "1+ matches for 'a'"])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, nil, Fixtures.ada.id])
    }

    @Test func aSlowOlderSearchNeverOverwritesANewerOne() async {
        let olderSearch = Gate<FriendPage>()
        let newerSearch = Gate<FriendPage>()
        await client.enqueuePages(.held(olderSearch), .held(newerSearch))
        let screen = makeScreen()

        screen.viewModel.searchTextChanged("a")
        let olderTask = screen.viewModel.loadingTask.task
        screen.viewModel.searchTextChanged("ad")
        await newerSearch.open(with: .success(Fixtures.page(Fixtures.ada, total: 1)))
        await screen.settle()
        await olderSearch.open(with: .success(Fixtures.page(Fixtures.charles, Fixtures.ada, Fixtures.grace)))
        await olderTask?.value

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.ada)])
        #expect(screen.summary.values == [nil, "1 match for 'ad'"])
        #expect(screen.hud.values == [false, true, false])
        // Searched before the whole list was ever loaded: 1 is how many match, not how many friends there are.
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends"])
        #expect(await client.calls == [.friends(FriendListQuery(search: "a")), .friends(FriendListQuery(search: "ad"))])
        #expect(await client.cancelledCalls == [.friends(FriendListQuery(search: "a"))])
    }

    @Test func anAddedFriendIsSelectedAndStaysSelectedWhenTheListReloads() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3))
        )
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.friendAdded(Fixtures.grace)
        screen.viewModel.viewAppeared()  // back from the form
        await screen.settle()

        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id])
        #expect(screen.status.values == [nil, "Added Grace Hopper."])
        #expect(screen.cells.values == [
            [], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
        ])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)", "Refreshing...", "Your Friends (3)"])
    }

    @Test func addingAFriendDuringASearchEndsTheSearchSoTheNewFriendShows() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.ada, total: 1)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3))
        )
        let screen = makeScreen()
        var searchesEnded = 0
        screen.viewModel.onSearchEnded = { searchesEnded += 1 }

        screen.viewModel.searchTextChanged("ada")
        await screen.settle()
        screen.viewModel.friendAdded(Fixtures.grace)
        screen.viewModel.viewAppeared()  // back from the form
        await screen.settle()

        #expect(searchesEnded == 1)
        #expect(await client.calls == [.friends(FriendListQuery(search: "ada")), .friends(FriendListQuery())])
        #expect(screen.summary.values == [nil, "1 match for 'ada'", nil])
        #expect(screen.selection.values.last == Fixtures.grace.id)
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada))
        #expect(screen.status.values == [nil, "Added Grace Hopper."])
    }

    /// Back from a friend further down than one request can bring back (500 rows), the list loads
    /// the pages up to it again: it used to select the 500th friend instead.
    @Test func backToAListLongerThanOneRequestTheFriendFarDownStaysSelected() async {
        let first = Self.numbered(1...500)
        let rest = Self.numbered(501...502)
        await client.enqueuePages(
            .success(FriendPage(items: first, nextCursor: "c1", total: 502)),
            .success(FriendPage(items: rest, nextCursor: nil)),
            .success(FriendPage(items: first, nextCursor: "c1", total: 502)),
            .success(FriendPage(items: rest, nextCursor: nil))
        )
        let screen = makeScreen(pageSize: 500)
        await screen.appeared()
        screen.viewModel.visibleRowsChanged(lastFriendID: first[499].id)
        await screen.settle()
        screen.viewModel.friendSelected(id: rest[1].id)

        screen.viewModel.viewAppeared()  // back from its details
        await screen.settle()  // the first 500 again
        await screen.settle()  // the page after them, up to the friend

        #expect(screen.selection.values.suffix(3) == [rest[1].id, nil, rest[1].id])
        #expect(screen.selection.values.contains(first[499].id) == false)
        #expect(await client.calls.suffix(2) == [
            .friends(FriendListQuery(limit: 500)),
            .friends(FriendListQuery(limit: 500, cursor: "c1")),
        ])
    }

    @Test func aFriendAddedPastTheFirstPageLoadsThePagesUpToItAndIsSelected() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 4)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 5)),
            .success(Fixtures.page(Fixtures.alan, next: "c2")),
            .success(Fixtures.page(Fixtures.grace, next: "c3"))
        )
        let screen = makeScreen(pageSize: 2)

        await screen.appeared()
        screen.viewModel.friendAdded(Fixtures.grace)
        screen.viewModel.viewAppeared()  // back from the form
        await screen.settle()  // the first page
        await screen.settle()  // the pages after it, up to the new friend

        // While the pages up to the new friend load, no other friend is selected (a view would move to it).
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id, nil, Fixtures.grace.id])
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.ada, Fixtures.alan, Fixtures.grace))
        #expect(await client.calls == [
            .friends(FriendListQuery(limit: 2)),
            .friends(FriendListQuery(limit: 2)),
            .friends(FriendListQuery(limit: 500, cursor: "c1")),
            .friends(FriendListQuery(limit: 500, cursor: "c2")),
        ])
        #expect(screen.hud.values.last == false)
    }

    /// A list of two a page (Charles, Ada, then Grace) searched for "gr", Grace selected in it;
    /// `pages` answer what the list asks for next.
    func graceSelectedInASearch(then pages: Reply<FriendPage>...) async -> Screen {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace, total: 1))
        )
        for page in pages { await client.enqueuePages(page) }
        let screen = makeScreen(pageSize: 2)
        await screen.appeared()
        screen.viewModel.searchTextChanged("gr")
        await screen.settle()
        screen.viewModel.friendSelected(id: Fixtures.grace.id)
        return screen
    }

    @Test func endingASearchKeepsTheFriendSelectedInItSelectedHoweverFarDown() async {
        let screen = await graceSelectedInASearch(then:
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace))
        )
        screen.viewModel.searchTextChanged("")
        await screen.settle()  // the first page
        await screen.settle()  // the pages after it, up to the friend

        #expect(screen.selection.values.last == Fixtures.grace.id)
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.ada, Fixtures.grace))
        #expect(await client.calls.last == .friends(FriendListQuery(limit: 500, cursor: "c1")))
    }

    /// Grace, chosen in the search, renamed elsewhere so that it no longer matches: the search's
    /// list, refreshed, holds nobody, and the search that ends shows Grace where she is now, not
    /// the friend selected before the search.
    @Test func aFriendChosenInASearchAndRenamedOutOfItIsSelectedOnceTheSearchEnds() async {
        let screen = await graceSelectedInASearch(then:
            .success(Fixtures.page(total: 0)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace))
        )
        screen.viewModel.refreshRequested()
        await screen.settle()
        #expect(screen.viewModel.selectedFriendID.value == nil)

        screen.viewModel.searchTextChanged("")
        await screen.settle()  // the first page
        await screen.settle()  // the pages after it, up to the friend

        #expect(screen.selection.values.last == Fixtures.grace.id)
    }

    /// A friend chosen in one search is not the place of the next one typed over it: that search
    /// keeps its own selection when it ends.
    @Test func aFriendChosenInAnEarlierSearchIsNotWhereTheNextOneEnds() async {
        let screen = await graceSelectedInASearch(then:
            .success(Fixtures.page(Fixtures.ada, total: 1)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3))
        )
        screen.viewModel.searchTextChanged("ad")
        await screen.settle()
        screen.viewModel.searchTextChanged("")
        await screen.settle()

        #expect(screen.selection.values.last == Fixtures.ada.id)
    }

    /// The search is cleared and another typed at once (Ctrl-U, then a new word): the list that
    /// would have shown the friend selected in the first search never shows, and the new search,
    /// which does not match that friend, selects its own first friend.
    @Test func aSearchTypedOverOneThatEndsSelectsItsOwnFirstFriend() async {
        // Everyone (asked for, then superseded), and the new search: both begin with Ada.
        let screen = await graceSelectedInASearch(then:
            .success(Fixtures.page(Fixtures.ada, Fixtures.alan, next: "a1", total: 3)),
            .success(Fixtures.page(Fixtures.ada, Fixtures.alan, next: "a1", total: 3))
        )

        screen.viewModel.searchTextChanged("")
        screen.viewModel.searchTextChanged("a")
        await screen.settle()

        #expect(screen.viewModel.selectedFriendID.value == Fixtures.ada.id)
    }

    /// A friend saved (the list selects it, and would load pages up to it) then deleted elsewhere:
    /// the list reloaded after that selects a friend it has, not nothing while it looks for one gone.
    @Test func aFriendSavedThenDeletedIsNotLookedForByTheNextList() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.alan, next: "c2", total: 2))
        )
        let screen = makeScreen(pageSize: 2)
        await screen.appeared()

        screen.viewModel.friendUpdated(Fixtures.ada)
        screen.viewModel.friendDeleted(Fixtures.ada)
        screen.viewModel.refreshRequested()
        await screen.settle()

        #expect(screen.viewModel.selectedFriendID.value == Fixtures.charles.id)
        #expect(await client.calls.count == 2, "no page was asked for to find the friend deleted")
    }

    @Test func endingASearchThatMatchedNobodyGoesBackToTheFriendSelectedBeforeIt() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)),
            .success(Fixtures.page(total: 0)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3))
        )
        let screen = makeScreen()
        await screen.appeared()
        screen.viewModel.friendSelected(id: Fixtures.ada.id)

        screen.viewModel.searchTextChanged("xyz")
        await screen.settle()
        #expect(screen.viewModel.selectedFriendID.value == nil)
        screen.viewModel.searchTextChanged("")
        await screen.settle()

        #expect(screen.selection.values.last == Fixtures.ada.id)
    }

    @Test func addingAFriendWithoutASearchLeavesTheSearchFieldAlone() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.ada, total: 1)))
        let screen = makeScreen()
        var searchesEnded = 0
        screen.viewModel.onSearchEnded = { searchesEnded += 1 }

        await screen.appeared()
        screen.viewModel.friendAdded(Fixtures.grace)

        #expect(searchesEnded == 0)
    }

    @Test func aContactKnownByItsOrganizationIsNamedByItInTheRowAndTheMessages() async {
        let acme = Friend(id: 9, firstname: "", lastname: "", version: 1, organization: "Acme Plumbing")
        await client.enqueuePages(.success(Fixtures.page(acme, Fixtures.ada, total: 2)))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.friendAdded(acme)
        screen.viewModel.deleteTapped(id: acme.id)

        #expect(screen.status.values == [nil, "Added Acme Plumbing."])
        guard case .normal(let row)? = screen.cells.values.last?.first else {
            Issue.record("the first row is no friend")
            return
        }
        #expect(row.fullName == "Acme Plumbing")
        #expect(screen.viewModel.deleteConfirmation.value?.message == "Delete Acme Plumbing?")
    }

    @Test func anUpdatedFriendShowsAtOnceAndTheListSaysItWasSaved() async {
        let renamed = Fixtures.changed(Fixtures.ada) { $0.lastname = "King" }
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.friendUpdated(renamed)

        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.charles, renamed)])
        #expect(screen.status.values == [nil, "Saved Ada King."])
        #expect(screen.selection.values.last == Fixtures.ada.id)
    }

    /// A form opened from a bookmark saves a friend no loaded page holds: the list shows it selected.
    @Test func aFriendSavedPastTheLoadedPagesIsShownSelected() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace))
        )
        let screen = makeScreen(pageSize: 2)
        await screen.appeared()

        screen.viewModel.friendUpdated(Fixtures.changed(Fixtures.grace) { $0.about = "Saved" })
        screen.viewModel.viewAppeared()  // back from the form
        await screen.settle()
        await screen.settle()

        #expect(screen.selection.values.last == Fixtures.grace.id)
        #expect(screen.cells.values.last?.count == 3)
    }

    /// A friend opened from its address (a bookmark) that no loaded page holds: back on the list,
    /// it is shown selected, the pages up to it loaded.
    @Test func aFriendOpenedPastTheLoadedPagesIsShownSelectedOnTheList() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace))
        )
        await client.enqueueFriends(.success(Versioned(Fixtures.grace, eTag: "\"3-1\"")))
        let screen = makeScreen(pageSize: 2)
        await screen.appeared()

        screen.viewModel.openTapped(id: Fixtures.grace.id)
        await screen.settle()
        screen.viewModel.viewAppeared()  // back from the friend's page
        await screen.settle()
        await screen.settle()

        #expect(screen.opened.values == [Fixtures.grace])
        #expect(screen.selection.values.last == Fixtures.grace.id)
        #expect(screen.cells.values.last?.count == 3)
    }

    // MARK: Deleting

    @Test func deletingAsksFirstAndThenRemovesTheLastRowAndEveryActionWorksOnTheNewSelection() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueDeletes(.success, .success)
        await client.enqueueFriends(.success(Versioned(Fixtures.charles, eTag: "\"2-1\"")))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.selectionMovedToEnd()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteCancelled()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()
        let selected = screen.viewModel.selectedFriendID.value ?? 0
        screen.viewModel.openTapped(id: selected)
        screen.viewModel.editTapped(id: selected)
        await screen.settle()
        screen.viewModel.deleteTapped(id: selected)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.confirmation.values == [nil, Self.deleteAda, nil, Self.deleteAda, nil, Self.deleteCharles, nil])
        #expect(screen.cells.values == [
            [], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.charles),
            [.empty("No friends yet. Add your first friend.")],
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id, Fixtures.charles.id, nil])
        #expect(screen.hud.values == [false, true, false, true, false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)", "Your Friends (1)", "Your Friends (0)"])
        #expect(screen.status.values == [nil, "Deleted Ada Lovelace.", "Deleted Charles Babbage."])
        #expect(screen.opened.values == [Fixtures.charles])
        #expect(screen.edited.values == [Versioned(Fixtures.charles, eTag: "\"2-1\"")])
        #expect(screen.alerts.values.isEmpty)
        #expect(await client.calls == [
            .friends(FriendListQuery()),
            .delete(id: Fixtures.ada.id, ifMatch: "\"1-1\""),
            .friend(id: Fixtures.charles.id),
            .delete(id: Fixtures.charles.id, ifMatch: "\"2-1\""),
        ])
    }

    @Test func theFriendNamedInTheQuestionIsTheOneDeletedWhateverLoadsMeanwhile() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)),
            .success(Fixtures.page(Fixtures.grace, Fixtures.charles, Fixtures.ada, total: 3))
        )
        await client.enqueueDeletes(.success)
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.deleteTapped(id: Fixtures.charles.id)
        screen.viewModel.refreshRequested()
        await screen.settle()
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.confirmation.values == [nil, Self.deleteCharles, nil])
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.grace, Fixtures.ada))
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery()), .delete(id: Fixtures.charles.id, ifMatch: "\"2-1\""),
        ])
    }

    @Test func aFriendChangedElsewhereIsNotDeletedBlindlyTheUserIsToldAndTheRowRefreshed() async {
        let changed = Fixtures.changed(Fixtures.ada) { $0.phonenumber = "0509999999" }
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueDeletes(.failure(.conflict), .success)
        await client.enqueueFriends(.success(Versioned(changed, eTag: "\"1-2\"")))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.alerts.values == [Alert(
            title: "Ada Lovelace was changed elsewhere.",
            message: "It was not deleted. The list shows the latest now; delete again if you still want to."
        )])
        #expect(screen.cells.values == [
            [], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.charles, changed), Fixtures.cells(Fixtures.charles),
        ])
        #expect(screen.confirmation.values == [nil, Self.deleteAda, nil, Self.deleteAda, nil])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id, Fixtures.charles.id])
        #expect(screen.hud.values == [false, true, false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)", "Your Friends (1)"])
        #expect(screen.status.values == [nil, "Deleted Ada Lovelace."])
        #expect(await client.calls == [
            .friends(FriendListQuery()),
            .delete(id: Fixtures.ada.id, ifMatch: "\"1-1\""),
            .friend(id: Fixtures.ada.id),
            .delete(id: Fixtures.ada.id, ifMatch: "\"1-2\""),
        ])
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to delete friends."),
        (.server(status: 503, message: nil), "Could not connect to server. Check your network and try again later."),
        (.unreachable, "Could not connect to server. Check your network and try again later."),
        (.timedOut, "The Friends service did not answer in time, so the friend may have been deleted all the same. Look at the list before you try again."),
    ])
    func aFailedRemovalKeepsTheListAndSaysWhy(failure: AppServerError, reason: String) async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueDeletes(.failure(failure))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.alerts.values == [Alert(title: "Could not delete Ada Lovelace.", message: reason)])
        #expect(screen.alerts.values.first?.buttonTitle == "OK")
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)"])
        #expect(screen.status.values == [nil])
    }

    @Test func removingAFriendThatIsAlreadyGoneSaysSoAndTakesItsRowAway() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueDeletes(.failure(.notFound))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.deleteTapped(id: Fixtures.charles.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.alerts.values == [Alert(title: "Could not delete Charles Babbage.", message: "This friend no longer exists.")])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.ada)])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)", "Your Friends (1)"])
    }

    @Test func theStatusLineGoesAwayByItself() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueDeletes(.success)
        let screen = makeScreen(sleep: { _ in })

        await screen.appeared()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()
        await screen.viewModel.statusTimer.task?.value

        #expect(screen.status.values == [nil, "Deleted Ada Lovelace.", nil])
    }

    // MARK: Opening and editing

    @Test func openingAndAddingTellTheApp() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        let screen = makeScreen()
        var addRequests = 0
        screen.viewModel.onAddFriend = { addRequests += 1 }

        await screen.appeared()
        screen.viewModel.openTapped(id: Fixtures.ada.id)
        screen.viewModel.addButtonTapped()

        #expect(screen.opened.values == [Fixtures.ada])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(addRequests == 1)
    }

    @Test func editingFetchesTheLatestFriendWithItsTagFirstAndShowsItInTheList() async {
        let latest = Fixtures.changed(Fixtures.charles) { $0.about = "Designed the Analytical Engine." }
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        await client.enqueueFriends(.success(Versioned(latest, eTag: "\"2-2\"")))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.editTapped(id: Fixtures.charles.id)
        screen.viewModel.editTapped(id: Fixtures.ada.id)
        await screen.settle()

        #expect(screen.edited.values == [Versioned(latest, eTag: "\"2-2\"")])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(latest, Fixtures.ada)])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)"])
        #expect(await client.calls == [.friends(FriendListQuery()), .friend(id: Fixtures.charles.id)])
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to load your friends."),
        (.unreachable, FailureText.couldNotConnect),
        (.server(status: 500, message: nil), FailureText.couldNotConnect),
    ])
    func editingAFriendThatCannotBeFetchedSaysWhy(failure: AppServerError, reason: String) async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada)))
        await client.enqueueFriends(.failure(failure))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.editTapped(id: Fixtures.ada.id)
        await screen.settle()

        #expect(screen.alerts.values == [Alert(title: "Could not load Ada Lovelace.", message: reason)])
        #expect(screen.edited.values.isEmpty)
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.hud.values == [false, true, false, true, false])
    }

    @Test func editingAFriendRemovedElsewhereSaysSoAndTakesItsRowAway() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueFriends(.failure(.notFound))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.editTapped(id: Fixtures.ada.id)
        await screen.settle()

        #expect(screen.alerts.values == [Alert(title: "Could not load Ada Lovelace.", message: "This friend no longer exists.")])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.charles)])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id, Fixtures.charles.id])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (2)", "Your Friends (1)"])
    }

    @Test func aFriendNoLoadedPageHoldsIsFetchedToOpenOrEditIt() async {
        let latest = Versioned(Fixtures.grace, eTag: "\"3-1\"")
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 4)))
        await client.enqueueFriends(.success(latest), .success(latest))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.openTapped(id: Fixtures.grace.id)
        await screen.settle()
        screen.viewModel.editTapped(id: Fixtures.grace.id)
        await screen.settle()

        #expect(screen.opened.values == [Fixtures.grace])
        #expect(screen.edited.values == [latest])
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.selection.values == [nil, Fixtures.charles.id])
        #expect(screen.hud.values == [false, true, false, true, false, true, false])
        #expect(screen.alerts.values.isEmpty)
        #expect(await client.calls == [.friends(FriendListQuery()), .friend(id: Fixtures.grace.id), .friend(id: Fixtures.grace.id)])
    }

    @Test func openingOrEditingAFriendThatNoLongerExistsSaysSo() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 4)))
        await client.enqueueFriends(.failure(.notFound), .failure(.notFound), .failure(.unreachable))
        let screen = makeScreen()

        await screen.appeared()
        screen.viewModel.openTapped(id: 999)
        await screen.settle()
        screen.viewModel.editTapped(id: 999)
        await screen.settle()
        screen.viewModel.openTapped(id: 998)
        await screen.settle()

        let gone = Alert(title: "Friend not found.", message: "This friend no longer exists.")
        #expect(screen.alerts.values == [gone, gone, Alert(title: "Could not load this friend.", message: FailureText.couldNotConnect)])
        #expect(screen.opened.values.isEmpty && screen.edited.values.isEmpty)
        #expect(screen.cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada)])
        #expect(screen.title.values == ["Your Friends (0)", "Refreshing...", "Your Friends (4)"])
    }

    @Test func aReleasedListIsDeallocatedAndItsLoadCancelled() async {
        let page = Gate<FriendPage>()
        await client.enqueuePages(.held(page))
        var viewModel: FriendsListViewModel? = FriendsListViewModel(client: client)
        weak let released = viewModel

        viewModel?.viewAppeared()
        let load = viewModel?.loadingTask.task
        viewModel = nil
        #expect(released == nil)
        await page.open(with: .success(Fixtures.page(Fixtures.ada)))
        await load?.value

        #expect(await client.cancelledCalls == [.friends(FriendListQuery())])
    }
}
