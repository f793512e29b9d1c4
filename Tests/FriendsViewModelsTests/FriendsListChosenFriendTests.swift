import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// `chosenFriendID`: what the user chose, never moved by loading or by live changes (unlike the
/// selection cursor, which starts on the first friend).
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendsListChosenFriendTests {
    let client = FakeFriendsClient()
    let stream = FakeChangeStream()

    @Test func nothingIsChosenUntilTheUserChoosesAndLiveChangesMoveNothing() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        let list = FriendsListViewModel(client: client, sleep: sleepForever, feed: stream.feed)
        let chosen = Recorder(list.chosenFriendID)
        let selection = Recorder(list.selectedFriendID)
        list.viewAppeared()
        await list.loadingTask.task?.value

        stream.created(Fixtures.grace)
        stream.updated(Fixtures.changed(Fixtures.charles) { $0.about = "Engines." })
        list.friendSelected(id: Fixtures.ada.id)
        stream.deleted(Fixtures.ada)

        #expect(chosen.values == [nil, Fixtures.ada.id, nil])
        #expect(Array(selection.values.prefix(2)) == [nil, Fixtures.charles.id])  // the cursor starts on the first
    }

    @Test func openingEditingAskingToDeleteAndMovingChooseTheFriend() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        let list = FriendsListViewModel(client: client, sleep: sleepForever)
        let chosen = Recorder(list.chosenFriendID)
        list.viewAppeared()
        await list.loadingTask.task?.value

        list.openTapped(id: Fixtures.ada.id)
        list.deleteTapped(id: Fixtures.charles.id)
        list.deleteCancelled()
        list.selectionMoved(by: 1)

        #expect(chosen.values == [nil, Fixtures.ada.id, Fixtures.charles.id, Fixtures.ada.id])
    }
}
