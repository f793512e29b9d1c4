import FriendsAPI

/// What one row of the friends list shows; an inert value, the row never sees the model.
public struct FriendCellViewModel: Equatable, Hashable, Sendable {
    /// "First Last".
    public let fullName: String
    /// The phone number as entered, empty when there is none.
    public let phonenumberText: String
    /// Upper-case first letters of the first and last name, e.g. "AL".
    public let initials: String

    public init(friend: Friend) {
        fullName = friend.fullName
        phonenumberText = friend.phonenumber
        initials = friend.initials
    }
}

extension Friend {
    var fullName: String {
        [firstname, lastname].filter { !$0.isEmpty }.joined(separator: " ")
    }

    var initials: String {
        [firstname, lastname].compactMap { $0.first.map { String($0).uppercased() } }.joined()
    }
}
