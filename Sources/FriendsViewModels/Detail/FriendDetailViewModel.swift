import Binding
import Foundation
import FriendsAPI
import FriendsClient

/// One friend's details and avatar.
@MainActor
public final class FriendDetailViewModel {
    // MARK: Outputs

    /// What the friend is called: "First Last", or the organization when the card has no names.
    public let fullName: Bindable<String>
    /// Upper-case initials, to show while (or instead of) the avatar.
    public let initials: Bindable<String>
    /// The phone number, empty when there is none.
    public let phonenumberText: Bindable<String>
    /// The email address, empty when there is none.
    public let email: Bindable<String>
    /// The free-text notes, empty when there are none.
    public let about: Bindable<String>
    /// Everything the card says, ready to draw: every phone and email with its label, the
    /// addresses line by line, the birthday written out, the organization and the notes. Only
    /// the sections with something in them.
    public let sections: Bindable<[ContactSection]>
    /// The avatar picture's state.
    public let avatar = Bindable(AvatarImage.loading, skipsEqualValues: true)
    /// Set when the friend no longer exists: shown instead of the (stale) details.
    public let removedMessage = Bindable<String?>(nil, skipsEqualValues: true)
    /// Whether Edit and Delete are offered: not once the friend is known to be deleted, when
    /// going back is all there is to do.
    public private(set) lazy var offersEditAndDelete = removedMessage.map { $0 == nil }
    /// The question to ask before the friend is deleted; `nil` when none is asked.
    public let deleteConfirmation = Bindable<ConfirmationPrompt?>(nil, skipsEqualValues: true)
    /// True while the friend is being deleted.
    public let showLoadingHud = Bindable(false, skipsEqualValues: true)

    // MARK: Events

    /// The user wants to change this friend; carries the friend with the tag it was loaded with.
    public var onEditFriend: (@MainActor (Versioned<Friend>) -> Void)?
    /// Loading or deleting the friend failed in a way the user must acknowledge.
    public var onShowAlert: (@MainActor (Alert) -> Void)?
    /// The friend was deleted: the view goes back to the list, which says so (`friendDeleted`).
    public var onFriendDeleted: (@MainActor (Friend) -> Void)?

    /// The id of the friend shown: it names the screen.
    public var friendID: Int { friend.value.id }

    // MARK: State

    let client: any FriendsProviding
    private let avatars: ImageLoader<Int>
    /// The friend as shown, with the tag that guards a delete.
    private(set) var friend: Versioned<Friend>
    private var hasAppeared = false
    let loadingFriend = TaskSlot()
    let loadingAvatar = TaskSlot()
    let deleting = TaskSlot()

    /// - Parameters:
    ///   - friend: the friend as the list had it; `viewAppeared()` loads the latest.
    ///   - avatars: the shared avatar loader, keyed by friend id.
    ///   - feed: the app's live change feed; the details follow the friend's changes.
    public init(friend: Friend, client: any FriendsProviding, avatars: ImageLoader<Int>, feed: FriendChangeFeed? = nil) {
        self.client = client
        self.avatars = avatars
        self.friend = Versioned(friend, eTag: friend.eTag)
        fullName = Bindable(friend.fullName, skipsEqualValues: true)
        initials = Bindable(friend.initials, skipsEqualValues: true)
        phonenumberText = Bindable(friend.phonenumber, skipsEqualValues: true)
        email = Bindable(friend.email, skipsEqualValues: true)
        about = Bindable(friend.about, skipsEqualValues: true)
        sections = Bindable(ContactSection.sections(of: friend), skipsEqualValues: true)
        feed?.observe(self) { viewModel, change in viewModel.apply(change) }
        // Live again after a drop: a change made meanwhile may be missing.
        feed?.connectionState.bind(self) { viewModel, state in
            if state == .live, viewModel.hasAppeared, viewModel.removedMessage.value == nil { viewModel.loadFriend() }
        }
    }

