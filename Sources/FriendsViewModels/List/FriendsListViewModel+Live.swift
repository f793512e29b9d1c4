import FriendsAPI

/// Changes from the live feed, shown as they come: through the same steps as the list's own
/// changes, by id, so the selection stays on its friend and the counts follow.
extension FriendsListViewModel {
    func apply(_ change: FriendChange) {
        guard isReadyForLiveChanges() else { return }
        switch change.event {
        case .reset:
            forgetCountedChanges()
            refreshLive()
        case .deleted(let id):
            remove(id)
        case .created(let friend, let version):
            guard searchText == nil else {
                countCreation(of: friend.id)
                return refreshLive()
            }
            place(friend.withVersion(version), isNew: true)
        case .updated(let friend, let version):
            if searchText != nil { return refreshLive() }
            place(friend.withVersion(version), isNew: false)
        }
    }

    /// The feed is live again: changes made while it was not (or before it first connected) may
    /// be missing, so what is shown loads again, quietly. A list that could not load (the service
    /// was down) loads again in the open: the service answers once more.
    func feedBecameLive() {
        if hasAppeared, firstPageFailure != nil, loading == nil {
            return loadFirstPage(keepingLoadedRows: true)
        }
        guard isReadyForLiveChanges() else { return }
        refreshLive()
    }

    /// Whether a live change can apply to the rows shown now. The page on its way may have been
    /// read before the change: it loads again once shown.
    private func isReadyForLiveChanges() -> Bool {
        guard hasAppeared, firstPageFailure == nil else { return false }
        guard loading != .firstPage, loading != .liveRefresh else {
            changedDuringFirstPage = true
            return false
        }
        return true
    }

    /// Loads what is shown again, quietly, keeping the selection: after a `reset`, and during a
    /// search (only the server knows what matches now).
    private func refreshLive() {
        loadFirstPage(keepingLoadedRows: true, quietly: true)
    }

    /// The feed lost changes (a `reset`): the changes of the friends this list counted itself may
    /// be among them, so they are forgotten and the counts come from the server again.
    private func forgetCountedChanges() {
        countedAdditions = []
        countedRemovals = []
    }

    private func remove(_ id: Int) {
        guard countedRemovals.remove(id) == nil else { return }
        let asked = pendingDeletion?.id == id ? pendingDeletion : nil
        if loaded.index(of: id) != nil {
            removeFromList(id)
            countedRemovals.remove(id)
        } else {
            forgetGone(id)
            totalFriends = totalFriends.map { max(0, $0 - 1) }
            publishActivity()
        }
        // The question about it goes too: the list says why, or it would vanish unexplained.
        if let asked {
            deleteCancelled()
            showStatus("\(asked.fullName) was deleted elsewhere.")
        }
    }

    /// Counts a friend created elsewhere in the total (one this list added is counted already).
    private func countCreation(of id: Int) {
        guard countedAdditions.remove(id) == nil else { return }
        totalFriends = totalFriends.map { $0 + 1 }
        publishActivity()
    }

    /// Shows `friend` where the list order puts it: in place, moved, or (beyond the loaded rows,
    /// while more are to load) not at all until its page loads.
    private func place(_ friend: Friend, isNew: Bool) {
        let shown = loaded.friend(id: friend.id)
        if let shown, let version = friend.version, let shownVersion = shown.version, shownVersion > version { return }
        if isNew, shown == nil { countCreation(of: friend.id) }
        let oldIndex = loaded.remove(id: friend.id)
        let index = loaded.insertionIndex(for: friend)
        let isShown = index < loaded.count || loaded.nextCursor == nil
        if isShown {
            loaded.insert(friend, at: index)
        }
        if oldIndex != nil || isShown {
            if selectedFriendID.value.flatMap(loaded.index(of:)) == nil {
                // Nothing was selected, or the selected friend moved past the loaded rows.
                let neighbour = oldIndex.flatMap { loaded.friends.indices.contains($0) ? loaded.friends[$0] : nil }
                selectedFriendID.value = (neighbour ?? loaded.friends.last)?.id
            }
            publishRows()
        }
        publishActivity()
    }
}

private extension Friend {
    func withVersion(_ version: Int) -> Friend {
        var friend = self
        friend.version = version
        return friend
    }
}
