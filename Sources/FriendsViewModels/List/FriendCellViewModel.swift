import FriendsAPI

/// What one row of the friends list shows; an inert value, the row never sees the model.
/// `id` is how a view names the row back to the list's inputs.
public struct FriendCellViewModel: Equatable, Hashable, Sendable, Identifiable {
    /// The friend's id.
    public let id: Int
    /// "First Last".
    public let fullName: String
    /// The phone number as entered, empty when there is none.
    public let phonenumberText: String
    /// Upper-case first letters of the first and last name, e.g. "AL".
    public let initials: String

    public init(friend: Friend) {
        id = friend.id
        fullName = friend.fullName
        phonenumberText = friend.phonenumber
        initials = friend.initials
    }
}

extension Friend {
    /// "First Last", or the one name that is not empty.
    var fullName: String {
        [firstname, lastname].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The first character of each name, upper-cased: "AL" for Ada Lovelace, "Ø李" for Øystein 李.
    var initials: String {
        (firstname.first?.uppercased() ?? "") + (lastname.first?.uppercased() ?? "")
    }
}
