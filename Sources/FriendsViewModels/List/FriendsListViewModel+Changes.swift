import FriendsAPI
import FriendsClient

/// Changes to single friends (removed, changed elsewhere) and what the outputs show. A live
/// change feed can apply a removed or updated friend through the same two steps: by id, keeping
/// the selection and the counts right.
extension FriendsListViewModel {
    /// Takes the friend out of the list; a removed selection moves to the friend that took its
    /// place, or to the one before when it was the last.
    func removeFromList(_ id: Int) {
        forgetGone(id)
        guard let index = loaded.remove(id: id) else { return }
        if pendingDeletion?.id == id { deleteCancelled() }
        if followsFeed { countedRemovals.insert(id) }
        totalFriends = totalFriends.map { max(0, $0 - 1) }
        if let search = shownSearch { shownSearch = (search.text, search.matches.map { max(0, $0 - 1) }) }
        if chosenFriendID.value == id { chosenFriendID.value = nil }
        if selectedFriendID.value == id {
            let neighbour = loaded.friends.indices.contains(index) ? loaded.friends[index] : loaded.friends.last
            selectedFriendID.value = neighbour?.id
        }
        publishRows()
        publishActivity()
        if loaded.isEmpty { loadNextPage() }
    }

    /// A friend that is gone, whether its row is loaded or not: it is no longer waited for (one
    /// just saved, say, which the next list would look for page after page, selecting nothing),
    /// and a selection on it beyond the loaded rows (a save renamed it past them) goes to the
    /// last loaded row, the nearest to where it was.
    func forgetGone(_ id: Int) {
        if friendToReveal == id { friendToReveal = nil }
        if chosenInSearch == id { chosenInSearch = nil }
        guard loaded.index(of: id) == nil else { return }
        if chosenFriendID.value == id { chosenFriendID.value = nil }
        if selectedFriendID.value == id { selectedFriendID.value = loaded.friends.last?.id }
    }

    func showChangedElsewhere(_ friend: Friend, latest: Result<Versioned<Friend>, AppServerError>) {
        switch latest {
        case .success(let latest):
            loaded.update(latest.value)
            publishRows()
            onShowAlert?(Alert(
                title: "\(friend.fullName) was changed elsewhere.",
                message: "It was not deleted. The list shows the latest now; delete again if you still want to."
            ))
        case .failure(.notFound):
            removeFromList(friend.id)
            onShowAlert?(Alert(title: "Could not delete \(friend.fullName).", message: FailureText.noLongerExists))
        case .failure(let error):
            onShowAlert?(Alert(title: "Could not delete \(friend.fullName).", message: error.deleteFailureReason(onThisMachine: client.isOnThisMachine)))
        }
    }

    static func latest(of id: Int, from client: any FriendsProviding) async -> Result<Versioned<Friend>, AppServerError> {
        do throws(AppServerError) {
            return .success(try await client.friend(id: id))
        } catch {
            return .failure(error)
        }
    }

    func showStatus(_ message: String) {
        statusMessage.value = message
        let sleep = self.sleep
        statusTimer.replace(with: Task { [weak self] in
            guard (try? await sleep(Self.statusDuration)) != nil else { return }
            guard let self, !Task.isCancelled else { return }
            self.statusMessage.value = nil
        })
    }

    // MARK: Publishing

    func publishRows() {
        askAboutTheLatestPendingDeletion()
        hasMoreFriends.value = firstPageFailure == nil && nextPageFailure == nil && loaded.nextCursor != nil
        if let firstPageFailure {
            friendCells.value = [.error(firstPageFailure)]
        } else if loaded.isEmpty, nextPageFailure == nil {
            // A search that matches nobody shows no row: its summary says so.
            friendCells.value = shownSearch == nil ? [.empty(FriendsListCell.noFriendsText)] : []
        } else if let nextPageFailure {
            friendCells.value = loaded.rows + [.error(nextPageFailure)]
        } else {
            friendCells.value = loaded.rows
        }
    }

    /// The friend the user is asked to delete changed elsewhere meanwhile: the question names it
    /// as it is now, and a yes deletes that version.
    private func askAboutTheLatestPendingDeletion() {
        guard let pending = pendingDeletion, let latest = loaded.friend(id: pending.id), latest != pending else { return }
        pendingDeletion = latest
        deleteConfirmation.value = .deleteFriend(named: latest.fullName)
    }

    func setDeleting(_ deleting: Bool) {
        isDeleting = deleting
        publishActivity()
    }

    func publishActivity() {
        showLoadingHud.value = (loading != nil && loading != .liveRefresh) || isDeleting || isFetchingFriend
        // A list opened on a search (a bookmark of it) knows how many match, not how many friends there are.
        let count = totalFriends ?? (shownSearch == nil ? loaded.count : nil)
        title.value = loading == .firstPage ? Self.refreshingTitle : count.map(Self.title(count:)) ?? Self.untoldTitle
        searchSummary.value = shownSearch.map { search in
            Self.matchesText(search.matches ?? loaded.count, search: search.text, more: search.matches == nil)
        }
    }

    static let refreshingTitle = "Refreshing..."
    /// While the number of friends is not known yet.
    static let untoldTitle = "Your Friends"

    static func title(count: Int) -> String {
        "Your Friends (\(count))"
    }

    /// "1 match for 'ada'", "3 matches for 'ada'"; "50+ matches" while the count is unknown;
    /// "No friends match 'xyz'" for none.
    static func matchesText(_ count: Int, search: String, more: Bool) -> String {
        if count == 0 && !more { return "No friends match '\(search)'" }
        let number = more ? "\(count)+" : "\(count)"
        return "\(number) \(count == 1 && !more ? "match" : "matches") for '\(search)'"
    }
}
