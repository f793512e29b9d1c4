import FriendsAPI
import FriendsClient

/// Delete on a friend's details: the same question as the list's, then the friend is deleted
/// as long as nobody changed it since it was shown (`If-Match`), and the view goes back to the
/// list, which says so.
extension FriendDetailViewModel {
    // MARK: Inputs

    /// The user wants to delete this friend: the details ask first (`deleteConfirmation`).
    public func deleteButtonTapped() {
        guard offersEditAndDelete.value, !showLoadingHud.value else { return }
        deleteConfirmation.value = .deleteFriend(named: friend.value.fullName)
    }

    /// The user does not want to delete the friend after all.
    public func deleteCancelled() {
        deleteConfirmation.value = nil
    }

    /// The user confirmed: the friend is deleted, unless it changed elsewhere since it was shown.
    public func deleteConfirmed() {
        guard deleteConfirmation.value != nil else { return }
        deleteConfirmation.value = nil
        showLoadingHud.value = true
        let friend = self.friend
        let client = self.client
        loadingFriend.cancel()
        deleting.replace(with: Task { [weak self] in
            do throws(AppServerError) {
                try await client.deleteFriend(id: friend.value.id, ifMatch: friend.eTag)
                guard let self, !Task.isCancelled else { return }
                self.showLoadingHud.value = false
                self.onFriendDeleted?(friend.value)
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.showLoadingHud.value = false
                self.showDeleteFailure(error, of: friend.value)
            }
        })
    }

    // MARK: Failures

    private func showDeleteFailure(_ error: AppServerError, of friend: Friend) {
        switch error {
        case .conflict:
            loadFriend()
            onShowAlert?(Alert(
                title: "\(friend.fullName) was changed elsewhere.",
                message: "It was not deleted. The details show the latest now; delete again if you still want to."
            ))
        case .notFound:
            showRemoved()
        default:
            onShowAlert?(Alert(title: "Could not delete \(friend.fullName).", message: error.deleteFailureReason(onThisMachine: client.isOnThisMachine)))
        }
    }
}
