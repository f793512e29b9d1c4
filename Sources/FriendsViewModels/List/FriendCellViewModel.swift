import FriendsAPI

/// What one row of the friends list shows; an inert value, the row never sees the model.
/// `id` is how a view names the row back to the list's inputs.
public struct FriendCellViewModel: Equatable, Hashable, Sendable, Identifiable {
    /// The friend's id.
    public let id: Int
    /// What the friend is called: "First Last", or the organization for a contact that has no
    /// person's name ("Acme Plumbing").
    public let fullName: String
    /// The phone number as entered, empty when there is none.
    public let phonenumberText: String
    /// Upper-case first letters of the first and last name, e.g. "AL"; of the organization's first
    /// two words for a contact known by that alone ("AP").
    public let initials: String

    public init(friend: Friend) {
        id = friend.id
        fullName = friend.fullName
        phonenumberText = friend.phonenumber
        initials = friend.initials
    }
}

extension Friend {
    /// "First Last", the one name that is not empty, or the organization when there are no names
    /// (`displayName`): every text that names a friend ("Added NAME.", "Remove NAME?") uses it.
    var fullName: String {
        displayName
    }

    /// The first character of each name, upper-cased, in the order the name is shown: "AL" for Ada
    /// Lovelace, "Ø李" for Øystein 李, "李小" for 李小龍; "AP" for Acme Plumbing, a contact with
    /// only an organization.
    var initials: String {
        let names = firstname.isEmpty && lastname.isEmpty
            ? organization.split(separator: " ").prefix(2).map(String.init)
            : showsFamilyNameFirst ? [lastname, firstname] : [firstname, lastname]
        return names.compactMap { $0.first?.uppercased() }.joined()
    }
}
