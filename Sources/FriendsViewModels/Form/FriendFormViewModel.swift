import Binding
import FriendsAPI
import FriendsClient

/// The "Add Friend" and "Update Friend" form (which messages show when: see `FriendForm`).
///
/// Phone numbers and email addresses are lists of labelled entries: the user adds and removes
/// them, changes their values and labels, and makes one preferred (it goes first). Views name
/// entries by `ContactEntry.ID`. `fields`' `phonenumber` and `email`, and `fieldChanged` with
/// those fields, are the preferred entries, for a view that shows one number and one address.
///
/// What the user typed is never thrown away: a save that meets a change made elsewhere merges
/// the fields only one side changed and asks about the rest (`conflict`), and leaving with
/// unsaved changes asks first (`discardConfirmation`).
@MainActor
public final class FriendFormViewModel {
    /// Which of the two screens this form is.
    public enum Kind: Equatable, Sendable {
        case add
        case update
    }

    // MARK: Outputs

    /// "Add Friend" or "Update Friend".
    public let title: String
    /// Whether the form adds or updates.
    public let kind: Kind
    /// What each field holds now (the lists are in `phones` and `emails`).
    public let fields: Bindable<NewFriend>
    /// Every phone number being edited, the preferred one first, each with its message.
    public let phones: Bindable<[ContactEntry]>
    /// Every email address being edited, the preferred one first, each with its message.
    public let emails: Bindable<[ContactEntry]>
    /// The message to show beside each field that has one.
    public let fieldMessages = Bindable<[FriendField: String]>([:], skipsEqualValues: true)
    /// Whether Submit does something: false while saving, and on the update form until something
    /// changed. An incomplete or invalid form can be submitted: that shows every field's message.
    public let submitEnabled: Bindable<Bool>
    /// Said beside the name fields: which of them a friend needs.
    public let nameHint = "Enter a first name, last name or organization."
    /// True once the friend being updated is known to be deleted elsewhere: Submit adds what the
    /// form holds as a new friend, so that nothing typed is lost.
    public let addsAsNew = Bindable(false, skipsEqualValues: true)
    /// What the submit button says: "Add as New" once it adds the friend deleted elsewhere again,
    /// so that the button itself says what pressing it does.
    public var submitTitle: String { addsAsNew.value ? "Add as New" : "Submit" }
    /// True while the friend is being saved (or reloaded after a conflict).
    public let showLoadingHud = Bindable(false, skipsEqualValues: true)
    /// The fields someone else changed differently while the user edited; `nil` when none.
    /// Answer with `keepTheirsTapped()`, `keepMineTapped()` or `editOnTapped()`.
    public let conflict = Bindable<FriendConflict?>(nil, skipsEqualValues: true)
    /// Asked when the user cancels with unsaved changes; `nil` when not asked.
    public let discardConfirmation = Bindable<ConfirmationPrompt?>(nil, skipsEqualValues: true)
    /// Said above the form: as soon as the friend being updated is changed or deleted elsewhere,
    /// before the user saves (saving then shows what changed, as `conflict`); or that an unchanged
    /// form has nothing to save. `nil` otherwise.
    public let notice = Bindable<String?>(nil, skipsEqualValues: true)

    // MARK: Events

    /// The form is done (saved or left): go back to the previous screen.
    public var onNavigateBack: (@MainActor () -> Void)?
    /// Saving failed in a way the user must acknowledge.
    public var onShowAlert: (@MainActor (Alert) -> Void)?
    /// The friend was saved, as stored now (sent before `onNavigateBack`).
    public var onSaved: (@MainActor (Friend) -> Void)?

    /// A save that keeps meeting changes made elsewhere stops merging by itself after this many tries.
    static let automaticMergeLimit = 3

    // MARK: State

    private let client: any FriendsProviding
    /// The friend as last loaded, with its tag; `nil` on the add screen.
    private var original: Versioned<Friend>?
    /// The entity tag of the version the form edits; nil while it adds a friend.
    public var editedVersionTag: String? { original?.eTag }
    private var form: FriendForm
    private var isSubmitting = false
    private var automaticMerges = 0
    /// A version newer than `original` was saved elsewhere, and the form does not show it yet.
    private var newerElsewhere = false
    let submitting = TaskSlot()
    /// Loading the friend as stored now, to show it in a form with nothing of the user's to lose.
    let refreshing = TaskSlot()

    /// The "Add Friend" screen: every field starts empty.
    public init(client: any FriendsProviding) {
        self.client = client
        kind = .add
        title = "Add Friend"
        form = FriendForm(NewFriend(firstname: "", lastname: ""))
        fields = Bindable(form.values, skipsEqualValues: true)
        phones = Bindable(form.phones.shown, skipsEqualValues: true)
        emails = Bindable(form.emails.shown, skipsEqualValues: true)
        submitEnabled = Bindable(true, skipsEqualValues: true)
    }

