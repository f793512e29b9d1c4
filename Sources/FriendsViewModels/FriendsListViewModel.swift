import Binding
import FriendsAPI
import FriendsClient

/// The friends list: loads friends page by page, searches, deletes, and opens a friend.
@MainActor
public final class FriendsListViewModel {
    // MARK: Outputs

    /// The rows to show: friends, or one error row, or one empty row.
    public let friendCells = Bindable<[FriendsListCell]>([], skipsEqualValues: true)
    /// True while friends load, a friend is being removed, or a friend is fetched for editing.
    public let showLoadingHud = Bindable(false, skipsEqualValues: true)
    /// "Refreshing..." while friends load, otherwise "Your Friends (N)" with N friends loaded.
    public let title = Bindable(FriendsListViewModel.title(count: 0), skipsEqualValues: true)

    // MARK: Events

    /// Something failed that the user must acknowledge (a removal, or fetching a friend to edit).
    public var onShowAlert: (@MainActor (Alert) -> Void)?
    /// The user chose a friend to see.
    public var onOpenFriend: (@MainActor (Friend) -> Void)?
    /// The user wants to change a friend; carries its latest version with the tag that guards the update.
    public var onEditFriend: (@MainActor (Versioned<Friend>) -> Void)?
    /// The user wants to add a friend.
    public var onAddFriend: (@MainActor () -> Void)?

    // MARK: State

    private let client: any FriendsProviding
    private let pageSize: Int?
    private var friends: [Friend] = []
    private var nextCursor: String?
    /// The trimmed search; `nil` lists everyone.
    private var searchText: String?
    private var nextPageFailure: String?
    private var isLoading = false
    private var isDeleting = false
    private var isFetchingForEdit = false
    let loading = TaskSlot()
    let deleting = TaskSlot()
    let fetchingForEdit = TaskSlot()

    /// - Parameter pageSize: friends per page; the server's default when `nil`.
    public init(client: any FriendsProviding, pageSize: Int? = nil) {
        self.client = client
        self.pageSize = pageSize
    }

    // MARK: Inputs

    /// The list became visible: load the first page.
    public func viewAppeared() {
        loadFirstPage()
    }

    /// The user asked for fresh data: load the first page again.
    public func refreshRequested() {
        loadFirstPage()
    }

    /// The user typed a search; an empty text lists everyone. Restarts from the first page.
    public func searchTextChanged(_ text: String) {
        let trimmed = FriendValidation.trim(text)
        searchText = trimmed.isEmpty ? nil : trimmed
        loadFirstPage()
    }

    /// The user reached the end of the list: append the next page, if there is one and nothing loads.
    public func loadNextPage() {
        guard !isLoading, let cursor = nextCursor else { return }
        load(FriendListQuery(limit: pageSize, cursor: cursor, search: searchText), appending: true)
    }

    /// The user chose the friend at `index`.
    public func friendSelected(at index: Int) {
        guard let friend = friend(at: index) else { return }
        onOpenFriend?(friend)
    }

    /// The user wants to edit the friend at `index`: its latest version is fetched first, so that
    /// the update cannot silently overwrite a change made elsewhere since.
    public func editButtonTapped(at index: Int) {
        guard !isFetchingForEdit, let friend = friend(at: index) else { return }
        let client = self.client
        setFetchingForEdit(true)
        fetchingForEdit.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let latest = try await client.friend(id: friend.id)
                guard let self, !Task.isCancelled else { return }
                self.setFetchingForEdit(false)
                self.onEditFriend?(latest)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setFetchingForEdit(false)
                self.onShowAlert?(Alert(title: error.editFailureTitle, message: "Could not load \(friend.fullName)."))
            }
        })
    }

    /// The user wants to add a friend.
    public func addButtonTapped() {
        onAddFriend?()
    }

    /// The user confirmed removing the friend at `index`; the list reloads when it is gone.
    public func deleteConfirmed(at index: Int) {
        guard !isDeleting, let friend = friend(at: index) else { return }
        let client = self.client
        setDeleting(true)
        deleting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                try await client.deleteFriend(id: friend.id, ifMatch: nil)
                guard let self, !Task.isCancelled else { return }
                self.loadFirstPage()
                self.setDeleting(false)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setDeleting(false)
                self.onShowAlert?(Alert(title: error.deleteFailureTitle, message: "Could not remove \(friend.fullName)."))
            }
        })
    }

    // MARK: Loading

    private func loadFirstPage() {
        load(FriendListQuery(limit: pageSize, search: searchText), appending: false)
    }

    /// Loads one page. Replacing the slot cancels an older load, so a slow older response can
    /// never overwrite a newer one. A failed next page keeps what is shown and adds an error row.
    private func load(_ query: FriendListQuery, appending: Bool) {
        let client = self.client
        setLoading(true)
        loading.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let page = try await client.friends(query)
                guard let self, !Task.isCancelled else { return }
                self.show(page, appending: appending)
            } catch {
                guard let self, !Task.isCancelled else { return }
                if appending {
                    self.nextPageFailure = error.loadFailureMessage
                    self.publishFriends()
                } else {
                    self.friends = []
                    self.nextCursor = nil
                    self.nextPageFailure = nil
                    self.friendCells.value = [.error(error.loadFailureMessage)]
                }
                self.setLoading(false)
            }
        })
    }

    private func show(_ page: FriendPage, appending: Bool) {
        friends = appending ? friends + page.items : page.items
        nextCursor = page.nextCursor
        nextPageFailure = nil
        publishFriends()
        setLoading(false)
    }

    private func publishFriends() {
        if friends.isEmpty, nextPageFailure == nil {
            friendCells.value = [.empty]
            return
        }
        friendCells.value = friends.map { .normal(FriendCellViewModel(friend: $0)) }
            + (nextPageFailure.map { [.error($0)] } ?? [])
    }

    private func setLoading(_ loading: Bool) {
        isLoading = loading
        publishActivity()
    }

    private func setDeleting(_ deleting: Bool) {
        isDeleting = deleting
        publishActivity()
    }

    private func setFetchingForEdit(_ fetching: Bool) {
        isFetchingForEdit = fetching
        publishActivity()
    }

    private func publishActivity() {
        showLoadingHud.value = isLoading || isDeleting || isFetchingForEdit
        title.value = isLoading ? Self.refreshingTitle : Self.title(count: friends.count)
    }

    private func friend(at index: Int) -> Friend? {
        friends.indices.contains(index) ? friends[index] : nil
    }

    static let refreshingTitle = "Refreshing..."

    static func title(count: Int) -> String {
        "Your Friends (\(count))"
    }
}

fileprivate extension AppServerError {
    /// The error row's text when friends could not be loaded.
    var loadFailureMessage: String {
        switch self {
        case .unauthorized: "Please login to load your friends."
        case .notFound: "Could not complete request, please try again."
        default: "Loading failed, check network connection"
        }
    }

    /// The alert title when a friend could not be fetched for editing.
    var editFailureTitle: String {
        switch self {
        case .unauthorized: "Please login to load your friends."
        case .notFound: "Friend not found."
        default: "Loading failed, check network connection"
        }
    }

    /// The alert title when a friend could not be removed.
    var deleteFailureTitle: String {
        switch self {
        case .unauthorized: "Please login to remove friends."
        case .notFound: "Friend not found."
        default: FailureText.couldNotConnect
        }
    }
}
