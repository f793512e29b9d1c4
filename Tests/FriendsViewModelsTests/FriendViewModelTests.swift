import FriendsAPI
import FriendsClient
import Testing
@testable import FriendsViewModels

private let couldNotConnect = "Could not connect to server. Check your network and try again later."

@MainActor
@Suite(.timeLimit(.minutes(1))) struct FriendViewModelTests {
    let client = FakeFriendsClient()

    /// The form with a recorder on every output and event.
    @MainActor
    struct Form {
        let viewModel: FriendViewModel
        let fields: Recorder<NewFriend>
        let messages: Recorder<[FriendField: String]>
        let submitEnabled: Recorder<Bool>
        let hud: Recorder<Bool>
        let alerts = EventRecorder<Alert>()
        let navigations = EventRecorder<Void>()

        init(_ viewModel: FriendViewModel) {
            self.viewModel = viewModel
            fields = Recorder(viewModel.fields)
            messages = Recorder(viewModel.fieldMessages)
            submitEnabled = Recorder(viewModel.submitEnabled)
            hud = Recorder(viewModel.showLoadingHud)
            viewModel.onShowAlert = alerts.record
            viewModel.onNavigateBack = { [navigations] in navigations.record(()) }
        }

        func settle() async {
            await viewModel.submitting.task?.value
        }

        func fill(_ friend: NewFriend) {
            viewModel.firstnameChanged(friend.firstname)
            viewModel.lastnameChanged(friend.lastname)
            viewModel.phonenumberChanged(friend.phonenumber)
            viewModel.emailChanged(friend.email)
            viewModel.aboutChanged(friend.about)
        }
    }

    func addForm() -> Form {
        Form(FriendViewModel(client: client))
    }

    func updateForm(_ friend: Friend = Fixtures.ada, eTag: String? = "\"1-1\"") -> Form {
        Form(FriendViewModel(updating: Versioned(friend, eTag: eTag), client: client))
    }

    static let empty = NewFriend(firstname: "", lastname: "")
    static let ada = NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567")

    // MARK: First frame

    @Test func theAddScreenStartsEmptyWithSubmitDisabled() {
        let form = addForm()

        #expect(form.viewModel.title == "Add Friend")
        #expect(form.viewModel.kind == .add)
        #expect(form.fields.values == [Self.empty])
        #expect(form.messages.values == [[:]])
        #expect(form.submitEnabled.values == [false])
        #expect(form.hud.values == [false])
    }

    @Test func theUpdateScreenStartsWithTheFriendAndSubmitEnabled() {
        let form = updateForm()

        #expect(form.viewModel.title == "Update Friend")
        #expect(form.viewModel.kind == .update)
        #expect(form.fields.values == [Fixtures.ada.fields])
        #expect(form.messages.values == [[:]])
        #expect(form.submitEnabled.values == [true])
    }

    @Test func theUpdateScreenStartsDisabledForAFriendStoredInvalid() {
        let legacy = Friend(id: 9, firstname: "Old", lastname: "Entry", phonenumber: "12")

        let form = updateForm(legacy)

        #expect(form.submitEnabled.values == [false])
        #expect(form.messages.values == [[:]])
    }

    // MARK: Validation

    @Test func messagesShowOnlyForFieldsTheUserChanged() {
        let form = addForm()

        form.viewModel.firstnameChanged("Ada")
        form.viewModel.lastnameChanged(" ")
        form.viewModel.lastnameChanged("Lovelace")
        form.viewModel.phonenumberChanged("12")
        form.viewModel.phonenumberChanged("050 123")
        form.viewModel.emailChanged("ada@")
        form.viewModel.emailChanged("")

        let phoneMessage = FriendValidation.message(for: .phonenumber, value: "12")!
        #expect(form.messages.values == [
            [:],
            [.lastname: "Last name is required."],
            [:],
            [.phonenumber: phoneMessage],
            [:],
            [.email: "Email must be empty or an address like name@example.com."],
            [:],
        ])
        #expect(form.submitEnabled.values == [false, true, false, true, false, true])
        #expect(form.fields.values.last == NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "050 123"))
        #expect(form.fields.values.count == 8)
    }

    @Test func editingTheUpdateScreenValidatesTheSameWay() {
        let form = updateForm()

        form.viewModel.firstnameChanged("")
        form.viewModel.firstnameChanged("Augusta")

        #expect(form.messages.values == [[:], [.firstname: "First name is required."], [:]])
        #expect(form.submitEnabled.values == [true, false, true])
    }

    @Test func submittingInvalidInputShowsEveryMessageAndSendsNothing() async {
        let form = addForm()

        form.viewModel.phonenumberChanged("x")
        form.viewModel.submitButtonTapped()

        #expect(form.messages.values == [
            [:],
            [.phonenumber: FriendValidation.message(for: .phonenumber, value: "x")!],
            [
                .firstname: "First name is required.",
                .lastname: "Last name is required.",
                .phonenumber: FriendValidation.message(for: .phonenumber, value: "x")!,
            ],
        ])
        #expect(form.submitEnabled.values == [false])
        #expect(await client.calls.isEmpty)
    }

    // MARK: Adding

    @Test func addingSendsTheTrimmedFriendAndGoesBack() async {
        await client.enqueueAdds(.success(Versioned(Friend(id: 7, Self.ada), eTag: "\"7-1\"")))
        let form = addForm()

        form.fill(NewFriend(firstname: " Ada ", lastname: "Lovelace", phonenumber: "0501234567 "))
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.add(Self.ada)])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [false, true, false, true])
        #expect(form.navigations.values.count == 1)
        #expect(form.alerts.values.isEmpty)
    }

    @Test func submitIsIgnoredWhileSaving() async {
        let gate = Gate<Versioned<Friend>>()
        await client.enqueueAdds(.held(gate))
        let form = addForm()

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        form.viewModel.submitButtonTapped()
        await gate.open(with: .success(Versioned(Friend(id: 7, Self.ada), eTag: nil)))
        await form.settle()

        #expect(await client.calls == [.add(Self.ada)])
        #expect(form.navigations.values.count == 1)
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to add friends."),
        (.notFound, "Failed to add friend. Please try again."),
        (.server(status: 500, message: nil), couldNotConnect),
        (.unreachable, couldNotConnect),
        (.timedOut, couldNotConnect),
        (.undecodable, couldNotConnect),
    ])
    func aFailedAddSaysWhyAndStays(failure: AppServerError, title: String) async {
        await client.enqueueAdds(.failure(failure))
        let form = addForm()

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: title, message: "Could not add Ada Lovelace.")])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [false, true, false, true])
        #expect(form.navigations.values.isEmpty)
        #expect(form.fields.values.last == Self.ada)
    }

    @Test func fieldMessagesFromTheServerShowBesideTheirFieldsUntilEdited() async {
        let fields = ["email": "Email is taken.", "id": "Ignored.", "phonenumber": "Not a number we can call."]
        await client.enqueueAdds(.failure(.invalid(message: "Some fields are not valid.", fields: fields)))
        let form = addForm()

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.emailChanged("ada@example.org")

        #expect(form.messages.values == [
            [:],
            [.email: "Email is taken.", .phonenumber: "Not a number we can call."],
            [.phonenumber: "Not a number we can call."],
        ])
        #expect(form.alerts.values.isEmpty)
        #expect(form.navigations.values.isEmpty)
    }

    @Test func aRefusalWithoutFieldsIsAnAlert() async {
        await client.enqueueAdds(.failure(.invalid(message: "The request body is too large.", fields: [:])))
        let form = addForm()

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: "The request body is too large.", message: "Could not add Ada Lovelace.")])
        #expect(form.messages.values == [[:]])
    }

    // MARK: Updating

    @Test func updatingSendsOnlyTheChangesWithTheTagAndGoesBack() async {
        let saved = Friend(id: 1, firstname: "Augusta", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com")
        await client.enqueueUpdates(.success(Versioned(saved, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.firstnameChanged("Augusta ")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(firstname: "Augusta"), ifMatch: "\"1-1\"")])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [true, false, true])
        #expect(form.navigations.values.count == 1)
        #expect(form.alerts.values.isEmpty)
    }

    @Test func submittingAnUnchangedFriendJustGoesBack() async {
        let form = updateForm()

        form.viewModel.submitButtonTapped()

        #expect(await client.calls.isEmpty)
        #expect(form.navigations.values.count == 1)
        #expect(form.hud.values == [false])
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to update friends."),
        (.notFound, "Failed to update friend. Please try again."),
        (.server(status: 503, message: nil), couldNotConnect),
        (.unreachable, couldNotConnect),
        (.timedOut, couldNotConnect),
    ])
    func aFailedUpdateSaysWhyAndStays(failure: AppServerError, title: String) async {
        await client.enqueueUpdates(.failure(failure))
        let form = updateForm()

        form.viewModel.aboutChanged("Wrote the first program.")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: title, message: "Failed to update information.")])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [true, false, true])
        #expect(form.navigations.values.isEmpty)
    }

    @Test func aConflictShowsTheLatestFriendAndTheNextSubmitUsesItsTag() async {
        let latest = Friend(id: 1, firstname: "Ada", lastname: "King", phonenumber: "0501234567", email: "ada@example.com")
        let saved = Friend(id: 1, firstname: "Ada", lastname: "King", phonenumber: "0509999999", email: "ada@example.com")
        await client.enqueueUpdates(.failure(.conflict), .success(Versioned(saved, eTag: "\"1-3\"")))
        await client.enqueueFriends(.success(Versioned(latest, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.phonenumberChanged("12")
        form.viewModel.phonenumberChanged("0509999999")
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.phonenumberChanged("0509999999")
        form.viewModel.submitButtonTapped()
        await form.settle()

        var edited = Fixtures.ada.fields
        edited.phonenumber = "12"
        var retyped = Fixtures.ada.fields
        retyped.phonenumber = "0509999999"
        #expect(form.fields.values == [Fixtures.ada.fields, edited, retyped, latest.fields, saved.fields])
        #expect(form.alerts.values == [Alert(
            title: "This friend was changed elsewhere.",
            message: "The latest information is shown now. Check it and submit again."
        )])
        #expect(form.messages.values == [
            [:], [.phonenumber: FriendValidation.message(for: .phonenumber, value: "12")!], [:],
        ])
        #expect(form.hud.values == [false, true, false, true, false])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(phonenumber: "0509999999"), ifMatch: "\"1-1\""),
            .friend(id: 1),
            .update(id: 1, FriendUpdate(phonenumber: "0509999999"), ifMatch: "\"1-2\""),
        ])
        #expect(form.navigations.values.count == 1)
    }

    @Test func aConflictWhoseReloadFailsSaysWhy() async {
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.failure(.notFound))
        let form = updateForm()

        form.viewModel.lastnameChanged("King")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: "Failed to update friend. Please try again.", message: "Failed to update information.")])
        #expect(form.hud.values == [false, true, false])
        #expect(form.fields.values.last?.lastname == "King")
        #expect(form.navigations.values.isEmpty)
    }

    // MARK: Leaving

    @Test func cancellingGoesBack() {
        let form = addForm()

        form.viewModel.cancelButtonTapped()

        #expect(form.navigations.values.count == 1)
    }

    @Test func aReleasedFormIsDeallocatedAndItsSaveCancelled() async {
        let gate = Gate<Versioned<Friend>>()
        await client.enqueueAdds(.held(gate))
        var viewModel: FriendViewModel? = FriendViewModel(client: client)
        weak let released = viewModel
        var navigations = 0
        viewModel?.onNavigateBack = { navigations += 1 }

        viewModel?.firstnameChanged("Ada")
        viewModel?.lastnameChanged("Lovelace")
        viewModel?.submitButtonTapped()
        let save = viewModel?.submitting.task
        viewModel = nil
        #expect(released == nil)
        await gate.open(with: .success(Versioned(Fixtures.ada, eTag: nil)))
        await save?.value

        #expect(await client.cancelledCalls == [.add(NewFriend(firstname: "Ada", lastname: "Lovelace"))])
        #expect(navigations == 0)
    }
}
