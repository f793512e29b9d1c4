import FriendsAPI
import FriendsClient

/// How the list fetches one friend by id before opening or editing it: a friend on a page not
/// loaded yet (a link from elsewhere) opens like any other, and one that no longer exists says so.
extension FriendsListViewModel {
    /// What the user will do with the fetched friend.
    enum FetchPurpose {
        case open
        case edit
    }

    /// Fetches the friend `id` for `purpose`; one fetch at a time.
    func fetchFriend(id: Int, for purpose: FetchPurpose) {
        guard !isFetchingFriend else { return }
        let client = self.client
        setFetchingFriend(true)
        fetchingFriend.replace(with: Task { [weak self] in
            let result: Result<Versioned<Friend>, AppServerError> = await Self.latest(of: id, from: client)
            guard let self, !Task.isCancelled else { return }
            self.showFetched(result, id: id, for: purpose)
        })
    }

    func showFetched(_ result: Result<Versioned<Friend>, AppServerError>, id: Int, for purpose: FetchPurpose) {
        setFetchingFriend(false)
        switch result {
        case .success(let latest):
            showFetchedFriend(latest, for: purpose)
        case .failure(let error):
            showFetchFailure(error, id: id)
        }
    }

    /// The row of a loaded friend shows the latest too, then the app opens it. A friend no loaded
    /// page holds (opened from a bookmark) is the one the list shows selected once it is back,
    /// the pages up to it loaded, as a friend saved from such a form is.
    func showFetchedFriend(_ latest: Versioned<Friend>, for purpose: FetchPurpose) {
        let friend: Friend = latest.value
        if let shown = loaded.friend(id: friend.id), shown != friend {
            loaded.update(friend)
            publishRows()
        } else if loaded.friend(id: friend.id) == nil, searchText == nil {
            friendToReveal = friend.id
        }
        switch purpose {
        case .open: onOpenFriend?(friend)
        case .edit: onEditFriend?(latest)
        }
    }

    func showFetchFailure(_ error: AppServerError, id: Int) {
        let name: String? = loaded.friend(id: id)?.fullName
        if error == .notFound { removeFromList(id) }
        onShowAlert?(Self.fetchFailureAlert(error, name: name, onThisMachine: client.isOnThisMachine))
    }

    /// "Could not load Ada Lovelace." for a friend the list shows; a friend it does not show is
    /// named plainly as gone when the server does not know it.
    static func fetchFailureAlert(_ error: AppServerError, name: String?, onThisMachine: Bool) -> Alert {
        if name == nil, error == .notFound {
            return Alert(title: "Friend not found.", message: FailureText.noLongerExists)
        }
        return Alert(title: "Could not load \(name ?? "this friend").", message: error.loadFailureReason(onThisMachine: onThisMachine))
    }

    func setFetchingFriend(_ fetching: Bool) {
        isFetchingFriend = fetching
        publishActivity()
    }
}
