import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// A list that could not load while the service was down loads again by itself when the live feed
/// comes back: the person does not have to press Refresh to see their friends.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendsListViewModelRecoveryTests {
    typealias Screen = FriendsListViewModelTests.Screen
    let client = FakeFriendsClient()
    let stream = FakeChangeStream()

    @Test func aFailedListLoadsAgainWhenTheFeedIsLiveAgain() async {
        await client.enqueuePages(
            .failure(.unreachable),
            .success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2))
        )
        let screen = Screen(FriendsListViewModel(client: client, sleep: sleepForever, feed: stream.feed))
        await screen.appeared()

        stream.push(.reconnecting)
        stream.push(.live)
        await screen.settle()

        #expect(screen.cells.values == [
            [],
            [.error("Loading failed, check network connection")],
            Fixtures.cells(Fixtures.charles, Fixtures.ada),
        ])
        #expect(screen.title.values.last == "Your Friends (2)")
        #expect(await client.calls == [.friends(FriendListQuery()), .friends(FriendListQuery())])
    }

    @Test func aListThatLoadedIsNotLoadedAgainLoudly() async {
        await client.enqueuePages(
            .success(Fixtures.page(Fixtures.ada, total: 1)),
            .success(Fixtures.page(Fixtures.ada, total: 1))
        )
        let screen = Screen(FriendsListViewModel(client: client, sleep: sleepForever, feed: stream.feed))
        await screen.appeared()

        stream.push(.live)
        await screen.settle()

        // The quiet refresh of a loaded list shows no spinner beyond the first load's.
        #expect(screen.hud.values == [false, true, false])
        #expect(screen.cells.values.last == Fixtures.cells(Fixtures.ada))
    }
}
