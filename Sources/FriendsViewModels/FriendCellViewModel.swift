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

// A list of 100,000 friends builds 100,000 cells at once, so these avoid temporary arrays
// (see BENCHMARKS.md).
extension Friend {
    var fullName: String {
        firstname.isEmpty ? lastname : lastname.isEmpty ? firstname : firstname + " " + lastname
    }

    var initials: String {
        var initials = ""
        if let first = firstname.first { initials += first.uppercased() }
        if let last = lastname.first { initials += last.uppercased() }
        return initials
    }
}
