import Binding
import FriendsAPI
import FriendsClient

/// The friends list: loads friends page by page, searches, keeps the selection, deletes after
/// asking, and opens a friend.
///
/// Views name friends by id and never keep interaction state: the selection, the pending
/// deletion and when to load the next page all live here, so any view can drive this list.
@MainActor
public final class FriendsListViewModel {
    // MARK: Outputs

    /// The rows to show: friends, then an error row when the next page failed; or one error row,
    /// or one empty row. Only friends' rows can be selected.
    public let friendCells = Bindable<[FriendsListCell]>([])
    /// The friend the actions apply to; `nil` when no friend is shown.
    public let selectedFriendID = Bindable<Int?>(nil, skipsEqualValues: true)
    /// True while friends load, a friend is being removed, or a friend is fetched for editing.
    public let showLoadingHud = Bindable(false, skipsEqualValues: true)
    /// "Refreshing..." while the list loads afresh, otherwise "Your Friends (N)" with N friends
    /// in all, loaded or not.
    public let title = Bindable(FriendsListViewModel.title(count: 0), skipsEqualValues: true)
    /// "3 matches for 'ada'" while a search shows; `nil` without a search.
    public let searchSummary = Bindable<String?>(nil, skipsEqualValues: true)
    /// The question to ask before a friend is removed; `nil` when none is asked.
    public let deleteConfirmation = Bindable<ConfirmationPrompt?>(nil, skipsEqualValues: true)
    /// What just happened ("Removed Ada Lovelace."); goes away by itself after a few seconds.
    public let statusMessage = Bindable<String?>(nil, skipsEqualValues: true)

    // MARK: Events

    /// Something failed that the user must acknowledge.
    public var onShowAlert: (@MainActor (Alert) -> Void)?
    /// The user chose a friend to see.
    public var onOpenFriend: (@MainActor (Friend) -> Void)?
    /// The user wants to change a friend; carries its latest version with the tag that guards the update.
    public var onEditFriend: (@MainActor (Versioned<Friend>) -> Void)?
    /// The user wants to add a friend.
    public var onAddFriend: (@MainActor () -> Void)?

    /// Load the next page once a friend this close to the last loaded one is visible.
    public static let prefetchDistance = 5
    /// How long a status message shows.
    public static let statusDuration: Duration = .seconds(4)

    // MARK: State

    private enum Loading {
        case firstPage
        case nextPage
        case toTheEnd
    }

    private let client: any FriendsProviding
    private let pageSize: Int?
    private let sleep: @Sendable (Duration) async throws -> Void
    private var loaded = LoadedFriends()
    /// The trimmed search being typed; `nil` lists everyone.
    private var searchText: String?
    /// The search the rows shown belong to, with how many friends match it.
    private var shownSearch: (text: String, matches: Int?)?
    /// How many friends there are in all, when known.
    private var totalFriends: Int?
    private var firstPageFailure: String?
    private var nextPageFailure: String?
    private var loading: Loading?
    private var hasAppeared = false
    private var pendingDeletion: Friend?
    private var isDeleting = false
    private var isFetchingForEdit = false
    let loadingTask = TaskSlot()
    let deleting = TaskSlot()
    let fetchingForEdit = TaskSlot()
    let statusTimer = TaskSlot()

    /// - Parameters:
    ///   - pageSize: friends per page; the server's default when `nil`.
    ///   - sleep: waits for a duration; how a status message times out (tests pass their own).
    public init(
        client: any FriendsProviding,
        pageSize: Int? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.client = client
        self.pageSize = pageSize
        self.sleep = sleep
    }

    // MARK: Inputs: loading and searching

    /// The list became visible: load it, or load it again keeping the selection (after a form).
    public func viewAppeared() {
        loadFirstPage(keepingLoadedRows: hasAppeared)
        hasAppeared = true
    }

    /// The user asked for fresh data; the selection stays on the same friend.
    public func refreshRequested() {
        loadFirstPage(keepingLoadedRows: true)
    }

    /// The user typed a search; an empty text lists everyone. The selected friend stays selected
    /// when it still matches.
    public func searchTextChanged(_ text: String) {
        let trimmed = FriendValidation.trim(text)
        let search = trimmed.isEmpty ? nil : trimmed
        guard search != searchText else { return }
        searchText = search
        loadFirstPage(keepingLoadedRows: false)
    }

