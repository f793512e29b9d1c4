import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// The shared feed, the detail and the form follow live changes.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LiveFeedFollowingTests {
    let client = FakeFriendsClient()
    let stream = FakeChangeStream()

    // MARK: The shared feed

    @Test func theFeedPassesOnStatesAndChangesInOrderToEveryViewModelAlive() async {
        let feed = FriendChangeFeed()
        let (elements, input) = AsyncStream.makeStream(of: ReconnectingFriendChanges.Element.self)
        let states = Recorder(feed.connectionState)
        await client.enqueuePages(.success(Fixtures.page(Fixtures.ada, total: 1)))
        let list = FriendsListViewModel(client: client, sleep: sleepForever, feed: feed)
        let cells = Recorder(list.friendCells)
        list.viewAppeared()
        await list.loadingTask.task?.value

        feed.follow(elements)
        input.yield(.state(.connecting))
        input.yield(.change(FriendChange(sequence: 7, event: .created(Fixtures.grace, version: 1))))
        input.yield(.state(.reconnecting))
        input.yield(.state(.offline))
        input.finish()
        await feed.following.task?.value

        #expect(states.values == [nil, .connecting, .reconnecting, .offline])
        #expect(cells.values == [[], Fixtures.cells(Fixtures.ada), Fixtures.cells(Fixtures.grace, Fixtures.ada)])
    }

    @Test func viewModelsOnTheFeedAreReleasedWhenTheirScreensGo() {
        weak var list: FriendsListViewModel?
        weak var detail: FriendDetailViewModel?
        weak var form: FriendFormViewModel?
        do {
            let strongList = FriendsListViewModel(client: client, feed: stream.feed)
            let strongDetail = FriendDetailViewModel(friend: Fixtures.ada, client: client, avatars: ImageLoader(avatarsFrom: client), feed: stream.feed)
            let strongForm = FriendFormViewModel(updating: Versioned(Fixtures.ada, eTag: Fixtures.ada.eTag), client: client, feed: stream.feed)
            list = strongList
            detail = strongDetail
            form = strongForm
            #expect(list != nil && detail != nil && form != nil)
        }

        stream.updated(Fixtures.changed(Fixtures.ada) { $0.about = "Still told to nobody." })

        #expect(list == nil)
        #expect(detail == nil)
        #expect(form == nil)
    }

    // MARK: Detail

    func details() -> (FriendDetailViewModel, Recorder<String>, Recorder<String>, Recorder<String?>) {
        let viewModel = FriendDetailViewModel(friend: Fixtures.ada, client: client, avatars: ImageLoader(avatarsFrom: client), feed: stream.feed)
        return (viewModel, Recorder(viewModel.fullName), Recorder(viewModel.about), Recorder(viewModel.removedMessage))
    }

    @Test func theDetailShowsItsFriendsUpdatesAndEditsTheLatest() {
        let (viewModel, fullName, about, removed) = details()
        let edits = EventRecorder<Versioned<Friend>>()
        viewModel.onEditFriend = edits.record
        let renamed = Fixtures.changed(Fixtures.ada) { $0.lastname = "King"; $0.about = "Countess." }

        stream.updated(Fixtures.changed(Fixtures.grace) { $0.about = "Not Ada." })
        stream.updated(renamed)
        viewModel.editButtonTapped()

        #expect(fullName.values == ["Ada Lovelace", "Ada King"])
        #expect(about.values == ["", "Countess."])
        #expect(removed.values == [nil])
        #expect(edits.values == [Versioned(renamed, eTag: "\"1-2\"")])
    }

    @Test func theDetailLoadsItsFriendAgainWhenTheFeedIsLiveAgain() async {
        let (viewModel, fullName, about, removed) = details()
        let latest = Fixtures.changed(Fixtures.ada) { $0.about = "Changed while offline." }
        await client.enqueueFriends(.success(Versioned(Fixtures.ada, eTag: Fixtures.ada.eTag)), .success(Versioned(latest, eTag: latest.eTag)))
        await client.enqueueAvatars(.failure(.notFound))
        stream.push(.live)
        viewModel.viewAppeared()
        await viewModel.loadingFriend.task?.value

        stream.push(.reconnecting)
        stream.push(.live)
        await viewModel.loadingFriend.task?.value

        #expect(fullName.values == ["Ada Lovelace"])
        #expect(about.values == ["", "Changed while offline."])
        #expect(removed.values == [nil])
        #expect(await client.calls.filter { $0 == .friend(id: 1) }.count == 2)
    }

    /// A photo added or replaced elsewhere shows without leaving the screen; a change of a friend
    /// without any photo loads no picture.
    @Test func theDetailShowsAPhotoAddedOrReplacedElsewhere() async {
        let (viewModel, _, _, _) = details()
        let avatar = Recorder(viewModel.avatar)
        await client.enqueueFriends(.success(Versioned(Fixtures.ada, eTag: Fixtures.ada.eTag)))
        await client.enqueueAvatars(.failure(.notFound), .success(Data([1])), .success(Data([2])))
        viewModel.viewAppeared()
        await viewModel.loadingFriend.task?.value
        await viewModel.loadingAvatar.task?.value
        stream.updated(Fixtures.changed(Fixtures.ada) { $0.about = "No photo yet." })
        #expect(await client.calls.filter { $0 == .avatar(id: 1) }.count == 1)

        let withPhoto = Fixtures.changed(Fixtures.ada) { $0.photo = true }
        stream.updated(withPhoto)
        await viewModel.loadingAvatar.task?.value
        stream.updated(Fixtures.changed(withPhoto) { $0.about = "A new photo." })
        await viewModel.loadingAvatar.task?.value

        #expect(avatar.values == [.loading, .unavailable, .loaded(Data([1])), .loaded(Data([2]))])
    }

    @Test func theDetailSaysWhenItsFriendIsRemoved() {
        let (viewModel, fullName, _, removed) = details()
        let edits = EventRecorder<Versioned<Friend>>()
        viewModel.onEditFriend = edits.record

        stream.deleted(Fixtures.grace)
        stream.deleted(Fixtures.ada)
        stream.updated(Fixtures.changed(Fixtures.ada) { $0.lastname = "Ghost" })
        viewModel.editButtonTapped()

        #expect(fullName.values == ["Ada Lovelace"])
        #expect(removed.values == [nil, "Ada Lovelace was deleted elsewhere."])
        #expect(edits.values.isEmpty)
    }

    /// A contact app made the friend's card a group (a deletion to friends' views), then a contact
    /// again (a creation of the same id): the details show it again, with Edit and Delete.
    @Test func theDetailShowsItsFriendAgainWhenItComesBack() {
        let (viewModel, fullName, _, removed) = details()
        let offers = Recorder(viewModel.offersEditAndDelete)

        stream.deleted(Fixtures.ada)
        stream.created(Fixtures.changed(Fixtures.ada) { $0.lastname = "King" })

        #expect(removed.values == [nil, "Ada Lovelace was deleted elsewhere.", nil])
        #expect(fullName.values == ["Ada Lovelace", "Ada King"])
        #expect(offers.values == [true, false, true])
    }

    @Test func theDetailOfAFriendDeletedElsewhereOffersNoEditOrDeleteAndDropsTheDeleteQuestion() async {
        let (viewModel, _, _, _) = details()
        let offers = Recorder(viewModel.offersEditAndDelete)
        let questions = Recorder(viewModel.deleteConfirmation)
        viewModel.deleteButtonTapped()

        stream.deleted(Fixtures.ada)
        viewModel.deleteButtonTapped()
        viewModel.deleteConfirmed()

        #expect(offers.values == [true, false])
        #expect(questions.values == [nil, .deleteFriend(named: "Ada Lovelace"), nil])
        #expect(viewModel.showLoadingHud.value == false)
        #expect(await client.calls.isEmpty, "nothing was sent to delete")
    }

    // MARK: Form

    func updateForm() -> (FriendFormViewModel, Recorder<String?>, Recorder<FriendConflict?>) {
        let viewModel = FriendFormViewModel(updating: Versioned(Fixtures.ada, eTag: Fixtures.ada.eTag), client: client, feed: stream.feed)
        return (viewModel, Recorder(viewModel.notice), Recorder(viewModel.conflict))
    }

    @Test func theFormSaysAtOnceWhenItsFriendChangesElsewhereThenSavingShowsTheConflict() async {
        let (viewModel, notice, conflict) = updateForm()
        let theirs = Fixtures.changed(Fixtures.ada) { $0.lastname = "King" }
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(theirs, eTag: theirs.eTag)))

        stream.updated(Fixtures.ada)
        stream.updated(Fixtures.changed(Fixtures.grace) { $0.lastname = "Other" })
        viewModel.fieldChanged(.lastname, to: "Byron")
        stream.updated(theirs)
        viewModel.submitButtonTapped()
        await viewModel.submitting.task?.value

        #expect(notice.values == [nil, "Ada Lovelace was changed elsewhere. Saving shows what changed.", nil])
        #expect(conflict.values == [nil, FriendConflict(
            title: "Ada King was changed elsewhere.",
            fields: [FriendConflict.Field(field: .lastname, theirs: "King", mine: "Byron")]
        )])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(from: Fixtures.ada, to: NewFriend(firstname: "Ada", lastname: "Byron", phonenumber: "0501234567", email: "ada@example.com")), ifMatch: "\"1-1\""),
            .friend(id: 1),
        ])
    }

    /// A form with nothing changed in it says at once that its friend changed elsewhere, but does
    /// not show the change until Submit (which has nothing to send): in a browser, what the user
    /// types reaches the view model a moment later, and would be saved over the change unasked.
    @Test func submitOnAFormWithoutChangesShowsTheFriendAsChangedElsewhere() async {
        let (viewModel, notice, conflict) = updateForm()
        let fields = Recorder(viewModel.fields)
        let theirs = Fixtures.changed(Fixtures.ada) { $0.about = "Countess." }
        await client.enqueueFriends(.success(Versioned(theirs, eTag: theirs.eTag)))

        stream.updated(theirs)
        #expect(fields.values == [Fixtures.ada.fields])
        viewModel.submitButtonTapped()
        await viewModel.refreshing.task?.value

        #expect(fields.values == [Fixtures.ada.fields, theirs.fields])
        #expect(notice.values == [
            nil, "Ada Lovelace was changed elsewhere. Saving shows what changed.", "Nothing to save: nothing has changed.",
            "Ada Lovelace was changed elsewhere: the form shows it as saved now.",
        ])
        #expect(conflict.values == [nil])
        #expect(await client.calls == [.friend(id: 1)])
    }

    /// Changes typed and taken back: Submit has nothing to send, and the form then shows what was
    /// saved elsewhere meanwhile instead of the friend as it was.
    @Test func nothingToSaveAfterAChangeElsewhereShowsThatChange() async {
        let (viewModel, notice, _) = updateForm()
        let fields = Recorder(viewModel.fields)
        let theirs = Fixtures.changed(Fixtures.ada) { $0.about = "Countess." }
        await client.enqueueFriends(.success(Versioned(theirs, eTag: theirs.eTag)))

        viewModel.fieldChanged(.lastname, to: "Byron")
        stream.updated(theirs)
        viewModel.fieldChanged(.lastname, to: "Lovelace")
        viewModel.submitButtonTapped()
        await viewModel.refreshing.task?.value

        #expect(fields.values.last == theirs.fields)
        #expect(notice.values.last == "Ada Lovelace was changed elsewhere: the form shows it as saved now.")
        #expect(await client.calls == [.friend(id: 1)])
    }

    @Test func theFormSaysWhenItsFriendIsRemovedElsewhere() {
        let (viewModel, notice, conflict) = updateForm()
        defer { withExtendedLifetime(viewModel) {} }

        stream.deleted(Fixtures.grace)
        stream.deleted(Fixtures.ada)

        #expect(notice.values == [
            nil, "Ada Lovelace was deleted elsewhere. Add as New keeps what the form holds as a new friend; Cancel leaves without it.",
        ])
        #expect(viewModel.addsAsNew.value)
        #expect(viewModel.submitTitle == "Add as New")
        #expect(conflict.values == [nil])
    }

}
