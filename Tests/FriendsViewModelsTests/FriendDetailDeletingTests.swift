import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// Delete on a friend's details: asked first, then deleted with the version shown, and back to
/// the list; or why not.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendDetailDeletingTests {
    let client = FakeFriendsClient()

    @MainActor
    struct Details {
        let viewModel: FriendDetailViewModel
        let confirmation: Recorder<ConfirmationPrompt?>
        let hud: Recorder<Bool>
        let removed: Recorder<String?>
        let alerts = EventRecorder<Alert>()
        let deleted = EventRecorder<Friend>()

        init(_ viewModel: FriendDetailViewModel) {
            self.viewModel = viewModel
            confirmation = Recorder(viewModel.deleteConfirmation)
            hud = Recorder(viewModel.showLoadingHud)
            removed = Recorder(viewModel.removedMessage)
            viewModel.onShowAlert = alerts.record
            viewModel.onFriendDeleted = deleted.record
        }

        func settle() async {
            await viewModel.deleting.task?.value
            await viewModel.loadingFriend.task?.value
        }
    }

    func details(feed: FriendChangeFeed? = nil) -> Details {
        Details(FriendDetailViewModel(friend: Fixtures.ada, client: client, avatars: ImageLoader(avatarsFrom: client), feed: feed))
    }

    static let deleteAda = ConfirmationPrompt(title: "Delete Friend", message: "Delete Ada Lovelace?", confirmTitle: "Delete")

    @Test func deleteAsksTheListsQuestionThenDeletesTheVersionShownAndGoesBack() async {
        await client.enqueueDeletes(.success(()))
        let details = details()

        details.viewModel.deleteButtonTapped()
        details.viewModel.deleteConfirmed()
        await details.settle()

        #expect(details.confirmation.values == [nil, Self.deleteAda, nil])
        #expect(details.hud.values == [false, true, false])
        #expect(details.deleted.values == [Fixtures.ada])
        #expect(details.alerts.values.isEmpty)
        #expect(details.removed.values == [nil])
        #expect(await client.calls == [.delete(id: Fixtures.ada.id, ifMatch: Fixtures.ada.eTag)])
    }

    @Test func cancellingDeletesNothing() async {
        let details = details()

        details.viewModel.deleteButtonTapped()
        details.viewModel.deleteCancelled()
        details.viewModel.deleteConfirmed()
        await details.settle()

        #expect(details.confirmation.values == [nil, Self.deleteAda, nil])
        #expect(details.deleted.values.isEmpty)
        #expect(await client.calls.isEmpty)
    }

    @Test func aFriendChangedElsewhereIsNotDeletedTheDetailsShowTheLatestAndSaySo() async {
        var changed = Fixtures.ada
        changed.phonenumber = "0509999999"
        await client.enqueueDeletes(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(changed, eTag: "\"1-2\"")))
        let details = details()
        let phone = Recorder(details.viewModel.phonenumberText)

        details.viewModel.deleteButtonTapped()
        details.viewModel.deleteConfirmed()
        await details.settle()

        #expect(details.deleted.values.isEmpty)
        #expect(details.alerts.values == [Alert(
            title: "Ada Lovelace was changed elsewhere.",
            message: "It was not deleted. The details show the latest now; delete again if you still want to."
        )])
        #expect(phone.values == ["0501234567", "0509999999"])
        #expect(details.hud.values == [false, true, false])
    }

    @Test func aFriendAlreadyDeletedElsewhereSaysSoAndCannotBeDeletedAgain() async {
        await client.enqueueDeletes(.failure(.notFound))
        let details = details()

        details.viewModel.deleteButtonTapped()
        details.viewModel.deleteConfirmed()
        await details.settle()
        details.viewModel.deleteButtonTapped()

        #expect(details.removed.values == [nil, "Ada Lovelace was deleted elsewhere."])
        #expect(details.confirmation.values == [nil, Self.deleteAda, nil])
        #expect(details.deleted.values.isEmpty)
        #expect(details.alerts.values.isEmpty)
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to delete friends."),
        (.unreachable, FailureText.couldNotConnect),
        (.timedOut, "The Friends service did not answer in time, so the friend may have been deleted all the same. Look at the list before you try again."),
    ])
    func aFailedDeleteKeepsTheDetailsAndSaysWhy(failure: AppServerError, reason: String) async {
        await client.enqueueDeletes(.failure(failure))
        let details = details()

        details.viewModel.deleteButtonTapped()
        details.viewModel.deleteConfirmed()
        await details.settle()

        #expect(details.alerts.values == [Alert(title: "Could not delete Ada Lovelace.", message: reason)])
        #expect(details.deleted.values.isEmpty)
        #expect(details.removed.values == [nil])
        #expect(details.hud.values == [false, true, false])
    }

    @Test func theFeedsEchoOfItsOwnDeleteIsNotSaidToBeElsewhere() async {
        let gate = Gate<Void>()
        await client.enqueueDeletes(.held(gate))
        let stream = FakeChangeStream()
        let details = details(feed: stream.feed)

        details.viewModel.deleteButtonTapped()
        details.viewModel.deleteConfirmed()
        stream.deleted(Fixtures.ada)
        await gate.open(with: .success(()))
        await details.settle()

        #expect(details.removed.values == [nil])
        #expect(details.deleted.values == [Fixtures.ada])
    }

    @Test func theListTakesTheDeletedFriendsRowAwayAndSaysSo() async {
        await client.enqueuePages(.success(Fixtures.page(Fixtures.charles, Fixtures.ada, total: 2)))
        let list = FriendsListViewModel(client: client, sleep: sleepForever)
        let cells = Recorder(list.friendCells)
        let status = Recorder(list.statusMessage)
        let title = Recorder(list.title)
        list.viewAppeared()
        await list.loadingTask.task?.value

        list.friendDeleted(Fixtures.ada)

        #expect(cells.values == [[], Fixtures.cells(Fixtures.charles, Fixtures.ada), Fixtures.cells(Fixtures.charles)])
        #expect(status.values == [nil, "Deleted Ada Lovelace."])
        #expect(title.values.last == "Your Friends (1)")
    }
}