    /// The "Update Friend" screen: fields start with the friend's; pass the tag the friend came with
    /// so that a change made elsewhere in the meantime is not overwritten. With the app's live
    /// `feed`, the form says at once when the friend changes elsewhere.
    public init(updating friend: Versioned<Friend>, client: any FriendsProviding, feed: FriendChangeFeed? = nil) {
        self.client = client
        kind = .update
        title = "Update Friend"
        original = friend
        form = FriendForm(friend.value.formValues)
        fields = Bindable(form.values, skipsEqualValues: true)
        phones = Bindable(form.phones.shown, skipsEqualValues: true)
        emails = Bindable(form.emails.shown, skipsEqualValues: true)
        submitEnabled = Bindable(false, skipsEqualValues: true)
        feed?.observe(self) { viewModel, change in viewModel.apply(change) }
    }

    // MARK: Inputs

    /// The user changed `field` to `text`.
    public func fieldChanged(_ field: FriendField, to text: String) {
        form.change(field, to: text)
        publishForm()
    }

    /// The user wants another phone number or email address: an empty one is added at the end,
    /// labelled as most are ("mobile", "home"). Returns it, to move to; `nil` when the list is full.
    @discardableResult
    public func addEntryTapped(_ kind: ContactEntryKind) -> ContactEntry.ID? {
        let id = form.addEntry(kind)
        if id == nil { notice.value = Self.listIsFull(kind) }
        publishForm()
        return id
    }

    /// Why Add did nothing: the list holds as many entries as a friend may have.
    static func listIsFull(_ kind: ContactEntryKind) -> String {
        "A friend has at most \(FriendValidation.maximumListLength) \(kind == .phone ? "phone numbers" : "email addresses")."
    }

    /// The user removed an entry.
    public func removeEntryTapped(_ id: ContactEntry.ID) {
        form.removeEntry(id)
        publishForm()
    }

    /// The user changed an entry's number or address to `text`.
    public func entryChanged(_ id: ContactEntry.ID, to text: String) {
        form.changeValue(of: id, to: text)
        publishForm()
    }

    /// The user chose another label for an entry (one of its `labelChoices`, or their own).
    public func entryLabelChosen(_ id: ContactEntry.ID, label: String) {
        form.changeLabel(of: id, to: label)
        publishForm()
    }

    /// The user made an entry the preferred one: it moves to the front.
    public func makePreferredTapped(_ id: ContactEntry.ID) {
        form.makePreferred(id)
        publishForm()
    }

    /// Whether leaving now by another way than Cancel (a browser's Back, a link) would lose
    /// changes: the view then asks as Cancel does (`cancelButtonTapped`) instead of leaving. Not
    /// while a save or its conflict is under way: those end the form themselves.
    public var wouldLoseChanges: Bool {
        hasUnsavedChanges && !isSubmitting && conflict.value == nil
    }

    /// The user wants to leave without saving: asks first when something was changed.
    public func cancelButtonTapped() {
        guard hasUnsavedChanges else {
            leave()
            return
        }
        discardConfirmation.value = ConfirmationPrompt(
            title: "Discard Changes", message: "Leave without saving your changes?",
            confirmTitle: "Discard", cancelTitle: "Keep Editing"
        )
    }

    /// The user does want to leave and lose the changes.
    public func discardConfirmed() {
        discardConfirmation.value = nil
        leave()
    }

    /// The user wants to go on editing.
    public func discardCancelled() {
        discardConfirmation.value = nil
    }

    /// The user wants to save: adds or updates the friend, then navigates back. A form that is
    /// not valid yet shows every field's message instead.
    public func submitButtonTapped() {
        guard !isSubmitting, conflict.value == nil else { return }
        guard form.isValid else {
            form.revealAllMessages()
            publishForm()
            return
        }
        automaticMerges = 0
        save()
    }

    /// After a conflict: take what is stored now for the fields in question, and stay; the
    /// notice says whether the user's other changes still wait to be saved.
    public func keepTheirsTapped() {
        guard let fields = conflict.value?.fields else { return }
        var values = form.edited
        for field in fields {
            if let list = field.theirsList, let kind = ContactEntryKind(preferredIn: field.field) {
                values.setList(kind, to: list)
            } else {
                values.set(field.field, to: field.theirs)
            }
        }
        form.replaceValues(with: values)
        conflict.value = nil
        publishForm()
        let kept = "Kept theirs for \(fields.map(\.title).joined(separator: ", "))."
        notice.value = hasUnsavedChanges
            ? "\(kept) Your other changes are not saved yet: Submit saves them."
            : "\(kept) Nothing else to save."
    }

