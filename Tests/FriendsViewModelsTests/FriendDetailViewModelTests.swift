import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendDetailViewModelTests {
    let client = FakeFriendsClient()
    let svg = Data("<svg/>".utf8)

    @MainActor
    struct Details {
        let viewModel: FriendDetailViewModel
        let fullName: Recorder<String>
        let initials: Recorder<String>
        let phone: Recorder<String>
        let email: Recorder<String>
        let about: Recorder<String>
        let avatar: Recorder<AvatarImage>
        let removed: Recorder<String?>
        let alerts = EventRecorder<Alert>()
        let edits = EventRecorder<Versioned<Friend>>()

        init(_ viewModel: FriendDetailViewModel) {
            self.viewModel = viewModel
            fullName = Recorder(viewModel.fullName)
            initials = Recorder(viewModel.initials)
            phone = Recorder(viewModel.phonenumberText)
            email = Recorder(viewModel.email)
            about = Recorder(viewModel.about)
            avatar = Recorder(viewModel.avatar)
            removed = Recorder(viewModel.removedMessage)
            viewModel.onShowAlert = alerts.record
            viewModel.onEditFriend = edits.record
        }

        func settle() async {
            await viewModel.loadingFriend.task?.value
            await viewModel.loadingAvatar.task?.value
        }
    }

    func details(_ friend: Friend = Fixtures.ada) -> Details {
        Details(FriendDetailViewModel(friend: friend, client: client, avatars: ImageLoader(avatarsFrom: client)))
    }

    @Test func showsTheFriendAtOnceThenTheLatestAndTheAvatar() async {
        var latest = Fixtures.ada
        latest.about = "Wrote the first program."
        await client.enqueueFriends(.success(Versioned(latest, eTag: "\"1-4\"")))
        await client.enqueueAvatars(.success(svg))
        let details = details()

        details.viewModel.viewAppeared()
        await details.settle()
        details.viewModel.editButtonTapped()

        #expect(details.fullName.values == ["Ada Lovelace"])
        #expect(details.initials.values == ["AL"])
        #expect(details.phone.values == ["0501234567"])
        #expect(details.email.values == ["ada@example.com"])
        #expect(details.about.values == ["", "Wrote the first program."])
        #expect(details.avatar.values == [.loading, .loaded(svg)])
        #expect(details.edits.values == [Versioned(latest, eTag: "\"1-4\"")])
        #expect(details.alerts.values.isEmpty)
        let calls = await client.calls
        #expect(calls.count == 2 && calls.contains(.friend(id: 1)) && calls.contains(.avatar(id: 1)))
    }

    @Test func aMissingAvatarLeavesTheInitials() async {
        await client.enqueueFriends(.success(Versioned(Fixtures.ada, eTag: nil)))
        await client.enqueueAvatars(.failure(.unreachable))
        let details = details()

        details.viewModel.viewAppeared()
        await details.settle()

        #expect(details.avatar.values == [.loading, .unavailable])
        #expect(details.alerts.values.isEmpty)
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to load your friends."),
        (.unreachable, FailureText.couldNotConnect),
        (.server(status: 503, message: nil), FailureText.couldNotConnect),
    ])
    func aFailedReloadKeepsWhatIsShownAndSaysWhy(failure: AppServerError, reason: String) async {
        await client.enqueueFriends(.failure(failure))
        await client.enqueueAvatars(.success(svg))
        let details = details()

        details.viewModel.viewAppeared()
        await details.settle()
        details.viewModel.editButtonTapped()

        #expect(details.alerts.values == [Alert(title: "Could not load Ada Lovelace.", message: reason)])
        #expect(details.fullName.values == ["Ada Lovelace"])
        #expect(details.removed.values == [nil])
        #expect(details.edits.values == [Versioned(Fixtures.ada, eTag: "\"1-1\"")])
    }

    @Test func aFriendRemovedElsewhereSaysSoInsteadOfShowingStaleDetails() async {
        await client.enqueueFriends(.failure(.notFound))
        await client.enqueueAvatars(.failure(.notFound))
        let details = details()

        details.viewModel.viewAppeared()
        await details.settle()
        details.viewModel.editButtonTapped()

        #expect(details.removed.values == [nil, "Ada Lovelace was deleted elsewhere."])
        #expect(details.alerts.values.isEmpty)
        #expect(details.edits.values.isEmpty)
        #expect(details.fullName.values == ["Ada Lovelace"])
        #expect(details.avatar.values == [.loading, .unavailable])
    }

    @Test func whatAFormSavedShowsAtOnceAndEditingStartsFromIt() {
        let details = details()
        var saved = Fixtures.ada
        saved.phonenumber = "0509999999"
        saved.version = 2

        details.viewModel.friendSaved(saved)
        details.viewModel.editButtonTapped()

        #expect(details.phone.values == ["0501234567", "0509999999"])
        #expect(details.fullName.values == ["Ada Lovelace"])
        #expect(details.edits.values == [Versioned(saved, eTag: saved.eTag)])
    }

    /// The friend was deleted elsewhere while its form was open, and the form added what it held
    /// as a new friend: the details are the new friend's, not the deleted one's.
    @Test func aFriendAddedInPlaceOfTheDeletedOneShowsInItsPlace() async {
        await client.enqueueFriends(.failure(.notFound))
        await client.enqueueAvatars(.failure(.unreachable), .success(svg))
        let details = details()
        let deleteQuestion = Recorder(details.viewModel.deleteConfirmation)
        details.viewModel.viewAppeared()
        await details.settle()
        var added = Fixtures.ada
        added.id = 7
        added.about = "Wrote the first program."
        added.version = 1

        details.viewModel.friendSaved(added)
        await details.settle()
        details.viewModel.editButtonTapped()

        #expect(details.removed.values == [nil, "Ada Lovelace was deleted elsewhere.", nil])
        #expect(details.about.values == ["", "Wrote the first program."])
        #expect(details.fullName.values == ["Ada Lovelace"])
        #expect(details.avatar.values == [.loading, .unavailable, .loading, .loaded(svg)])
        #expect(details.viewModel.friendID == 7)
        #expect(details.edits.values == [Versioned(added, eTag: added.eTag)])
        #expect(deleteQuestion.values == [nil])
        #expect(await client.calls.filter { if case .avatar = $0 { true } else { false } } == [.avatar(id: 1), .avatar(id: 7)])
    }

    @Test func aReleasedDetailIsDeallocated() async {
        let gate = Gate<Versioned<Friend>>()
        await client.enqueueFriends(.held(gate))
        await client.enqueueAvatars(.success(svg))
        var viewModel: FriendDetailViewModel? = FriendDetailViewModel(
            friend: Fixtures.ada, client: client, avatars: ImageLoader(avatarsFrom: client)
        )
        weak let released = viewModel

        viewModel?.viewAppeared()
        let load = viewModel?.loadingFriend.task
        viewModel = nil
        #expect(released == nil)
        await gate.open(with: .success(Versioned(Fixtures.ada, eTag: nil)))
        await load?.value

        #expect(await client.cancelledCalls.contains(.friend(id: 1)))
    }
}
