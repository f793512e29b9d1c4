/// One row of the friends list.
public enum FriendsListCell: Equatable, Sendable {
    /// A friend.
    case normal(FriendCellViewModel)
    /// Loading failed; the message says why.
    case error(String)
    /// There is no friend to show; the message says why and what to do.
    case empty(String)

    /// The friend's id for a friend's row; `nil` for the rows that cannot be selected.
    public var friendID: Int? {
        if case .normal(let cell) = self { cell.id } else { nil }
    }

    /// The `.empty` row of a first-time user.
    public static let noFriendsText = "No friends yet. Choose Add to add your first friend."

    /// The `.empty` row of a search that matches nobody.
    public static func noMatchesText(for search: String) -> String {
        "No friends match '\(search)'"
    }
}