    // MARK: Inputs

    /// The screen became visible: load the latest details and the avatar.
    public func viewAppeared() {
        hasAppeared = true
        loadFriend()
        loadAvatar()
    }

    /// The user wants to edit this friend (not once it is known to be removed).
    public func editButtonTapped() {
        guard offersEditAndDelete.value else { return }
        onEditFriend?(friend)
    }

    /// The form these details opened saved `saved`: the details show what was saved at once,
    /// rather than once they load again. When the form added what it held as a new friend (this
    /// one was deleted elsewhere meanwhile), the details become the new friend's.
    public func friendSaved(_ saved: Friend) {
        if saved.id != friend.value.id {
            loadingFriend.cancel()
            removedMessage.value = nil
            deleteConfirmation.value = nil
            show(Versioned(saved, eTag: saved.eTag))
            avatar.value = .loading
            loadAvatar()
            return
        }
        guard removedMessage.value == nil else { return }
        loadingFriend.cancel()
        show(Versioned(saved, eTag: saved.eTag))
    }

    // MARK: Loading

    func loadFriend() {
        let client = self.client
        let id = friend.value.id
        loadingFriend.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let latest = try await client.friend(id: id)
                guard let self, !Task.isCancelled else { return }
                self.show(latest)
            } catch .notFound {
                guard let self, !Task.isCancelled else { return }
                self.showRemoved()
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.onShowAlert?(Alert(
                    title: "Could not load \(self.fullName.value).", message: error.loadFailureReason(onThisMachine: client.isOnThisMachine)
                ))
            }
        })
    }

    /// - Parameter again: the picture changed; the one kept from before is not shown.
    private func loadAvatar(again: Bool = false) {
        let avatars = self.avatars
        let id = friend.value.id
        loadingAvatar.replace(with: Task { [weak self] in
            let image: AvatarImage
            do throws(AppServerError) {
                if again { await avatars.forget(id) }
                image = .loaded(try await avatars.image(for: id))
            } catch {
                image = .unavailable
            }
            guard let self, !Task.isCancelled else { return }
            self.avatar.value = image
        })
    }

    /// A live change: this friend's update shows, its removal is said; after a `reset` the
    /// details load again. Ids are never given twice, so a creation of this id is this friend back:
    /// a contact app made its card a group, then a contact again.
    private func apply(_ change: FriendChange) {
        if case .created(var latest, let version) = change.event, latest.id == friend.value.id {
            latest.version = version
            removedMessage.value = nil
            show(Versioned(latest, eTag: latest.eTag))
            return
        }
        guard removedMessage.value == nil else { return }
        switch change.event {
        case .updated(var latest, let version) where latest.id == friend.value.id:
            latest.version = version
            loadingFriend.cancel()
            // A photo added, removed or replaced elsewhere: the change does not say which, so
            // with a photo before or after, the picture is read again (its old one shows meanwhile).
            let photoMayHaveChanged = latest.photo || friend.value.photo
            show(Versioned(latest, eTag: latest.eTag))
            if photoMayHaveChanged && hasAppeared { loadAvatar(again: true) }
        case .deleted(let id) where id == friend.value.id:
            // While this screen deletes the friend, the feed's echo of it is no news.
            guard !showLoadingHud.value else { return }
            loadingFriend.cancel()
            showRemoved()
        case .reset:
            loadFriend()
        default:
            break
        }
    }

    /// The friend is gone: a question about deleting it is moot, and so are Edit and Delete.
    func showRemoved() {
        deleteConfirmation.value = nil
        removedMessage.value = "\(fullName.value) was deleted elsewhere."
    }

    private func show(_ latest: Versioned<Friend>) {
        friend = latest
        fullName.value = latest.value.fullName
        initials.value = latest.value.initials
        phonenumberText.value = latest.value.phonenumber
        email.value = latest.value.email
        about.value = latest.value.about
        sections.value = ContactSection.sections(of: latest.value)
    }
}