    /// The view shows rows up to the friend `lastFriendID`: the next page loads when that is
    /// near the end of what is loaded.
    public func visibleRowsChanged(lastFriendID: Int?) {
        guard let lastFriendID, let index = loaded.index(of: lastFriendID), nextPageFailure == nil else { return }
        if index >= loaded.count - 1 - Self.prefetchDistance {
            loadNextPage()
        }
    }

    // MARK: Inputs: selection

    /// The user selected the friend `id` (clicked it, say).
    public func friendSelected(id: Int) {
        guard loaded.index(of: id) != nil else { return }
        selectedFriendID.value = id
    }

    /// The user moved the selection `offset` rows down (up when negative), stopping at either end.
    /// Moving down at the end after a next page failed tries that page again.
    public func selectionMoved(by offset: Int) {
        guard !loaded.isEmpty else { return }
        let current = selectedFriendID.value.flatMap(loaded.index(of:)) ?? 0
        let target = min(max(0, current + offset), loaded.count - 1)
        selectedFriendID.value = loaded.friends[target].id
        if offset > 0, target == loaded.count - 1, nextPageFailure != nil {
            loadNextPage()
        }
    }

    /// The user wants the first friend.
    public func selectionMovedToStart() {
        guard let first = loaded.friends.first else { return }
        selectedFriendID.value = first.id
    }

    /// The user wants the last friend: the rest of the list loads first when it must.
    public func selectionMovedToEnd() {
        guard loaded.nextCursor != nil else {
            if let last = loaded.friends.last { selectedFriendID.value = last.id }
            return
        }
        guard loading != .firstPage, loading != .toTheEnd else { return }
        loadToTheEnd()
    }

    // MARK: Inputs: actions on a friend

    /// The user wants to see the friend `id`.
    public func openTapped(id: Int) {
        guard let friend = loaded.friend(id: id) else { return }
        selectedFriendID.value = id
        onOpenFriend?(friend)
    }

