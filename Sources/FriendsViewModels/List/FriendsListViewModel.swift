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
    /// Whether friends follow the loaded ones, for a view that offers "Load more" rather than
    /// scrolling (`visibleRowsChanged`). False while a next page has failed: the error row shows.
    public let hasMoreFriends = Bindable(false, skipsEqualValues: true)
    /// The friend the actions apply to; `nil` when no friend is shown. It starts on the first
    /// friend and moves by itself when its friend goes: a cursor, as a terminal list has.
    public let selectedFriendID = Bindable<Int?>(nil, skipsEqualValues: true)
    /// The friend the user last chose (moved to, clicked, opened, edited, asked to delete or
    /// added); `nil` until they choose one, and once it goes. It never moves by itself, so a view
    /// that highlights only what the user did (a browser page) shows this one.
    public let chosenFriendID = Bindable<Int?>(nil, skipsEqualValues: true)
    /// True while friends load, a friend is being removed, or a friend is fetched to open or edit.
    public let showLoadingHud = Bindable(false, skipsEqualValues: true)
    /// "Refreshing..." while the list loads afresh, otherwise "Your Friends (N)" with N friends
    /// in all, loaded or not.
    public let title = Bindable(FriendsListViewModel.title(count: 0), skipsEqualValues: true)
    /// "3 matches for 'ada'" while a search shows; `nil` without a search.
    public let searchSummary = Bindable<String?>(nil, skipsEqualValues: true)
    /// The question to ask before a friend is deleted; `nil` when none is asked.
    public let deleteConfirmation = Bindable<ConfirmationPrompt?>(nil, skipsEqualValues: true)
    /// What just happened ("Deleted Ada Lovelace."); goes away by itself after a few seconds.
    public let statusMessage = Bindable<String?>(nil, skipsEqualValues: true)
    /// How connected the live change feed is (its `statusText` goes in the header); `nil`
    /// without a feed.
    public let connectionStatus = Bindable<LiveConnectionState?>(nil, skipsEqualValues: true)

    // MARK: Events

    /// Something failed that the user must acknowledge.
    public var onShowAlert: (@MainActor (Alert) -> Void)?
    /// The user chose a friend to see.
    public var onOpenFriend: (@MainActor (Friend) -> Void)?
    /// The user wants to change a friend; carries its latest version with the tag that guards the update.
    public var onEditFriend: (@MainActor (Versioned<Friend>) -> Void)?
    /// The user wants to add a friend.
    public var onAddFriend: (@MainActor () -> Void)?
    /// The list stopped searching by itself (a friend was added, and a search could hide it):
    /// the view empties its search field.
    public var onSearchEnded: (@MainActor () -> Void)?

    /// Load the next page once a friend this close to the last loaded one is visible.
    public static let prefetchDistance = 5
    /// How long a status message shows.
    public static let statusDuration: Duration = .seconds(4)

    // MARK: State

    enum Loading {
        case firstPage
        case nextPage
        case toTheEnd
        /// The first page again, after a live change, without the "Refreshing..." title or the HUD.
        case liveRefresh
    }

    let client: any FriendsProviding
    let pageSize: Int?
    let sleep: @Sendable (Duration) async throws -> Void
    var loaded = LoadedFriends()
    /// The trimmed search being typed; `nil` lists everyone.
    var searchText: String?
    /// The search the rows shown belong to, with how many friends match it.
    var shownSearch: (text: String, matches: Int?)?
    /// How many friends there are in all, when known.
    var totalFriends: Int?
    var firstPageFailure: String?
    /// The friend selected when the first page last failed (its error row selects nothing): the
    /// next first page that holds it selects it again.
    var selectedBeforeFailure: Int?
    var nextPageFailure: String?
    var loading: Loading?
    var hasAppeared = false
    var pendingDeletion: Friend?
    var isDeleting = false
    var isFetchingFriend = false
    /// A friend to show selected once the next first page has loaded (one just added, the one
    /// selected when a search ended): when that page does not hold it, the pages up to it load.
    var friendToReveal: Int?
    /// The friend selected when the search shown began.
    var selectedBeforeSearch: Int?
    /// The friend the user last chose in the search shown, as typed now: still theirs when a change
    /// made elsewhere took it out of the search (renamed), to show once the search ends.
    var chosenInSearch: Int?
    /// A live change arrived while the first page loaded: load it again once it has shown.
    var changedDuringFirstPage = false
    /// How many times the user moved the selection: End's pages, arriving after a later move
    /// (Home pressed while they load), load but leave the selection where the user put it.
    var selectionMoves = 0
    /// Rows the user moved down past the last one loaded while more were to come (keys pressed
    /// faster than the next page arrives): the selection goes on by them once it shows.
    var rowsAskedPastTheEnd = 0
    /// Friends this list added or removed itself, already in the counts when the live feed
    /// reports them. Kept only with a feed, and each goes when its change arrives or when the
    /// feed says changes were lost (and the list loads the counts anew), so they stay small.
    var countedAdditions: Set<Int> = []
    var countedRemovals: Set<Int> = []
    let followsFeed: Bool
    let loadingTask = TaskSlot()
    let deleting = TaskSlot()
    let fetchingFriend = TaskSlot()
    let statusTimer = TaskSlot()

    /// - Parameters:
    ///   - pageSize: friends per page; the server's default when `nil`.
    ///   - sleep: waits for a duration; how a status message times out (tests pass their own).
    ///   - feed: the app's live change feed; the list shows the changes it brings as they come.
    public init(
        client: any FriendsProviding,
        pageSize: Int? = nil,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        feed: FriendChangeFeed? = nil
    ) {
        self.client = client
        self.pageSize = pageSize
        self.sleep = sleep
        followsFeed = feed != nil
        if let feed {
            feed.observe(self) { viewModel, change in viewModel.apply(change) }
            feed.connectionState.bind(self, fire: true) { viewModel, state in
                viewModel.connectionStatus.value = state
                if state == .live { viewModel.feedBecameLive() }
            }
        }
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
        // A search that ends keeps the place: the friend chosen in it (renamed out of it since,
        // perhaps) or selected in it, or else the one selected before it, shows selected in the
        // whole list, however far down. A search typed before that list shows has a place of its
        // own: its first friend, not one it may not match.
        if searchText == nil {
            selectedBeforeSearch = selectedFriendID.value
        }
        friendToReveal = search == nil ? chosenInSearch ?? selectedFriendID.value ?? selectedBeforeSearch : nil
        chosenInSearch = nil
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
        selectionMoves += 1
        rowsAskedPastTheEnd = 0
        choose(id)
    }

    /// The user moved the selection `offset` rows down (up when negative), stopping at either end;
    /// rows past the last one loaded, with more to come, follow once the next page shows. Moving
    /// down at the end after a next page failed tries that page again.
    public func selectionMoved(by offset: Int) {
        guard !loaded.isEmpty else { return }
        selectionMoves += 1
        let current = selectedFriendID.value.flatMap(loaded.index(of:)) ?? 0
        move(to: current + rowsAskedPastTheEnd + offset)
        if offset > 0, loaded.friends.last?.id == selectedFriendID.value, nextPageFailure != nil {
            loadNextPage()
        }
    }

    /// Selects the row `wanted`, or the last one loaded when that is further down and more are
    /// to come: the rest waits for the next page (`rowsAskedPastTheEnd`), which starts loading.
    func move(to wanted: Int) {
        let target = min(max(0, wanted), loaded.count - 1)
        let moreToCome = loaded.nextCursor != nil && nextPageFailure == nil
        rowsAskedPastTheEnd = wanted > target && moreToCome ? wanted - target : 0
        choose(loaded.friends[target].id)
        if rowsAskedPastTheEnd > 0 { loadNextPage() }
    }

    /// The user asked for the next page again after it failed to load (the error row's button);
    /// moving down past the last row does the same.
    public func nextPageRetried() {
        guard nextPageFailure != nil else { return }
        loadNextPage()
    }

    /// The user wants the first friend.
    public func selectionMovedToStart() {
        guard let first = loaded.friends.first else { return }
        selectionMoves += 1
        rowsAskedPastTheEnd = 0
        choose(first.id)
    }

    /// The user wants the last friend: the rest of the list loads first when it must.
    public func selectionMovedToEnd() {
        selectionMoves += 1
        rowsAskedPastTheEnd = 0
        guard loaded.nextCursor != nil else {
            if let last = loaded.friends.last { choose(last.id) }
            return
        }
        guard loading != .firstPage, loading != .liveRefresh, loading != .toTheEnd else { return }
        loadToTheEnd()
    }

    // MARK: Inputs: actions on a friend

    /// The user wants to see the friend `id`. A friend no loaded page holds (a link from
    /// elsewhere, a bookmark) is fetched first.
    public func openTapped(id: Int) {
        guard let friend = loaded.friend(id: id) else {
            return fetchFriend(id: id, for: .open)
        }
        choose(id)
        onOpenFriend?(friend)
    }

    /// The user wants to edit the friend `id`: its latest version is fetched first, so that the
    /// update cannot silently overwrite a change made elsewhere since.
    public func editTapped(id: Int) {
        guard !isFetchingFriend else { return }
        if loaded.friend(id: id) != nil { choose(id) }
        fetchFriend(id: id, for: .edit)
    }

    /// The user wants to add a friend.
    public func addButtonTapped() {
        onAddFriend?()
    }

    /// The user wants to delete the friend `id`: the list asks first (`deleteConfirmation`).
    public func deleteTapped(id: Int) {
        guard !isDeleting, let friend = loaded.friend(id: id) else { return }
        choose(id)
        pendingDeletion = friend
        deleteConfirmation.value = .deleteFriend(named: friend.fullName)
    }

    /// The user does not want to delete the friend after all.
    public func deleteCancelled() {
        pendingDeletion = nil
        deleteConfirmation.value = nil
    }

    /// The user confirmed: the friend named in the question is deleted, as long as nobody changed
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
                self.showStatus("Deleted \(friend.fullName).")
            } catch .conflict {
                let latest = await Self.latest(of: friend.id, from: client)
                guard let self, !Task.isCancelled else { return }
                self.setDeleting(false)
                self.showChangedElsewhere(friend, latest: latest)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.setDeleting(false)
                if error == .notFound { self.removeFromList(friend.id) }
                self.onShowAlert?(Alert(title: "Could not delete \(friend.fullName).", message: error.deleteFailureReason(onThisMachine: client.isOnThisMachine)))
            }
        })
    }

    // MARK: Inputs: what other screens did

    /// The add form saved `friend`: it becomes the selected friend, and the list says so. A
    /// search ends, so that the list shows the new friend whether it matches or not.
    public func friendAdded(_ friend: Friend) {
        if followsFeed { countedAdditions.insert(friend.id) }
        if searchText != nil {
            searchText = nil
            onSearchEnded?()
        }
        friendToReveal = friend.id
        choose(friend.id)
        showStatus("Added \(friend.fullName).")
    }

    /// The friend's details deleted `friend`: its row goes, and the list says so.
    public func friendDeleted(_ friend: Friend) {
        removeFromList(friend.id)
        showStatus("Deleted \(friend.fullName).")
    }

    /// The update form saved `friend`: its row shows the change, selected (the pages up to it load
    /// when the form was opened from elsewhere, a bookmark say), and the list says so.
    public func friendUpdated(_ friend: Friend) {
        loaded.update(friend)
        publishRows()
        friendToReveal = friend.id
        choose(friend.id)
        showStatus("Saved \(friend.fullName).")
    }

    /// The user chose the friend `id`: the cursor goes there, and it is what they chose.
    func choose(_ id: Int) {
        if id != friendToReveal { friendToReveal = nil }
        if searchText != nil { chosenInSearch = id }
        selectedFriendID.value = id
        chosenFriendID.value = id
    }
}
