import FriendsAPI
import FriendsClient

/// How the list loads its pages: the first page (keeping the selection), the next page, and every
/// page left (for End). One load runs at a time, in `loadingTask`.
extension FriendsListViewModel {
    /// Loads the first page. Keeping the loaded rows asks for as many as are shown (up to the
    /// server's maximum), so that a refresh does not pull the selection out from under the user;
    /// a friend selected beyond that many is looked for page after page, as a friend just added is.
    func loadFirstPage(keepingLoadedRows: Bool, quietly: Bool = false) {
        changedDuringFirstPage = false
        var limit = pageSize
        if keepingLoadedRows, loaded.count > (pageSize ?? FriendListQuery.defaultLimit) {
            limit = min(loaded.count, FriendListQuery.maximumLimit)
        }
        if keepingLoadedRows, friendToReveal == nil, let selected = selectedFriendID.value,
           let index = loaded.index(of: selected), index >= limit ?? FriendListQuery.defaultLimit {
            friendToReveal = selected
        }
        let query = FriendListQuery(limit: limit, search: searchText)
        let keepsRow = keepingLoadedRows
        startLoading(quietly ? .liveRefresh : .firstPage) { [weak self] client throws(AppServerError) in
            let page = try await client.friends(query)
            guard let self, !Task.isCancelled else { return }
            self.showFirstPage(page, for: query.search, keepingRow: keepsRow)
        }
    }

    func loadNextPage() {
        guard loading == nil, let cursor = loaded.nextCursor else { return }
        let query = FriendListQuery(limit: pageSize, cursor: cursor, search: searchText)
        startLoading(.nextPage) { [weak self] client throws(AppServerError) in
            let page = try await client.friends(query)
            guard let self, !Task.isCancelled else { return }
            self.showNextPage(page)
        }
    }

    func loadToTheEnd() {
        let moves = selectionMoves
        loadPages(until: { _ in false }) { viewModel in
            guard viewModel.selectionMoves == moves else { return }
            if let last = viewModel.loaded.friends.last { viewModel.choose(last.id) }
        }
    }

    /// Loads the next pages until the friend `id` is among the rows (or the list ends), then
    /// selects it: a friend just added, or the one selected when a search ended, shows where it
    /// sorts, however far down that is.
    func loadUntilShown(_ id: Int) {
        loadPages(until: { $0.loaded.index(of: id) != nil }) { viewModel in
            if viewModel.loaded.index(of: id) != nil { viewModel.choose(id) }
        }
    }

    /// Loads the next pages, as many friends at a time as a page holds, until `isDone` or the end
    /// of the list; then `arrived`.
    private func loadPages(
        until isDone: @escaping @MainActor (FriendsListViewModel) -> Bool,
        then arrived: @escaping @MainActor (FriendsListViewModel) -> Void
    ) {
        let search = searchText
        startLoading(.toTheEnd) { [weak self] client throws(AppServerError) in
            // The list is held only between pages, not while one loads.
            while let cursor = self.flatMap({ isDone($0) ? nil : $0.loaded.nextCursor }) {
                let query = FriendListQuery(limit: FriendListQuery.maximumLimit, cursor: cursor, search: search)
                let page = try await client.friends(query)
                guard let self, !Task.isCancelled else { return }
                self.showNextPage(page, finished: page.nextCursor == nil || isDone(self))
            }
            guard let self, !Task.isCancelled else { return }
            if self.loading == .toTheEnd { self.finishLoading() }
            arrived(self)
        }
    }

    /// Runs one load in the loading slot. Replacing the slot cancels an older load, so a slow
    /// older response can never overwrite a newer one.
    func startLoading(
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
                // A quiet refresh that fails keeps what is shown; the feed's state tells why.
                if kind == .liveRefresh { return self.finishLoading() }
                self.showLoadFailure(error, firstPage: kind == .firstPage)
            }
        })
    }

    func showFirstPage(_ page: FriendPage, for search: String?, keepingRow: Bool) {
        rowsAskedPastTheEnd = 0
        let previousID = selectedFriendID.value ?? selectedBeforeFailure
        selectedBeforeFailure = nil
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
        if let wanted = friendToReveal ?? previousID, loaded.index(of: wanted) != nil {
            selectedFriendID.value = wanted
        } else if friendToReveal != nil, loaded.nextCursor != nil {
            // The friend to show is on a page that loads next (after this one again, when a change
            // came meanwhile): no other friend is selected until then.
            selectedFriendID.value = nil
        } else if keepingRow, let previousIndex, !loaded.isEmpty {
            selectedFriendID.value = loaded.friends[min(previousIndex, loaded.count - 1)].id
        } else {
            selectedFriendID.value = loaded.friends.first?.id
        }
        finishLoading()
        if changedDuringFirstPage {
            loadFirstPage(keepingLoadedRows: true, quietly: true)
        } else if let id = friendToReveal {
            friendToReveal = nil
            if loaded.index(of: id) != nil {
                choose(id)
            } else if loaded.nextCursor != nil {
                loadUntilShown(id)
            }
        }
    }

    func showNextPage(_ page: FriendPage, finished: Bool = true) {
        loaded.append(page)
        nextPageFailure = nil
        if finished { loading = nil }
        publishRows()
        publishActivity()
        // The rows moved past the end while this page loaded, now that they are here.
        if rowsAskedPastTheEnd > 0, let selected = selectedFriendID.value, let index = loaded.index(of: selected) {
            move(to: index + rowsAskedPastTheEnd)
        }
    }

    /// A failed first page replaces the rows with an error row; a failed next page keeps what is
    /// shown and adds one.
    func showLoadFailure(_ error: AppServerError, firstPage: Bool) {
        let message = error.loadFailureMessage
        if firstPage {
            selectedBeforeFailure = selectedFriendID.value ?? selectedBeforeFailure
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

    func finishLoading() {
        loading = nil
        publishRows()
        publishActivity()
    }
}
