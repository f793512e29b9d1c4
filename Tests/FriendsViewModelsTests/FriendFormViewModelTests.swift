import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

private let couldNotConnect = "Could not connect to server. Check your network and try again later."

@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendFormViewModelTests {
    let client = FakeFriendsClient()

    /// The form with a recorder on every output and event.
    @MainActor
    struct Form {
        let viewModel: FriendFormViewModel
        let fields: Recorder<NewFriend>
        let messages: Recorder<[FriendField: String]>
        let submitEnabled: Recorder<Bool>
        let hud: Recorder<Bool>
        let conflict: Recorder<FriendConflict?>
        let discard: Recorder<ConfirmationPrompt?>
        let alerts = EventRecorder<Alert>()
        let navigations = EventRecorder<Void>()
        let saved = EventRecorder<Friend>()

        init(_ viewModel: FriendFormViewModel) {
            self.viewModel = viewModel
            fields = Recorder(viewModel.fields)
            messages = Recorder(viewModel.fieldMessages)
            submitEnabled = Recorder(viewModel.submitEnabled)
            hud = Recorder(viewModel.showLoadingHud)
            conflict = Recorder(viewModel.conflict)
            discard = Recorder(viewModel.discardConfirmation)
            viewModel.onShowAlert = alerts.record
            viewModel.onSaved = saved.record
            viewModel.onNavigateBack = { [navigations] in navigations.record(()) }
        }

        func settle() async {
            await viewModel.submitting.task?.value
        }

        func fill(_ friend: NewFriend) {
            viewModel.fieldChanged(.firstname, to: friend.firstname)
            viewModel.fieldChanged(.lastname, to: friend.lastname)
            viewModel.fieldChanged(.phonenumber, to: friend.phonenumber)
            viewModel.fieldChanged(.email, to: friend.email)
            viewModel.fieldChanged(.about, to: friend.about)
        }
    }

    func addForm() -> Form {
        Form(FriendFormViewModel(client: client))
    }

    func updateForm(_ friend: Friend = Fixtures.ada, eTag: String? = "\"1-1\"") -> Form {
        Form(FriendFormViewModel(updating: Versioned(friend, eTag: eTag), client: client))
    }

    static let empty = NewFriend(firstname: "", lastname: "")
    static let ada = NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567")

    // MARK: First frame

    @Test func theAddScreenStartsEmptyWithSubmitEnabledToShowWhatIsMissing() {
        let form = addForm()

        #expect(form.viewModel.title == "Add Friend")
        #expect(form.viewModel.kind == .add)
        #expect(form.fields.values == [Self.empty])
        #expect(form.messages.values == [[:]])
        #expect(form.submitEnabled.values == [true])
        #expect(form.hud.values == [false])
    }

    @Test func theUpdateScreenStartsWithTheFriendAndSubmitDisabledUntilSomethingChanges() {
        let form = updateForm()

        #expect(form.viewModel.title == "Update Friend")
        #expect(form.viewModel.kind == .update)
        #expect(form.fields.values == [Fixtures.ada.fields])
        #expect(form.messages.values == [[:]])
        #expect(form.submitEnabled.values == [false])
    }

    @Test func theUpdateScreensSubmitIsEnabledWhileSomethingDiffersFromWhatIsStored() {
        let form = updateForm()

        form.viewModel.fieldChanged(.about, to: "Wrote the first program.")
        form.viewModel.fieldChanged(.about, to: "Wrote the first program. ")
        form.viewModel.fieldChanged(.about, to: "")

        #expect(form.submitEnabled.values == [false, true, false])
    }

    @Test func theNameHintSaysWhichNamesAFriendNeeds() {
        #expect(addForm().viewModel.nameHint == "Enter a first name, last name or organization.")
    }

    @Test func theUpdateScreenStartsDisabledForAFriendStoredInvalid() {
        let legacy = Friend(id: 9, firstname: "Old", lastname: "Entry", email: "not an address")

        let form = updateForm(legacy)

        #expect(form.submitEnabled.values == [false])
        #expect(form.messages.values == [[:]])
    }

    // MARK: Validation

    @Test func messagesShowOnlyForFieldsTheUserChanged() {
        let form = addForm()

        form.viewModel.fieldChanged(.lastname, to: " ")
        form.viewModel.fieldChanged(.firstname, to: "Ada")
        form.viewModel.fieldChanged(.lastname, to: "Lovelace")
        form.viewModel.fieldChanged(.phonenumber, to: "call me")
        form.viewModel.fieldChanged(.phonenumber, to: "050 123")
        form.viewModel.fieldChanged(.email, to: "ada@")
        form.viewModel.fieldChanged(.email, to: "")

        let phoneMessage = FriendValidation.message(for: .phonenumber, value: "call me")!
        #expect(form.messages.values == [
            [:],
            [.lastname: FriendValidation.nameMissingMessage],
            [:],
            [.phonenumber: phoneMessage],
            [:],
            [.email: "Email must be empty or an address like name@example.com."],
            [:],
        ])
        #expect(form.submitEnabled.values == [true])
        #expect(form.fields.values.last == NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "050 123"))
        #expect(form.fields.values.count == 8)
    }

    @Test func editingTheUpdateScreenValidatesTheSameWay() {
        let form = updateForm()

        form.viewModel.fieldChanged(.firstname, to: "")
        form.viewModel.fieldChanged(.lastname, to: "")
        form.viewModel.fieldChanged(.organization, to: "Analytical Engines")

        #expect(form.messages.values == [
            [:], [.firstname: FriendValidation.nameMissingMessage], [:],
        ])
        #expect(form.submitEnabled.values == [false, true])
    }

    @Test func submittingInvalidInputShowsEveryMessageAndSendsNothing() async {
        let form = addForm()

        form.viewModel.fieldChanged(.phonenumber, to: "x")
        form.viewModel.submitButtonTapped()

        #expect(form.messages.values == [
            [:],
            [.phonenumber: FriendValidation.message(for: .phonenumber, value: "x")!],
            // That a name is missing is said once, not beside each of the three name fields.
            [
                .firstname: FriendValidation.nameMissingMessage,
                .phonenumber: FriendValidation.message(for: .phonenumber, value: "x")!,
            ],
        ])
        #expect(form.submitEnabled.values == [true])
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
        #expect(form.submitEnabled.values == [true, false, true])
        #expect(form.saved.values == [Friend(id: 7, Self.ada)])
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
        // No answer in time: the friend may have been added, and trying again at once would add it twice.
        (.timedOut, "The Friends service did not answer in time, so the friend may have been added all the same. Look at the list before you try again."),
        (.undecodable, couldNotConnect),
        // Held back after failed sign-ins with this name (a device with an old password, say): not the network.
        (.throttled(message: "Too many failed sign-ins: try again in 58 s.", retryAfter: 58), "Too many failed sign-ins: try again in 58 s."),
        (.throttled(message: nil, retryAfter: 7), "The Friends service is holding requests back: try again in 7 s."),
    ])
    func aFailedAddSaysWhyAndStays(failure: AppServerError, reason: String) async {
        await checkFailedAdd(failure: failure, reason: reason)
    }

    @Test func aFailedAddToAServiceOnThisMachineDoesNotBlameTheNetwork() async {
        await client.enqueueAdds(.failure(.unreachable))
        let form = Form(FriendFormViewModel(client: LocalClient(client)))

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(
            title: "Could not add Ada Lovelace.",
            message: "Could not connect to this app's Friends service. Try again later."
        )])
    }

    @Test func aFailedAddOfAFriendKnownByItsOrganizationNamesTheOrganization() async {
        await client.enqueueAdds(.failure(.unreachable))
        let form = addForm()
        form.viewModel.fieldChanged(.organization, to: "Acme Plumbing")
        form.viewModel.submitButtonTapped()
        await form.settle()
        #expect(form.alerts.values.map(\.title) == ["Could not add Acme Plumbing."])
    }

    @Test func aFailedUpdateOnAServiceOnThisMachineDoesNotBlameTheNetwork() async {
        await client.enqueueUpdates(.failure(.unreachable))
        let form = Form(FriendFormViewModel(updating: Versioned(Fixtures.ada, eTag: "\"1-1\""), client: LocalClient(client)))

        form.viewModel.fieldChanged(.about, to: "Countess.")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(
            title: "Could not update Ada Lovelace.",
            message: "Could not connect to this app's Friends service. Try again later."
        )])
    }

    private func checkFailedAdd(failure: AppServerError, reason: String) async {
        await client.enqueueAdds(.failure(failure))
        let form = addForm()

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: "Could not add Ada Lovelace.", message: reason)])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [true, false, true])
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
        form.viewModel.fieldChanged(.email, to: "ada@example.org")

        #expect(form.messages.values == [
            [:],
            [.email: "Email is taken.", .phonenumber: "Not a number we can call."],
            [.phonenumber: "Not a number we can call."],
        ])
        #expect(form.alerts.values.isEmpty)
        #expect(form.navigations.values.isEmpty)
    }

    @Test func theServerSayingANameIsMissingShowsItOnce() async {
        let fields = FriendValidation.nameMissingFailures
        #expect(fields.count == 3)
        await client.enqueueAdds(.failure(.invalid(message: "Some fields are not valid.", fields: fields)))
        let form = addForm()

        form.fill(Self.ada)
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.fieldChanged(.firstname, to: "Ada ")

        #expect(form.messages.values == [
            [:],
            [.firstname: FriendValidation.nameMissingMessage],
            // Edited, the first name no longer shows the server's word; the next field that
            // still has it does.
            [.lastname: FriendValidation.nameMissingMessage],
        ])
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

    /// A friend that came in with a card may hold more than the rules let a client write: what it
    /// holds is not judged again, only what the user changes.
    @Test func valuesTheFriendCameWithBeyondTheRulesDoNotStopAnEdit() async {
        let note = String(repeating: "Long story. ", count: 200)
        let number = String(repeating: "5", count: 60)
        let imported = Friend(
            id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: number, about: note, version: 1,
            phones: [LabeledValue(label: "home", value: number)]
        )
        await client.enqueueUpdates(.success(Versioned(Fixtures.changed(imported) { $0.firstname = "Augusta" }, eTag: "\"1-2\"")))
        let form = updateForm(imported)

        form.viewModel.fieldChanged(.about, to: note + "more")
        #expect(form.messages.values.last == [.about: "About must be at most 2,000 characters."])
        form.viewModel.fieldChanged(.about, to: note)
        form.viewModel.fieldChanged(.firstname, to: "Augusta")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(firstname: "Augusta"), ifMatch: "\"1-1\"")])
        #expect(form.messages.values.last == [:])
    }

    @Test func updatingSendsOnlyTheChangesWithTheTagAndGoesBack() async {
        let saved = Friend(id: 1, firstname: "Augusta", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com")
        await client.enqueueUpdates(.success(Versioned(saved, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.firstname, to: "Augusta ")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(firstname: "Augusta"), ifMatch: "\"1-1\"")])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [false, true, false])
        #expect(form.saved.values == [saved])
        #expect(form.navigations.values.count == 1)
        #expect(form.alerts.values.isEmpty)
    }

    @Test func submittingAnUnchangedFriendSaysThereIsNothingToSaveUntilSomethingChanges() async {
        let form = updateForm()
        let notice = Recorder(form.viewModel.notice)

        form.viewModel.submitButtonTapped()
        form.viewModel.fieldChanged(.about, to: "Wrote the first program.")

        #expect(await client.calls.isEmpty)
        #expect(notice.values == [nil, "Nothing to save: nothing has changed.", nil])
        #expect(form.navigations.values.isEmpty)
        #expect(form.hud.values == [false])
    }

    @Test(arguments: [
        (AppServerError.unauthorized, "Please login to update friends."),
        (.server(status: 503, message: nil), couldNotConnect),
        (.unreachable, couldNotConnect),
        (.timedOut, "The Friends service did not answer in time, so the friend may have been saved all the same. Look at the friend before you try again."),
    ])
    func aFailedUpdateNamesTheFriendInItsTitleSaysWhyAndStays(failure: AppServerError, reason: String) async {
        await client.enqueueUpdates(.failure(failure))
        let form = updateForm()

        form.viewModel.fieldChanged(.about, to: "Wrote the first program.")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: "Could not update Ada Lovelace.", message: reason)])
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [false, true, false, true])
        #expect(form.navigations.values.isEmpty)
    }

    @Test func updatingAFriendDeletedElsewhereOffersToAddWhatWasTypedAsNewAndSubmitDoes() async {
        await client.enqueueUpdates(.failure(.notFound))
        var added = Fixtures.ada
        added.id = 7
        added.about = "Wrote the first program."
        await client.enqueueAdds(.success(Versioned(added, eTag: "\"7-1\"")))
        let form = updateForm()
        let notice = Recorder(form.viewModel.notice)
        let addsAsNew = Recorder(form.viewModel.addsAsNew)

        form.viewModel.fieldChanged(.about, to: "Wrote the first program.")
        form.viewModel.submitButtonTapped()
        await form.settle()
        let navigationsBeforeAdding = form.navigations.values.count
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values.isEmpty)
        #expect(navigationsBeforeAdding == 0)
        #expect(notice.values == [
            nil, "Ada Lovelace was deleted elsewhere. Add as New keeps what the form holds as a new friend; Cancel leaves without it.",
        ])
        #expect(addsAsNew.values == [false, true])
        #expect(form.hud.values == [false, true, false, true, false])
        #expect(form.submitEnabled.values == [false, true, false, true, false, true])
        var typed = Fixtures.ada.formValues
        typed.about = "Wrote the first program."
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(about: "Wrote the first program."), ifMatch: "\"1-1\""),
            .add(typed.addRequest),
        ])
        #expect(form.saved.values == [added])
        #expect(form.navigations.values.count == 1)
    }

    @Test func aFriendAddedAsNewKeepsTheAddressesTheFormCannotShow() async {
        let home = PostalAddress(label: "home", street: "12 St James's Square", city: "London", country: "UK")
        var withAddress = Fixtures.ada
        withAddress.addresses = [home]
        await client.enqueueUpdates(.failure(.notFound))
        await client.enqueueAdds(.success(Versioned(withAddress, eTag: "\"7-1\"")))
        let form = updateForm(withAddress)

        form.viewModel.fieldChanged(.about, to: "Wrote the first program.")
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.submitButtonTapped()
        await form.settle()

        guard case .add(let request)? = await client.calls.last else {
            Issue.record("no add: \(await client.calls)")
            return
        }
        #expect(request.addresses == [home])
        #expect(request.about == "Wrote the first program.")
    }

    // MARK: Conflicts

    static let kingElsewhere = Fixtures.changed(Fixtures.ada) { $0.lastname = "King" }

    static func conflictOnLastname(mine: String = "Byron") -> FriendConflict {
        FriendConflict(title: "Ada King was changed elsewhere.", fields: [.init(field: .lastname, theirs: "King", mine: mine)])
    }

    @Test func fieldsChangedOnOneSideOnlyMergeWithoutAskingAndTheSaveGoesOn() async {
        var saved = Self.kingElsewhere
        saved.phonenumber = "0509999999"
        saved.version = 3
        await client.enqueueUpdates(.failure(.conflict), .success(Versioned(saved, eTag: "\"1-3\"")))
        await client.enqueueFriends(.success(Versioned(Self.kingElsewhere, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.phonenumber, to: "0509999999")
        form.viewModel.submitButtonTapped()
        await form.settle()
        await form.settle()

        var mine = Fixtures.ada.fields
        mine.phonenumber = "0509999999"
        #expect(form.fields.values == [Fixtures.ada.fields, mine, saved.fields])
        #expect(form.conflict.values == [nil])
        // Saving from the first try to the second without a moment between: a page that waits
        // for the save to end (the browser's) must not take a pause between them for its end.
        #expect(form.hud.values == [false, true, false])
        #expect(form.submitEnabled.values == [false, true, false])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(phonenumber: "0509999999"), ifMatch: "\"1-1\""),
            .friend(id: 1),
            .update(id: 1, FriendUpdate(phonenumber: "0509999999"), ifMatch: "\"1-2\""),
        ])
        #expect(form.saved.values == [saved])
        #expect(form.navigations.values.count == 1)
        #expect(form.alerts.values.isEmpty)
    }

    /// A save meets a version that already holds what the user typed (their own earlier save,
    /// whose answer was lost, went through): nothing is left to send, and the form is saved.
    @Test func aSaveWhoseChangesAreStoredAlreadyEndsAsSaved() async {
        var stored = Self.kingElsewhere
        stored.lastname = "Byron"
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(stored, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "Byron")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(lastname: "Byron"), ifMatch: "\"1-1\""), .friend(id: 1)])
        #expect(form.saved.values == [stored])
        #expect(form.navigations.values.count == 1)
        #expect(form.hud.values == [false, true, false])
        #expect(form.viewModel.notice.value == nil)
    }

    /// A friend changed elsewhere again and again, each time in fields the user left alone: the
    /// form merges and saves on its own a few times, then stops and says so — it never shows a
    /// conflict with nothing to decide.
    @Test func aFriendThatKeepsChangingElsewhereStopsTheRetriesWithoutAnEmptyQuestion() async {
        let limit = FriendFormViewModel.automaticMergeLimit
        let versions = (2...(limit + 2)).map { version in
            Fixtures.changed(Fixtures.ada) {
                $0.about = "Changed elsewhere, time \(version)."
                $0.version = version
            }
        }
        for _ in versions { await client.enqueueUpdates(.failure(.conflict)) }
        for friend in versions { await client.enqueueFriends(.success(Versioned(friend, eTag: "\"1-\(friend.version ?? 0)\""))) }
        let form = updateForm()
        let notices = Recorder(form.viewModel.notice)

        form.viewModel.fieldChanged(.phonenumber, to: "0509999999")
        form.viewModel.submitButtonTapped()
        for _ in versions { await form.settle() }

        #expect(form.conflict.values == [nil])
        #expect(notices.values == [nil, "Ada Lovelace keeps changing elsewhere. Your changes are merged into the form; save again."])
        #expect(form.fields.values.last?.about == versions.last?.about)
        #expect(form.fields.values.last?.phonenumber == "0509999999")
        #expect(await client.calls.filter { if case .update = $0 { true } else { false } }.count == limit + 1)
        #expect(form.navigations.values.isEmpty)
        #expect(form.submitEnabled.values.last == true)
    }

    @Test func aFieldBothSidesChangedIsAskedAboutAndKeepMineSavesWhatWasTyped() async {
        var saved = Self.kingElsewhere
        saved.lastname = "Byron"
        saved.version = 3
        await client.enqueueUpdates(.failure(.conflict), .success(Versioned(saved, eTag: "\"1-3\"")))
        await client.enqueueFriends(.success(Versioned(Self.kingElsewhere, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "Byron")
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.submitButtonTapped()  // ignored while the question is open
        form.viewModel.keepMineTapped()
        await form.settle()

        var mine = Fixtures.ada.fields
        mine.lastname = "Byron"
        #expect(form.fields.values == [Fixtures.ada.fields, mine])
        #expect(form.conflict.values == [nil, Self.conflictOnLastname(), nil])
        #expect(form.hud.values == [false, true, false, true, false])
        #expect(form.submitEnabled.values == [false, true, false, true, false])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(lastname: "Byron"), ifMatch: "\"1-1\""),
            .friend(id: 1),
            .update(id: 1, FriendUpdate(lastname: "Byron"), ifMatch: "\"1-2\""),
        ])
        #expect(form.saved.values == [saved])
        #expect(form.navigations.values.count == 1)
    }

    @Test func keepTheirsShowsWhatIsStoredAndStaysOnTheForm() async {
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(Self.kingElsewhere, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "Byron")
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.keepTheirsTapped()
        let kept = form.viewModel.notice.value
        form.viewModel.submitButtonTapped()  // nothing left to save

        var mine = Fixtures.ada.fields
        mine.lastname = "Byron"
        #expect(form.fields.values == [Fixtures.ada.fields, mine, Self.kingElsewhere.fields])
        #expect(form.conflict.values == [nil, Self.conflictOnLastname(), nil])
        #expect(await client.calls == [.update(id: 1, FriendUpdate(lastname: "Byron"), ifMatch: "\"1-1\""), .friend(id: 1)])
        #expect(form.saved.values.isEmpty)
        #expect(form.navigations.values.isEmpty)
        #expect(kept == "Kept theirs for Last name. Nothing else to save.")
        #expect(form.viewModel.notice.value == "Nothing to save: nothing has changed.")
    }

    @Test func keepTheirsSaysTheOtherChangesAreNotSavedYetAndSubmitSavesThem() async {
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(Self.kingElsewhere, eTag: "\"1-2\"")))
        var saved = Self.kingElsewhere
        saved.about = "Poet's daughter."
        await client.enqueueUpdates(.success(Versioned(saved, eTag: "\"1-3\"")))
        let form = updateForm()
        let notice = Recorder(form.viewModel.notice)

        form.viewModel.fieldChanged(.lastname, to: "Byron")
        form.viewModel.fieldChanged(.about, to: "Poet's daughter.")
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.keepTheirsTapped()
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(notice.values == [nil, "Kept theirs for Last name. Your other changes are not saved yet: Submit saves them."])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(lastname: "Byron", about: "Poet's daughter."), ifMatch: "\"1-1\""),
            .friend(id: 1),
            .update(id: 1, FriendUpdate(about: "Poet's daughter."), ifMatch: "\"1-2\""),
        ])
        #expect(form.saved.values == [saved])
    }

    @Test func editOnKeepsWhatWasTypedAndTheNextSaveGoesOverTheLatestVersion() async {
        await client.enqueueUpdates(.failure(.conflict), .success(Versioned(Self.kingElsewhere, eTag: "\"1-3\"")))
        await client.enqueueFriends(.success(Versioned(Self.kingElsewhere, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "Byron")
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.editOnTapped()
        form.viewModel.fieldChanged(.email, to: "ada@byron.example")
        form.viewModel.submitButtonTapped()
        await form.settle()

        var mine = Fixtures.ada.fields
        mine.lastname = "Byron"
        var more = mine
        more.email = "ada@byron.example"
        #expect(form.fields.values == [Fixtures.ada.fields, mine, more])
        #expect(form.conflict.values == [nil, Self.conflictOnLastname(), nil])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(lastname: "Byron"), ifMatch: "\"1-1\""),
            .friend(id: 1),
            .update(id: 1, FriendUpdate(lastname: "Byron", email: "ada@byron.example"), ifMatch: "\"1-2\""),
        ])
        #expect(form.navigations.values.count == 1)
    }

    @Test func onlyTheFieldsBothSidesChangedAreAskedAboutTheOthersMerge() async {
        let theirs = Fixtures.changed(Fixtures.ada) {
            $0.lastname = "King"
            $0.phonenumber = "0507777777"
        }
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(theirs, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "Byron")
        form.viewModel.fieldChanged(.email, to: "ada@byron.example")
        form.viewModel.submitButtonTapped()
        await form.settle()

        var typed = Fixtures.ada.fields
        typed.lastname = "Byron"
        var withEmail = typed
        withEmail.email = "ada@byron.example"
        var merged = withEmail
        merged.phonenumber = "0507777777"
        #expect(form.fields.values == [Fixtures.ada.fields, typed, withEmail, merged])
        #expect(form.conflict.values == [nil, Self.conflictOnLastname()])
        #expect(form.navigations.values.isEmpty)
    }

    @Test func aConflictOnAFriendDeletedMeanwhileOffersToAddItAsNew() async {
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.failure(.notFound))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "King")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values.isEmpty)
        #expect(form.viewModel.notice.value
            == "Ada Lovelace was deleted elsewhere. Add as New keeps what the form holds as a new friend; Cancel leaves without it.")
        #expect(form.viewModel.addsAsNew.value)
        #expect(form.conflict.values == [nil])
        #expect(form.navigations.values.isEmpty)
    }

    @Test func aConflictWhoseReloadFailsSaysWhyAndKeepsTheText() async {
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.failure(.unreachable))
        let form = updateForm()

        form.viewModel.fieldChanged(.lastname, to: "King")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(title: "Could not update Ada Lovelace.", message: couldNotConnect)])
        #expect(form.hud.values == [false, true, false])
        #expect(form.fields.values.last?.lastname == "King")
        #expect(form.conflict.values == [nil])
        #expect(form.navigations.values.isEmpty)
    }

    // MARK: Leaving

    static let discard = ConfirmationPrompt(
        title: "Discard Changes", message: "Leave without saving your changes?", confirmTitle: "Discard", cancelTitle: "Keep Editing"
    )

    @Test func cancellingAnUntouchedFormGoesBackAtOnce() {
        let form = addForm()

        form.viewModel.cancelButtonTapped()

        #expect(form.discard.values == [nil])
        #expect(form.navigations.values.count == 1)
    }

    @Test func cancellingWithUnsavedChangesAsksFirst() {
        let form = updateForm()

        form.viewModel.fieldChanged(.about, to: "Countess.")
        form.viewModel.cancelButtonTapped()
        form.viewModel.discardCancelled()
        let stayed = form.navigations.values.count
        form.viewModel.cancelButtonTapped()
        form.viewModel.discardConfirmed()

        #expect(stayed == 0)
        #expect(form.discard.values == [nil, Self.discard, nil, Self.discard, nil])
        #expect(form.navigations.values.count == 1)
        #expect(form.fields.values.last?.about == "Countess.")
    }

    @Test func changesTypedAndUndoneAreNotUnsaved() {
        let form = updateForm()

        form.viewModel.fieldChanged(.about, to: "Countess.")
        form.viewModel.fieldChanged(.about, to: "")
        form.viewModel.cancelButtonTapped()

        #expect(form.discard.values == [nil])
        #expect(form.navigations.values.count == 1)
    }

    @Test func aReleasedFormIsDeallocatedAndItsSaveCancelled() async {
        let gate = Gate<Versioned<Friend>>()
        await client.enqueueAdds(.held(gate))
        var viewModel: FriendFormViewModel? = FriendFormViewModel(client: client)
        weak let released = viewModel
        var navigations = 0
        viewModel?.onNavigateBack = { navigations += 1 }

        viewModel?.fieldChanged(.firstname, to: "Ada")
        viewModel?.fieldChanged(.lastname, to: "Lovelace")
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