    /// After a conflict: save what the user typed over what is stored now.
    public func keepMineTapped() {
        guard conflict.value != nil else { return }
        conflict.value = nil
        automaticMerges = 0
        save()
    }

    /// After a conflict: keep what the user typed and go on editing; the next save goes over
    /// what is stored now.
    public func editOnTapped() {
        conflict.value = nil
    }

    // MARK: Saving

    private var hasUnsavedChanges: Bool {
        form.saved != (original?.value.formValues ?? NewFriend(firstname: "", lastname: "")).trimmed
    }

    private func leave() {
        submitting.cancel()
        onNavigateBack?()
    }

    private func save() {
        let values = form.saved
        guard let original, !addsAsNew.value else {
            var request = values.addRequest
            // A friend deleted elsewhere is added again with the addresses it had: the form
            // cannot show them, so the user could not have meant to drop them.
            if let original { request.addresses = original.value.addresses }
            submit(request)
            return
        }
        let update = FriendUpdate(changesFrom: original.value.formValues.trimmed, to: values)
        guard !update.isEmpty else {
            if isSubmitting {
                // A merge left nothing to send: what was typed is what is stored, so it is saved
                // (a save whose answer was lost, say, that went through).
                finishSaving(original.value)
                return
            }
            notice.value = Self.nothingToSave
            if newerElsewhere { showLatest() }
            return
        }
        submit(update, to: original)
    }