    /// The user wants to edit the friend `id`: its latest version is fetched first, so that the
    /// update cannot silently overwrite a change made elsewhere since.
    public func editTapped(id: Int) {
        guard !isFetchingForEdit, let friend = loaded.friend(id: id) else { return }
        selectedFriendID.value = id
        let client = self.client
        setFetchingForEdit(true)
        fetchingForEdit.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                let latest = try await client.friend(id: id)
                guard let self, !Task.isCancelled else { return }
                self.setFetchingForEdit(false)
                if latest.value != friend {
                    self.loaded.update(latest.value)
                    self.publishRows()
                }
                self.onEditFriend?(latest)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setFetchingForEdit(false)
                if error == .notFound { self.removeFromList(id) }
                self.onShowAlert?(Alert(title: error.editFailureTitle, message: "Could not load \(friend.fullName)."))
            }
        })
    }

    /// The user wants to add a friend.
    public func addButtonTapped() {
        onAddFriend?()
    }

    /// The user wants to remove the friend `id`: the list asks first (`deleteConfirmation`).
    public func deleteTapped(id: Int) {
        guard !isDeleting, let friend = loaded.friend(id: id) else { return }
        selectedFriendID.value = id
        pendingDeletion = friend
        deleteConfirmation.value = ConfirmationPrompt(
            title: "Delete Friend", message: "Remove \(friend.fullName)?", confirmTitle: "Delete"
        )
    }

    /// The user does not want to remove the friend after all.
    public func deleteCancelled() {
        pendingDeletion = nil
        deleteConfirmation.value = nil
    }

    /// The user confirmed: the friend named in the question is removed, as long as nobody changed
    /// it since the user saw it (`If-Match` with the version shown).
    public func deleteConfirmed() {
        guard let friend = pendingDeletion else { return }
        deleteCancelled()
        setDeleting(true)
        let client = self.client
        deleting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                try await client.deleteFriend(id: friend.id, ifMatch: friend.eTag)
                guard let self, !Task.isCancelled else { return }
                self.setDeleting(false)
                self.removeFromList(friend.id)
                self.showStatus("Removed \(friend.fullName).")
            } catch .conflict {
                let latest = await Self.latest(of: friend.id, from: client)
                guard let self, !Task.isCancelled else { return }
                self.setDeleting(false)
                self.showChangedElsewhere(friend, latest: latest)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setDeleting(false)
                if error == .notFound { self.removeFromList(friend.id) }
                self.onShowAlert?(Alert(title: error.deleteFailureTitle, message: "Could not remove \(friend.fullName)."))
            }
        })
    }

    // MARK: Inputs: what other screens did

    /// The add form saved `friend`: it becomes the selected friend, and the list says so.
    public func friendAdded(_ friend: Friend) {
        selectedFriendID.value = friend.id
        showStatus("Added \(friend.fullName).")
    }

    /// The update form saved `friend`: its row shows the change, and the list says so.
    public func friendUpdated(_ friend: Friend) {
        loaded.update(friend)
        publishRows()
        showStatus("Saved \(friend.fullName).")
    }

    // MARK: Loading

    /// Loads the first page. Keeping the loaded rows asks for as many as are shown (up to the
    /// server's maximum), so that a refresh does not pull the selection out from under the user.
    private func loadFirstPage(keepingLoadedRows: Bool) {
        var limit = pageSize
        if keepingLoadedRows, loaded.count > (pageSize ?? FriendListQuery.defaultLimit) {
            limit = min(loaded.count, FriendListQuery.maximumLimit)
        }
        let query = FriendListQuery(limit: limit, search: searchText)
        let keepsRow = keepingLoadedRows
        startLoading(.firstPage) { [weak self] client throws(AppServerError) in
            let page = try await client.friends(query)
            guard let self, !Task.isCancelled else { return }
            self.showFirstPage(page, for: query.search, keepingRow: keepsRow)
        }
    }

    private func loadNextPage() {
        guard loading == nil, let cursor = loaded.nextCursor else { return }
        let query = FriendListQuery(limit: pageSize, cursor: cursor, search: searchText)
        startLoading(.nextPage) { [weak self] client throws(AppServerError) in
            let page = try await client.friends(query)
            guard let self, !Task.isCancelled else { return }
            self.showNextPage(page)
        }
    }

    private func loadToTheEnd() {
        let search = searchText
        startLoading(.toTheEnd) { [weak self] client throws(AppServerError) in
            while let cursor = self?.loaded.nextCursor {
                let query = FriendListQuery(limit: FriendListQuery.maximumLimit, cursor: cursor, search: search)
                let page = try await client.friends(query)
                guard let self, !Task.isCancelled else { return }
                self.showNextPage(page, finished: page.nextCursor == nil)
            }
            guard let self, !Task.isCancelled else { return }
            if let last = self.loaded.friends.last { self.selectedFriendID.value = last.id }
        }
    }

    /// Runs one load in the loading slot. Replacing the slot cancels an older load, so a slow
    /// older response can never overwrite a newer one.
    private func startLoading(
        _ kind: Loading,
        _ work: @escaping @MainActor (any FriendsProviding) async throws(AppServerError) -> Void
    ) {
        let client = self.client
        loading = kind
        publishActivity()
        loadingTask.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                try await work(client)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.showLoadFailure(error, firstPage: kind == .firstPage)
            }
        })
    }

    private func showFirstPage(_ page: FriendPage, for search: String?, keepingRow: Bool) {
        let previousID = selectedFriendID.value
        let previousIndex = previousID.flatMap(loaded.index(of:))
        loaded.replace(with: page)
        firstPageFailure = nil
        nextPageFailure = nil
        let knownTotal = page.total ?? (page.nextCursor == nil ? loaded.count : nil)
        if let search {
            shownSearch = (search, knownTotal)
        } else {
            shownSearch = nil
            totalFriends = knownTotal
        }
        if let previousID, loaded.index(of: previousID) != nil {
            selectedFriendID.value = previousID
        } else if keepingRow, let previousIndex, !loaded.isEmpty {
            selectedFriendID.value = loaded.friends[min(previousIndex, loaded.count - 1)].id
        } else {
            selectedFriendID.value = loaded.friends.first?.id
        }
        finishLoading()
    }

    private func showNextPage(_ page: FriendPage, finished: Bool = true) {
        loaded.append(page)
        nextPageFailure = nil
        if finished { loading = nil }
        publishRows()
        publishActivity()
    }

    /// A failed first page replaces the rows with an error row; a failed next page keeps what is
    /// shown and adds one.
    private func showLoadFailure(_ error: AppServerError, firstPage: Bool) {
        let message = error.loadFailureMessage
        if firstPage {
            loaded = LoadedFriends()
            firstPageFailure = message
            nextPageFailure = nil
            shownSearch = nil
            selectedFriendID.value = nil
        } else {
            nextPageFailure = message
        }
        finishLoading()
    }

    private func finishLoading() {
        loading = nil
        publishRows()
        publishActivity()
    }

    // MARK: Changes to single friends

    /// Takes the friend out of the list; a removed selection moves to the friend that took its
    /// place, or to the one before when it was the last.
    private func removeFromList(_ id: Int) {
        guard let index = loaded.remove(id: id) else { return }
        totalFriends = totalFriends.map { max(0, $0 - 1) }
        if let search = shownSearch { shownSearch = (search.text, search.matches.map { max(0, $0 - 1) }) }
        if selectedFriendID.value == id {
            let neighbour = loaded.friends.indices.contains(index) ? loaded.friends[index] : loaded.friends.last
            selectedFriendID.value = neighbour?.id
        }
        publishRows()
        publishActivity()
        if loaded.isEmpty { loadNextPage() }
    }

    private func showChangedElsewhere(_ friend: Friend, latest: Result<Versioned<Friend>, AppServerError>) {
        switch latest {
        case .success(let latest):
            loaded.update(latest.value)
            publishRows()
            onShowAlert?(Alert(
                title: "\(friend.fullName) was changed elsewhere.",
                message: "It was not removed. The list shows the latest now; delete again if you still want to."
            ))
        case .failure(.notFound):
            removeFromList(friend.id)
            onShowAlert?(Alert(title: "Friend not found.", message: "Could not remove \(friend.fullName)."))
        case .failure(let error):
            onShowAlert?(Alert(title: error.deleteFailureTitle, message: "Could not remove \(friend.fullName)."))
        }
    }

    private static func latest(of id: Int, from client: any FriendsProviding) async -> Result<Versioned<Friend>, AppServerError> {
        do throws(AppServerError) {
            return .success(try await client.friend(id: id))
        } catch {
            return .failure(error)
        }
    }

    private func showStatus(_ message: String) {
        statusMessage.value = message
        let sleep = self.sleep
        statusTimer.replace(with: Task { [weak self] in
            guard (try? await sleep(Self.statusDuration)) != nil else { return }
            guard let self, !Task.isCancelled else { return }
            self.statusMessage.value = nil
        })
    }

    // MARK: Publishing

    private func publishRows() {
        if let firstPageFailure {
            friendCells.value = [.error(firstPageFailure)]
        } else if loaded.isEmpty, nextPageFailure == nil {
            let text = shownSearch.map { FriendsListCell.noMatchesText(for: $0.text) } ?? FriendsListCell.noFriendsText
            friendCells.value = [.empty(text)]
        } else if let nextPageFailure {
            friendCells.value = loaded.rows + [.error(nextPageFailure)]
        } else {
            friendCells.value = loaded.rows
        }
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
        showLoadingHud.value = loading != nil || isDeleting || isFetchingForEdit
        title.value = loading == .firstPage ? Self.refreshingTitle : Self.title(count: totalFriends ?? loaded.count)
        searchSummary.value = shownSearch.map { search in
            Self.matchesText(search.matches ?? loaded.count, search: search.text, more: search.matches == nil)
        }
    }

    static let refreshingTitle = "Refreshing..."

    static func title(count: Int) -> String {
        "Your Friends (\(count))"
    }

    /// "1 match for 'ada'", "3 matches for 'ada'"; "50+ matches" while the count is unknown.
    static func matchesText(_ count: Int, search: String, more: Bool) -> String {
        let number = more ? "\(count)+" : "\(count)"
        return "\(number) \(count == 1 && !more ? "match" : "matches") for '\(search)'"
    }
}

fileprivate extension AppServerError {
    /// The error row's text when friends could not be loaded. A search the server refused says why.
    var loadFailureMessage: String {
        switch self {
        case .unauthorized: "Please login to load your friends."
        case .notFound: "Could not complete request, please try again."
        case .invalid(_, let fields) where fields[FriendListQuery.Name.search] != nil:
            fields[FriendListQuery.Name.search] ?? ""
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
