import Binding
import FriendsAPI
import FriendsClient

/// The "Add Friend" and "Update Friend" form (which messages show when: see `FriendForm`).
@MainActor
public final class FriendViewModel {
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
    /// What each field holds now.
    public let fields: Bindable<NewFriend>
    /// The message to show beside each field that has one.
    public let fieldMessages = Bindable<[FriendField: String]>([:], skipsEqualValues: true)
    /// True when every field is valid and nothing is being submitted.
    public let submitEnabled: Bindable<Bool>
    /// True while the friend is being saved (or reloaded after a conflict).
    public let showLoadingHud = Bindable(false, skipsEqualValues: true)

    // MARK: Events

    /// The form is done (saved or cancelled): go back to the previous screen.
    public var onNavigateBack: (@MainActor () -> Void)?
    /// Saving failed in a way the user must acknowledge.
    public var onShowAlert: (@MainActor (Alert) -> Void)?

    // MARK: State

    private let client: any FriendsProviding
    /// The friend as last loaded, with its tag; `nil` on the add screen.
    private var original: Versioned<Friend>?
    private var form: FriendForm
    private var isSubmitting = false
    let submitting = TaskSlot()

    /// The "Add Friend" screen: every field starts empty.
    public init(client: any FriendsProviding) {
        self.client = client
        kind = .add
        title = "Add Friend"
        form = FriendForm(NewFriend(firstname: "", lastname: ""))
        fields = Bindable(form.values, skipsEqualValues: true)
        submitEnabled = Bindable(form.isValid, skipsEqualValues: true)
    }

    /// The "Update Friend" screen: fields start with the friend's; pass the tag the friend came with
    /// so that a change made elsewhere in the meantime is not overwritten.
    public init(updating friend: Versioned<Friend>, client: any FriendsProviding) {
        self.client = client
        kind = .update
        title = "Update Friend"
        original = friend
        form = FriendForm(friend.value.fields)
        fields = Bindable(form.values, skipsEqualValues: true)
        submitEnabled = Bindable(form.isValid, skipsEqualValues: true)
    }

    // MARK: Inputs

    /// The user changed the first name.
    public func firstnameChanged(_ text: String) { fieldChanged(.firstname, to: text) }
    /// The user changed the last name.
    public func lastnameChanged(_ text: String) { fieldChanged(.lastname, to: text) }
    /// The user changed the phone number.
    public func phonenumberChanged(_ text: String) { fieldChanged(.phonenumber, to: text) }
    /// The user changed the email address.
    public func emailChanged(_ text: String) { fieldChanged(.email, to: text) }
    /// The user changed the about text.
    public func aboutChanged(_ text: String) { fieldChanged(.about, to: text) }

    /// The user changed `field` to `text`.
    public func fieldChanged(_ field: FriendField, to text: String) {
        form.change(field, to: text)
        publishForm()
    }

    /// The user left the form without saving.
    public func cancelButtonTapped() {
        submitting.cancel()
        onNavigateBack?()
    }

    /// The user wants to save: adds or updates the friend, then navigates back.
    public func submitButtonTapped() {
        guard !isSubmitting else { return }
        guard form.isValid else {
            form.revealAllMessages()
            publishForm()
            return
        }
        let values = form.values.trimmed
        if let original {
            let update = FriendUpdate(from: original.value, to: values)
            guard !update.isEmpty else {
                onNavigateBack?()
                return
            }
            submit(update, to: original)
        } else {
            submit(values)
        }
    }

    // MARK: Saving

    private func submit(_ newFriend: NewFriend) {
        let client = self.client
        setSubmitting(true)
        submitting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                _ = try await client.addFriend(newFriend)
                guard let self, !Task.isCancelled else { return }
                self.setSubmitting(false)
                self.onNavigateBack?()
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setSubmitting(false)
                let message = "Could not add \(newFriend.firstname) \(newFriend.lastname)."
                self.show(error, title: error.addFailureTitle, message: message)
            }
        })
    }

    private func submit(_ update: FriendUpdate, to original: Versioned<Friend>) {
        let client = self.client
        let id = original.value.id
        setSubmitting(true)
        submitting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let saved = try await client.updateFriend(id: id, with: update, ifMatch: original.eTag)
                guard let self, !Task.isCancelled else { return }
                self.original = saved
                self.setSubmitting(false)
                self.onNavigateBack?()
            } catch .conflict {
                let latest: Result<Versioned<Friend>, AppServerError>
                do throws(AppServerError) {
                    latest = .success(try await client.friend(id: id))
                } catch {
                    latest = .failure(error)
                }
                guard let self, !Task.isCancelled else { return }
                self.showAfterConflict(latest)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setSubmitting(false)
                self.show(error, title: error.updateFailureTitle, message: Self.updateFailureMessage)
            }
        })
    }

    /// Someone changed the friend since it was loaded: show the latest fields and tell the user.
    private func showAfterConflict(_ latest: Result<Versioned<Friend>, AppServerError>) {
        setSubmitting(false)
        switch latest {
        case .success(let friend):
            original = friend
            form = FriendForm(friend.value.fields)
            publishForm()
            onShowAlert?(Alert(title: Self.conflictTitle, message: Self.conflictMessage))
        case .failure(let error):
            onShowAlert?(Alert(title: error.updateFailureTitle, message: Self.updateFailureMessage))
        }
    }

    /// Field messages from the server show beside their fields; anything else is an alert.
    private func show(_ error: AppServerError, title: String, message: String) {
        guard case .invalid(let serverMessage, let fieldMessages) = error else {
            onShowAlert?(Alert(title: title, message: message))
            return
        }
        if form.showServerMessages(fieldMessages) {
            publishForm()
        } else {
            onShowAlert?(Alert(title: serverMessage, message: message))
        }
    }

    private func setSubmitting(_ submitting: Bool) {
        isSubmitting = submitting
        showLoadingHud.value = submitting
        publishForm()
    }

    private func publishForm() {
        fields.value = form.values
        fieldMessages.value = form.messages
        submitEnabled.value = !isSubmitting && form.isValid
    }

    static let updateFailureMessage = "Failed to update information."
    static let conflictTitle = "This friend was changed elsewhere."
    static let conflictMessage = "The latest information is shown now. Check it and submit again."
}

fileprivate extension AppServerError {
    /// The alert title when a friend could not be added.
    var addFailureTitle: String {
        switch self {
        case .unauthorized: "Please login to add friends."
        case .notFound: "Failed to add friend. Please try again."
        default: FailureText.couldNotConnect
        }
    }

    /// The alert title when a friend could not be updated.
    var updateFailureTitle: String {
        switch self {
        case .unauthorized: "Please login to update friends."
        case .notFound: "Failed to update friend. Please try again."
        default: FailureText.couldNotConnect
        }
    }
}