    private func submit(_ newFriend: NewFriend) {
        let client = self.client
        setSubmitting(true)
        submitting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let saved = try await client.addFriend(newFriend)
                guard let self, !Task.isCancelled else { return }
                self.finishSaving(saved.value)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setSubmitting(false)
                // A short title naming the friend; the reason is the message.
                let title = "Could not add \(Friend(id: 0, newFriend).displayName)."
                if case .invalid = error {
                    self.show(error, title: title, message: title)
                } else {
                    self.onShowAlert?(Alert(title: title, message: error.addFailureReason(onThisMachine: client.isOnThisMachine)))
                }
            }
        })
    }

    private func submit(_ update: FriendUpdate, to original: Versioned<Friend>) {
        let client = self.client
        let id = original.value.id
        let title = "Could not update \(original.value.displayName)."
        setSubmitting(true)
        submitting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let saved = try await client.updateFriend(id: id, with: update, ifMatch: original.eTag)
                guard let self, !Task.isCancelled else { return }
                self.original = saved
                self.finishSaving(saved.value)
            } catch .conflict {
                let latest: Result<Versioned<Friend>, AppServerError>
                do throws(AppServerError) {
                    latest = .success(try await client.friend(id: id))
                } catch {
                    latest = .failure(error)
                }
                guard let self, !Task.isCancelled else { return }
                switch latest {
                case .success(let friend):
                    // Still saving: a merge that needs no answer saves again at once, and a page
                    // waiting for the save to end must not take this moment for its end.
                    self.merge(friend)
                case .failure(.notFound):
                    self.setSubmitting(false)
                    self.offerToAddAsNew()
                case .failure(let error):
                    self.setSubmitting(false)
                    self.showUpdateFailure(error, title: title, onThisMachine: client.isOnThisMachine)
                }
            } catch .notFound {
                guard let self, !Task.isCancelled else { return }
                self.setSubmitting(false)
                self.offerToAddAsNew()
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setSubmitting(false)
                self.showUpdateFailure(error, title: title, onThisMachine: client.isOnThisMachine)
            }
        })
    }

    private func finishSaving(_ saved: Friend) {
        setSubmitting(false)
        onSaved?(saved)
        onNavigateBack?()
    }

    /// Someone changed the friend since the form loaded it: fields changed on one side only
    /// merge by themselves (and the save goes on); fields both sides changed are asked about.
    private func merge(_ latest: Versioned<Friend>) {
        let base = original?.value.formValues ?? latest.value.formValues
        let merge = FriendMerge(base: base, theirs: latest.value.formValues, mine: form.edited)
        original = latest
        newerElsewhere = false
        notice.value = nil
        form.replaceValues(with: merge.merged)
        publishForm()
        if !merge.conflicts.isEmpty {
            setSubmitting(false)
            conflict.value = FriendConflict(
                title: "\(latest.value.fullName) was changed elsewhere.", fields: merge.conflicts
            )
        } else if automaticMerges < Self.automaticMergeLimit {
            automaticMerges += 1
            save()
        } else {
            // Nothing to ask about, but the friend keeps changing under the save: stop retrying
            // and let the user save again, rather than ask an empty question.
            setSubmitting(false)
            notice.value = "\(latest.value.fullName) keeps changing elsewhere. "
                + "Your changes are merged into the form; save again."
        }
    }

    /// A live change to the friend being updated, newer than the version the form started from
    /// (its own save's change is not; neither is one that arrives while saving).
    private func apply(_ change: FriendChange) {
        guard let original, !isSubmitting else { return }
        let name = original.value.fullName
        switch change.event {
        case .updated(let friend, let version) where friend.id == original.value.id:
            guard version > (original.value.version ?? Int.min) else { return }
            // Not shown in the form at once: what the user is typing may not have reached this
            // view model yet (a browser sends it a moment later), and would then be saved over
            // the change without the question.
            newerElsewhere = true
            notice.value = "\(name) was changed elsewhere. Saving shows what changed."
        case .deleted(let id) where id == original.value.id:
            offerToAddAsNew()
        default:
            break
        }
    }

    /// Submit found nothing to save, and the friend was changed elsewhere: the form shows the
    /// friend as stored now, so that it is what the next Submit starts from. Nothing happens when
    /// the user changes something meanwhile, or the friend cannot be loaded (the notice stays).
    private func showLatest() {
        guard let id = original?.value.id else { return }
        let client = self.client
        refreshing.replace(with: Task { [weak self] in
            let latest: Versioned<Friend>
            do throws(AppServerError) {
                latest = try await client.friend(id: id)
            } catch {
                return
            }
            guard let self, !Task.isCancelled, !self.isSubmitting, !self.hasUnsavedChanges, !self.addsAsNew.value else { return }
            self.original = latest
            self.newerElsewhere = false
            self.form.replaceValues(with: latest.value.formValues)
            self.publishForm()
            self.notice.value = "\(latest.value.fullName) was changed elsewhere: the form shows it as saved now."
        })
    }

    /// The friend was deleted elsewhere: saying "try again" would not help, and leaving would
    /// lose what was typed. The form stays, and Submit adds it as a new friend.
    private func offerToAddAsNew() {
        let name = original?.value.fullName ?? "This friend"
        addsAsNew.value = true
        conflict.value = nil
        notice.value = "\(name) was deleted elsewhere. Add as New keeps what the form holds as a new friend; Cancel leaves without it."
        publishForm()
    }

    /// A short title naming the friend; why as the message (the field messages for a 400).
    private func showUpdateFailure(_ error: AppServerError, title: String, onThisMachine: Bool) {
        if case .invalid = error {
            show(error, title: title, message: title)
        } else {
            onShowAlert?(Alert(title: title, message: error.updateFailureReason(onThisMachine: onThisMachine)))
        }
    }

    /// Field messages from the server show beside their fields; anything else is an alert, and
    /// so is a message about a whole list (it names the entry by position: "Phone number 2: …").
    private func show(_ error: AppServerError, title: String, message: String) {
        guard case .invalid(let serverMessage, let fieldMessages) = error else {
            onShowAlert?(Alert(title: title, message: message))
            return
        }
        let shown = form.showServerMessages(fieldMessages)
        if shown { publishForm() }
        let listMessages = ["phones", "emails"].compactMap { fieldMessages[$0] }
        if !shown || !listMessages.isEmpty {
            onShowAlert?(Alert(title: serverMessage, message: ([message] + listMessages).joined(separator: " ")))
        }
    }

    private func setSubmitting(_ submitting: Bool) {
        isSubmitting = submitting
        showLoadingHud.value = submitting
        publishForm()
    }

    private func publishForm() {
        if notice.value == Self.nothingToSave, hasUnsavedChanges { notice.value = nil }
        fields.value = form.values
        phones.value = form.phones.shown
        emails.value = form.emails.shown
        fieldMessages.value = form.messages
        submitEnabled.value = !isSubmitting && (kind == .add || addsAsNew.value || hasUnsavedChanges)
    }

    static let nothingToSave = "Nothing to save: nothing has changed."
}

fileprivate extension AppServerError {
    /// Why a friend could not be added: the alert's message.
    func addFailureReason(onThisMachine: Bool) -> String {
        switch self {
        case .unauthorized: "Please login to add friends."
        case .notFound: "Failed to add friend. Please try again."
        case .timedOut: FailureText.noAnswerInTime(mayHaveBeen: "added", lookIn: "the list")
        case .throttled(let message, let retryAfter): FailureText.heldBack(message, retryAfter: retryAfter)
        default: FailureText.couldNotConnect(onThisMachine: onThisMachine)
        }
    }

    /// Why a friend could not be updated: the alert's message (404 and 412 have their own flows).
    func updateFailureReason(onThisMachine: Bool) -> String {
        switch self {
        case .unauthorized: "Please login to update friends."
        case .timedOut: FailureText.noAnswerInTime(mayHaveBeen: "saved", lookIn: "the friend")
        case .throttled(let message, let retryAfter): FailureText.heldBack(message, retryAfter: retryAfter)
        default: FailureText.couldNotConnect(onThisMachine: onThisMachine)
        }
    }
}
