import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// The list follows the live feed: rows change, move, appear and go without a reload, the
/// counts follow, and the selection stays on its friend.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendsListViewModelLiveTests {
    typealias Screen = FriendsListViewModelTests.Screen
    let client = FakeFriendsClient()
    let stream = FakeChangeStream()

    func makeScreen(pageSize: Int? = nil) -> (Screen, Recorder<LiveConnectionState?>) {
        let viewModel = FriendsListViewModel(client: client, pageSize: pageSize, sleep: sleepForever, feed: stream.feed)
        return (Screen(viewModel), Recorder(viewModel.connectionStatus))
    }

    static let initialTitles = ["Your Friends (0)", "Refreshing..."]
    static let adaCountess = Fixtures.changed(Fixtures.ada) { $0.firstname = "Countess Ada" }

    @Test func anUpdateChangesTheRowInPlaceAndARenameMovesIt() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        let (screen, _) = makeScreen()
        await screen.appeared()
        screen.viewModel.friendSelected(id: Fixtures.ada.id)

        stream.updated(Self.adaCountess)
        stream.updated(Fixtures.changed(Self.adaCountess) { $0.lastname = "Aaronson" })

        let moved = Fixtures.changed(Self.adaCountess) { $0.lastname = "Aaronson" }
        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Self.adaCountess),
            Fixtures.cells(moved, Fixtures.charles, Fixtures.grace),
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (3)"])
        #expect(screen.summary.values == [nil])
        #expect(screen.confirmation.values == [nil])
        #expect(screen.status.values == [nil])
        #expect(await client.calls == [.friends(FriendListQuery())])
    }

    @Test func theDeleteQuestionNamesAFriendRenamedElsewhereAndAYesDeletesThatVersion() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        await client.enqueueDeletes(.success)
        let (screen, _) = makeScreen()
        await screen.appeared()

        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        stream.updated(Self.adaCountess)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.confirmation.values.map { $0?.message } == [nil, "Delete Ada Lovelace?", "Delete Countess Ada Lovelace?", nil])
        #expect(await client.calls.last == .delete(id: Fixtures.ada.id, ifMatch: Self.adaCountess.eTag))
        #expect(screen.status.values == [nil, "Deleted Countess Ada Lovelace."])
    }

    @Test func theDeleteQuestionGoesWhenItsFriendIsDeletedElsewhereAndTheListSaysWhy() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        let (screen, _) = makeScreen()
        await screen.appeared()

        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        stream.deleted(Fixtures.ada)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        #expect(screen.confirmation.values.map { $0?.message } == [nil, "Delete Ada Lovelace?", nil])
        #expect(screen.status.values == [nil, "Ada Lovelace was deleted elsewhere."])
        #expect(await client.calls == [.friends(FriendListQuery())])
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.grace))
    }

    /// Only a question that was open is news: a friend deleted elsewhere goes without a word.
    @Test func aFriendDeletedElsewhereWithNoQuestionOpenGoesQuietly() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        let (screen, _) = makeScreen()
        await screen.appeared()

        screen.viewModel.deleteTapped(id: Fixtures.grace.id)
        screen.viewModel.deleteCancelled()
        stream.deleted(Fixtures.grace)
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        stream.deleted(Fixtures.charles)

        #expect(screen.status.values == [nil])
        #expect(screen.confirmation.values.last??.message == "Delete Ada Lovelace?")
    }

    /// Its own creation can arrive while the first page loads: that page loads again, and the
    /// friend's pages after it; no other friend is selected meanwhile (a browser would put focus there).
    @Test func aFriendAddedPastTheFirstPageIsShownWhenItsChangeArrivesAsThePageLoads() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 2)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 3)),
            .success(Fixtures.page(Fixtures.grace))
        )
        let (screen, _) = makeScreen(pageSize: 2)
        await screen.appeared()

        screen.viewModel.friendAdded(Fixtures.grace)
        screen.viewModel.viewAppeared()  // back from the form
        stream.created(Fixtures.grace)
        for _ in 0..<3 { await screen.settle() }

        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id, nil, Fixtures.grace.id])
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.ada, Fixtures.grace))
    }

    /// The friends the list added or removed itself are remembered only until their change
    /// arrives, or the feed says changes were lost; without a feed, not at all.
    @Test func whatTheListCountedItselfDoesNotGrowWithoutBound() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2))
        )
        let (screen, _) = makeScreen()
        await screen.appeared()
        for id in 100..<110 { screen.viewModel.friendAdded(Fixtures.changed(Fixtures.grace) { $0.id = id }) }
        #expect(screen.viewModel.countedAdditions.count == 10)
        stream.push(.reset)
        await screen.settle()
        #expect(screen.viewModel.countedAdditions.isEmpty)

        let unfollowed = FriendsListViewModel(client: client, sleep: sleepForever)
        for id in 100..<110 { unfollowed.friendAdded(Fixtures.changed(Fixtures.grace) { $0.id = id }) }
        #expect(unfollowed.countedAdditions.isEmpty)
    }

    @Test func aCreationAppearsWhereItSortsAndTheTotalFollows() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        let (screen, _) = makeScreen()
        await screen.appeared()

        stream.created(Fixtures.grace)
        stream.created(Fixtures.alan)

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada, Fixtures.alan),
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (2)", "Your Friends (3)", "Your Friends (4)"])
        #expect(await client.calls == [.friends(FriendListQuery())])
    }

    @Test func aCreationPastTheLoadedRowsWaitsForItsPageButCountsAtOnce() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, next: "c1", total: 10)))
        let (screen, _) = makeScreen()
        await screen.appeared()

        stream.created(Fixtures.alan)
        stream.created(Fixtures.grace)

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
        ])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (10)", "Your Friends (11)", "Your Friends (12)"])
        #expect(await client.calls == [.friends(FriendListQuery())])
    }

    @Test func aDeletionTakesTheRowAwayAndTheSelectionMovesToItsNeighbour() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        let (screen, _) = makeScreen()
        await screen.appeared()
        screen.viewModel.friendSelected(id: Fixtures.grace.id)

        stream.deleted(Fixtures.grace)
        stream.deleted(Fixtures.ada)
        stream.deleted(Fixtures.alan)

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
            Fixtures.cells(Fixtures.charles),
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.grace.id, Fixtures.ada.id, Fixtures.charles.id])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (3)", "Your Friends (2)", "Your Friends (1)", "Your Friends (0)"])
        #expect(screen.hud.values == [false, true, false])
    }

    @Test func aFriendThisListRemovedItselfIsNotCountedTwice() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await client.enqueueDeletes(.success)
        let (screen, _) = makeScreen()
        await screen.appeared()
        screen.viewModel.deleteTapped(id: Fixtures.ada.id)
        screen.viewModel.deleteConfirmed()
        await screen.settle()

        stream.deleted(Fixtures.ada)

        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles))
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (2)", "Your Friends (1)"])
    }

    /// What tells the list it may have missed changes: the feed lost them (`reset`), or it was
    /// not connected for a while and is live again.
    enum MissedChanges: String, CaseIterable, Sendable {
        case reset
        case liveAgain

        @MainActor
        func happen(on stream: FakeChangeStream) {
            switch self {
            case .reset:
                stream.push(.reset)
            case .liveAgain:
                stream.push(.reconnecting)
                stream.push(.live)
            }
        }
    }

    @Test(arguments: MissedChanges.allCases)
    func changesThatMayHaveBeenMissedReloadQuietlyKeepingTheSelection(_ missed: MissedChanges) async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)),
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3))
        )
        let (screen, _) = makeScreen()
        await screen.appeared()
        screen.viewModel.friendSelected(id: Fixtures.ada.id)

        missed.happen(on: stream)
        await screen.settle()

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (2)", "Your Friends (3)"])
        #expect(await client.calls == [.friends(FriendListQuery()), .friends(FriendListQuery())])
    }

    @Test func duringASearchAChangeRefreshesTheResultsKeepingTheSelection() async {
        let adaOnly = Fixtures.changed(Fixtures.grace) { $0.firstname = "Adaline" }
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)),
            .success(Fixtures.page(Fixtures.ada, total: 1)),
            .success(Fixtures.page(adaOnly, Fixtures.ada, total: 2))
        )
        let (screen, _) = makeScreen()
        await screen.appeared()
        screen.viewModel.searchTextChanged("ada")
        await screen.settle()

        stream.updated(adaOnly)
        await screen.settle()
        stream.deleted(Fixtures.charles)

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
            Fixtures.cells(Fixtures.ada),
            Fixtures.cells(adaOnly, Fixtures.ada),
        ])
        #expect(screen.selection.values == [nil, Fixtures.charles.id, Fixtures.ada.id])
        #expect(screen.hud.values == [false, true, false, true, false])
        #expect(screen.summary.values == [nil, "1 match for 'ada'", "2 matches for 'ada'"])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (3)", "Refreshing...", "Your Friends (3)", "Your Friends (2)"])
        #expect(await client.calls == [
            .friends(FriendListQuery()), .friends(FriendListQuery(search: "ada")), .friends(FriendListQuery(search: "ada")),
        ])
    }

    @Test func aChangeWhileTheFirstPageLoadsLoadsItAgainOnceShown() async {
        let firstPage = Gate<FriendPage>()
        await client.enqueuePages(.held(firstPage), .success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        let (screen, _) = makeScreen()
        screen.viewModel.viewAppeared()

        stream.created(Fixtures.grace)
        await firstPage.open(with: .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        await screen.settle()
        await screen.settle()

        #expect(screen.cells.values == [
            [],
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
            Fixtures.cells(Fixtures.charles, Fixtures.grace, Fixtures.ada),
        ])
        #expect(screen.title.values == Self.initialTitles + ["Your Friends (2)", "Your Friends (3)"])
        #expect(screen.hud.values == [false, true, false])
        #expect(await client.calls == [.friends(FriendListQuery()), .friends(FriendListQuery())])
    }

    @Test func theConnectionStateIsAnOutputWithTheTextTheHeaderShows() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.ada, total: 1)))
        let (screen, connection) = makeScreen()
        await screen.appeared()
        await client.enqueuePages(.success(Fixtures.page(Fixtures.ada, total: 1)), .success(Fixtures.page(Fixtures.ada, total: 1)))

        stream.push(.connecting)
        stream.push(.live)
        await screen.settle()
        stream.push(.live)
        stream.push(.reconnecting)
        stream.push(.offline)
        stream.push(.live)
        await screen.settle()

        #expect(connection.values == [nil, .connecting, .live, .reconnecting, .offline, .live])
        #expect(connection.values.compactMap { $0?.statusText } == ["connecting…", "● live", "reconnecting…", "offline", "● live"])
        #expect(screen.hud.values == [false, true, false])
    }

    /// Names that sort by more than their first letter.
    enum Sorting {
        static let deMorgan = Friend(id: 5, firstname: "augustus", lastname: "de Morgan", version: 1)
        static let emile = Friend(id: 6, firstname: "Émile", lastname: "Hopper", version: 1)
    }

    /// Friends created one after another, and the rows they make with Babbage, Hopper and
    /// Lovelace: as the server sorts, ignoring case and accents, by last name, first name, id.
    @Test(arguments: [
        ([Sorting.deMorgan, Sorting.emile], [Fixtures.charles, Sorting.deMorgan, Sorting.emile, Fixtures.grace, Fixtures.ada]),
        ([Fixtures.alan, Sorting.emile], [Fixtures.charles, Sorting.emile, Fixtures.grace, Fixtures.ada, Fixtures.alan]),
        ([Sorting.emile, Sorting.deMorgan], [Fixtures.charles, Sorting.deMorgan, Sorting.emile, Fixtures.grace, Fixtures.ada]),
    ])
    func aNewFriendGoesWhereTheServerSortsIt(created: [Friend], rows: [Friend]) async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, total: 3)))
        let (screen, _) = makeScreen()
        await screen.appeared()

        for friend in created { stream.created(friend) }

        #expect(screen.cells.values.last == rows.map { FriendsListCell.normal(FriendCellViewModel(friend: $0)) })
    }

    @Test func changesBeforeTheListAppearedChangeNothing() async {
        let (screen, _) = makeScreen()

        stream.created(Fixtures.ada)

        #expect(screen.cells.values == [[]])
        #expect(screen.title.values == ["Your Friends (0)"])
        #expect(await client.calls.isEmpty)
    }

    /// A save renames the selected friend past the loaded rows (its row goes until its page
    /// loads, and it stays selected), then the friend is deleted elsewhere: the last loaded row
    /// is selected, not a friend that is gone, so Enter opens something.
    @Test func aSelectedFriendRenamedPastTheLoadedRowsThenDeletedLeavesASelection() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.grace, Fixtures.ada, next: "c1", total: 5)))
        let (screen, _) = makeScreen()
        await screen.appeared()
        screen.viewModel.friendSelected(id: Fixtures.grace.id)
        var renamed = Fixtures.changed(Fixtures.grace) { $0.lastname = "Zyzzyva" }
        renamed.version = 2

        stream.updated(renamed)
        screen.viewModel.friendUpdated(renamed)
        stream.deleted(renamed)

        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.charles, Fixtures.ada))
        #expect(screen.selection.values.last == Fixtures.ada.id)
        #expect(screen.viewModel.chosenFriendID.value == nil)
    }
}
