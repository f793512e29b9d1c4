/// One row of the friends list.
public enum FriendsListCell: Equatable, Sendable {
    /// A friend.
    case normal(FriendCellViewModel)
    /// Loading failed; the message says why.
    case error(String)
    /// There are no friends (or none match the search).
    case empty

    /// The text of the `.empty` row.
    public static let emptyText = "No data available"
}
