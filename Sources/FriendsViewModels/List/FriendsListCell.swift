/// One row of the friends list.
public enum FriendsListCell: Equatable, Sendable {
    /// A friend.
    case normal(FriendCellViewModel)
    /// Loading failed; the message says why.
    case error(String)
    /// There is no friend yet; the message says what to do. (A search that matches nobody shows
    /// no row: the search summary says so, once.)
    case empty(String)

    /// The friend's id for a friend's row; `nil` for the rows that cannot be selected.
    public var friendID: Int? {
        if case .normal(let cell) = self { cell.id } else { nil }
    }

    /// The `.empty` row of a first-time user.
    public static let noFriendsText = "No friends yet. Add your first friend."
}
