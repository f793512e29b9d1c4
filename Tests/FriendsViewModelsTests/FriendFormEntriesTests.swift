import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// The form's phone numbers and email addresses: several per friend, labelled, one preferred.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FriendFormEntriesTests {
    let client = FakeFriendsClient()

    /// The form with a recorder on the outputs these tests read.
    @MainActor
    struct Form {
        let viewModel: FriendFormViewModel
        let phones: Recorder<[ContactEntry]>
        let emails: Recorder<[ContactEntry]>
        let fields: Recorder<NewFriend>
        let messages: Recorder<[FriendField: String]>
        let submitEnabled: Recorder<Bool>
        let conflict: Recorder<FriendConflict?>
        let discard: Recorder<ConfirmationPrompt?>
        let alerts = EventRecorder<Alert>()
        let navigations = EventRecorder<Void>()

        init(_ viewModel: FriendFormViewModel) {
            self.viewModel = viewModel
            phones = Recorder(viewModel.phones)
            emails = Recorder(viewModel.emails)
            fields = Recorder(viewModel.fields)
            messages = Recorder(viewModel.fieldMessages)
            submitEnabled = Recorder(viewModel.submitEnabled)
            conflict = Recorder(viewModel.conflict)
            discard = Recorder(viewModel.discardConfirmation)
            viewModel.onShowAlert = alerts.record
            viewModel.onNavigateBack = { [navigations] in navigations.record(()) }
        }

        func settle() async {
            await viewModel.submitting.task?.value
        }

        /// Each recorded list as "label:value" texts, the preferred one marked with "*".
        static func texts(_ history: [[ContactEntry]]) -> [[String]] {
            history.map { $0.map { ($0.isPreferred ? "*" : "") + "\($0.label):\($0.value)" } }
        }
    }

    static let mobile = LabeledValue(label: "mobile", value: "0501234567")
    static let work = LabeledValue(label: "work", value: "+44 20 7946 0000")
    static let cabin = LabeledValue(label: "Ski cabin", value: "+41 27 000 00 00")
    static let adaHome = LabeledValue(label: "home", value: "ada@example.com")

    /// Ada as the server sends her: every number and address with its label.
    static let ada = Friend(
        id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: mobile.value, email: adaHome.value, version: 1,
        phones: [mobile, work], emails: [adaHome]
    )

    func updateForm(_ friend: Friend = Self.ada) -> Form {
        Form(FriendFormViewModel(updating: Versioned(friend, eTag: "\"1-1\""), client: client))
    }

    // MARK: First frame

    @Test func theUpdateFormStartsWithEveryEntryThePreferredFirst() {
        let form = updateForm()

        #expect(Form.texts(form.phones.values) == [["*mobile:0501234567", "work:+44 20 7946 0000"]])
        #expect(Form.texts(form.emails.values) == [["*home:ada@example.com"]])
        #expect(form.phones.values[0].map(\.position) == [1, 2])
        #expect(Set(form.phones.values[0].map(\.id) + form.emails.values[0].map(\.id)).count == 3)
        #expect(form.phones.values[0].allSatisfy { $0.message == nil })
        #expect(form.fields.values == [Self.ada.fields])
        #expect(form.submitEnabled.values == [false])
    }

    @Test func theAddFormStartsWithoutEntries() {
        let form = Form(FriendFormViewModel(client: client))

        #expect(form.phones.values == [[]])
        #expect(form.emails.values == [[]])
    }

    @Test func anEntryOffersTheUsualLabelsAndTheOneItCameWith() {
        let form = updateForm(Fixtures.changed(Self.ada) { $0.phones = [Self.cabin] })

        let cabin = form.phones.values[0][0]
        #expect(cabin.labelChoices.map(\.label) == ["mobile", "home", "work", "main", "other", "Ski cabin"])
        #expect(cabin.nextLabel == "mobile")
        #expect(form.emails.values[0][0].labelChoices.map(\.title) == ["home", "work", "other"])
    }

    @Test func aFriendWithOnlyTheOriginalFieldsHasThemAsEntriesWithoutLabel() {
        let form = updateForm(Fixtures.ada)

        #expect(Form.texts(form.phones.values) == [["*:0501234567"]])
        #expect(form.phones.values[0][0].labelTitle == "no label")
        #expect(form.phones.values[0][0].labelChoices.map(\.title) == ["mobile", "home", "work", "main", "other", "no label"])
    }

    // MARK: Editing

    @Test func addingTypingLabellingAndPreferringAnEntryShowEachStep() throws {
        let form = updateForm()

        let added = form.viewModel.addEntryTapped(.phone)
        let id = try #require(added)
        form.viewModel.entryChanged(id, to: "+1 555 0100")
        form.viewModel.entryLabelChosen(id, label: "home")
        form.viewModel.makePreferredTapped(id)

        #expect(Form.texts(form.phones.values) == [
            ["*mobile:0501234567", "work:+44 20 7946 0000"],
            ["*mobile:0501234567", "work:+44 20 7946 0000", "mobile:"],
            ["*mobile:0501234567", "work:+44 20 7946 0000", "mobile:+1 555 0100"],
            ["*mobile:0501234567", "work:+44 20 7946 0000", "home:+1 555 0100"],
            ["*home:+1 555 0100", "mobile:0501234567", "work:+44 20 7946 0000"],
        ])
        #expect(form.phones.values.last?.first?.id == id)
        #expect(form.fields.values.map(\.phonenumber) == ["0501234567", "+1 555 0100"])
        #expect(form.emails.values.count == 1)
    }

    @Test func removingAnEntryKeepsTheOthersAndTheirIdentities() {
        let form = updateForm()
        let ids = form.phones.values[0].map(\.id)

        form.viewModel.removeEntryTapped(ids[0])

        #expect(Form.texts(form.phones.values) == [
            ["*mobile:0501234567", "work:+44 20 7946 0000"],
            ["*work:+44 20 7946 0000"],
        ])
        #expect(form.phones.values.last?.map(\.id) == [ids[1]])
        #expect(form.fields.values.map(\.phonenumber) == ["0501234567", "+44 20 7946 0000"])
    }

    @Test func anInputNamingAnEntryThatIsGoneChangesNothing() {
        let form = updateForm()
        let id = form.phones.values[0][1].id

        form.viewModel.removeEntryTapped(id)
        form.viewModel.entryChanged(id, to: "1")
        form.viewModel.makePreferredTapped(id)
        form.viewModel.removeEntryTapped(id)

        #expect(form.phones.values.count == 2)
    }

    // MARK: Validation

    @Test func anEntrysMessageShowsOnceItIsChangedAndGoesWhenItIsRight() {
        let form = updateForm()
        let id = form.phones.values[0][1].id

        form.viewModel.entryChanged(id, to: "call me")
        form.viewModel.entryChanged(id, to: "call me at 12")

        let phoneMessage = FriendValidation.message(for: .phonenumber, value: "call me")
        #expect(form.phones.values.map { $0.map(\.message) } == [[nil, nil], [nil, phoneMessage], [nil, nil]])
        #expect(form.submitEnabled.values == [false, true])
        #expect(form.messages.values == [[:]])
    }

    /// A card may bring an entry the rules would refuse from a client: it is not judged again,
    /// even on submit, until the user changes it.
    @Test func anEntryTheFriendCameWithIsNotJudgedAgainUntilItChanges() async throws {
        let desk = LabeledValue(label: "work", value: "ask at the desk")
        let form = updateForm(Fixtures.changed(Self.ada) { $0.phones = [Self.mobile, desk] })

        form.viewModel.submitButtonTapped()
        #expect(form.phones.values.last?.map(\.message) == [nil, nil])

        let id = try #require(form.phones.values.last?[1].id)
        form.viewModel.entryChanged(id, to: "ask at the front desk")
        let message = FriendValidation.message(for: .phonenumber, value: "ask at the front desk")
        #expect(message != nil)
        #expect(form.phones.values.last?.map(\.message) == [nil, message])
        form.viewModel.submitButtonTapped()
        #expect(await client.calls.isEmpty)
    }

    /// Add on a full list did nothing, and said nothing (Ctrl-N in the terminal at 100 numbers).
    @Test func addingToAFullListSaysWhyNothingWasAdded() {
        let form = Form(FriendFormViewModel(client: client))
        for _ in 0..<FriendValidation.maximumListLength { _ = form.viewModel.addEntryTapped(.phone) }
        #expect(form.viewModel.notice.value == nil)
        #expect(form.viewModel.addEntryTapped(.phone) == nil)
        #expect(form.viewModel.notice.value == "A friend has at most 100 phone numbers.")
        #expect(form.phones.values.last?.count == 100)
        #expect(form.viewModel.addEntryTapped(.email) != nil)
    }

    @Test func thePreferredEntrysMessageIsAlsoThePhoneNumberFieldsMessage() {
        let form = Form(FriendFormViewModel(client: client))

        let email = form.viewModel.addEntryTapped(.email)!
        form.viewModel.entryChanged(email, to: "ada@")
        form.viewModel.addEntryTapped(.email)
        form.viewModel.makePreferredTapped(form.emails.values.last![1].id)

        let emailMessage = "Email must be empty or an address like name@example.com."
        #expect(form.emails.values.map { $0.map(\.message) } == [[], [nil], [emailMessage], [emailMessage, nil], [nil, emailMessage]])
        #expect(form.messages.values == [[:], [.email: emailMessage], [:]])
    }

    // MARK: Saving

    @Test func addingAFriendSendsEveryEntryThePreferredFirst() async throws {
        await client.enqueueAdds(.success(Versioned(Self.ada, eTag: "\"1-1\"")))
        let form = Form(FriendFormViewModel(client: client))

        form.viewModel.fieldChanged(.firstname, to: "Ada")
        let first = try #require(form.viewModel.addEntryTapped(.phone))
        form.viewModel.entryChanged(first, to: " 0501234567 ")
        let second = try #require(form.viewModel.addEntryTapped(.phone))
        form.viewModel.entryChanged(second, to: "+44 20 7946 0000")
        form.viewModel.entryLabelChosen(second, label: "work")
        form.viewModel.makePreferredTapped(second)
        let empty = try #require(form.viewModel.addEntryTapped(.email))
        form.viewModel.entryLabelChosen(empty, label: "work")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.add(NewFriend(
            firstname: "Ada", lastname: "", phonenumber: "+44 20 7946 0000", phones: [Self.work, Self.mobile]
        ))])
        #expect(form.navigations.values.count == 1)
    }

    @Test func oneMobileNumberIsSentAsTheSeedsFormSentIt() async throws {
        await client.enqueueAdds(.success(Versioned(Self.ada, eTag: "\"1-1\"")))
        let form = Form(FriendFormViewModel(client: client))

        form.viewModel.fieldChanged(.firstname, to: "Ada")
        let phone = try #require(form.viewModel.addEntryTapped(.phone))
        form.viewModel.entryChanged(phone, to: "0501234567")
        let email = try #require(form.viewModel.addEntryTapped(.email))
        form.viewModel.entryChanged(email, to: "ada@example.com")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.add(NewFriend(
            firstname: "Ada", lastname: "", phonenumber: "0501234567", email: "ada@example.com", emails: [Self.adaHome]
        ))])
    }

    @Test func updatingSendsAChangedListWhole() async {
        await client.enqueueUpdates(.success(Versioned(Self.ada, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.makePreferredTapped(form.phones.values[0][1].id)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(phones: [Self.work, Self.mobile]), ifMatch: "\"1-1\"")])
    }

    @Test func changingOnlyThePreferredNumberSendsOnlyIt() async {
        await client.enqueueUpdates(.success(Versioned(Self.ada, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.entryChanged(form.phones.values[0][0].id, to: "0509999999")
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(phonenumber: "0509999999"), ifMatch: "\"1-1\"")])
    }

    @Test func removingTheLastAddressSendsAnEmptyList() async {
        await client.enqueueUpdates(.success(Versioned(Self.ada, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.removeEntryTapped(form.emails.values[0][0].id)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(await client.calls == [.update(id: 1, FriendUpdate(emails: []), ifMatch: "\"1-1\"")])
    }

    @Test func anEntryAddedAndLeftEmptyIsNotAnUnsavedChange() async {
        let form = updateForm()

        form.viewModel.addEntryTapped(.phone)
        form.viewModel.cancelButtonTapped()
        form.viewModel.submitButtonTapped()

        #expect(form.discard.values == [nil])
        #expect(form.navigations.values.count == 1)
        #expect(form.viewModel.notice.value == "Nothing to save: nothing has changed.")
        #expect(await client.calls.isEmpty)
    }

    @Test func aRefusedListIsSaidInAnAlert() async {
        let fields = ["phones": "Phone number 2: The label must be at most 40 characters."]
        await client.enqueueUpdates(.failure(.invalid(message: "Some fields are not valid.", fields: fields)))
        let form = updateForm()

        form.viewModel.makePreferredTapped(form.phones.values[0][1].id)
        form.viewModel.submitButtonTapped()
        await form.settle()

        #expect(form.alerts.values == [Alert(
            title: "Some fields are not valid.",
            message: "Could not update Ada Lovelace. Phone number 2: The label must be at most 40 characters."
        )])
    }

    // MARK: Conflicts

    @Test func aListChangedOnlyElsewhereMergesAndTheSaveGoesOn() async {
        let theirs = Fixtures.changed(Self.ada) { $0.phones = [Self.mobile, Self.work, Self.cabin] }
        await client.enqueueUpdates(.failure(.conflict), .success(Versioned(theirs, eTag: "\"1-3\"")))
        await client.enqueueFriends(.success(Versioned(theirs, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.entryLabelChosen(form.emails.values[0][0].id, label: "work")
        form.viewModel.submitButtonTapped()
        await form.settle()
        await form.settle()

        let workEmail = LabeledValue(label: "work", value: "ada@example.com")
        #expect(Form.texts(form.phones.values) == [
            ["*mobile:0501234567", "work:+44 20 7946 0000"],
            ["*mobile:0501234567", "work:+44 20 7946 0000", "Ski cabin:+41 27 000 00 00"],
        ])
        #expect(form.conflict.values == [nil])
        #expect(await client.calls == [
            .update(id: 1, FriendUpdate(emails: [workEmail]), ifMatch: "\"1-1\""),
            .friend(id: 1),
            .update(id: 1, FriendUpdate(emails: [workEmail]), ifMatch: "\"1-2\""),
        ])
        #expect(form.navigations.values.count == 1)
    }

    @Test func aListChangedOnBothSidesIsAskedAboutAndKeepTheirsTakesTheirList() async {
        let theirs = Fixtures.changed(Self.ada) { $0.phones = [Self.work] }
        await client.enqueueUpdates(.failure(.conflict))
        await client.enqueueFriends(.success(Versioned(theirs, eTag: "\"1-2\"")))
        let form = updateForm()

        form.viewModel.makePreferredTapped(form.phones.values[0][1].id)
        form.viewModel.submitButtonTapped()
        await form.settle()
        form.viewModel.keepTheirsTapped()

        let question = FriendConflict(title: "Ada Lovelace was changed elsewhere.", fields: [FriendConflict.Field(
            list: .phone, theirs: [Self.work], mine: [Self.work, Self.mobile]
        )])
        #expect(form.conflict.values == [nil, question, nil])
        #expect(question.fields.map(\.title) == ["Phone numbers"])
        #expect(question.fields.map(\.theirs) == ["+44 20 7946 0000 (work)"])
        #expect(question.fields.map(\.mine) == ["+44 20 7946 0000 (work), 0501234567 (mobile)"])
        #expect(Form.texts(form.phones.values) == [
            ["*mobile:0501234567", "work:+44 20 7946 0000"],
            ["*work:+44 20 7946 0000", "mobile:0501234567"],
            ["*work:+44 20 7946 0000"],
        ])
        #expect(form.navigations.values.isEmpty)
    }
}
