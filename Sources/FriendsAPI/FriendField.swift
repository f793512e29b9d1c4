/// The editable fields of a friend, named as on the wire.
public enum FriendField: String, CaseIterable, Codable, Sendable, Hashable {
    case firstname
    case lastname
    case phonenumber
    case email
    case about

    /// How the field is called in messages shown to people.
    public var displayName: String {
        switch self {
        case .firstname: "First name"
        case .lastname: "Last name"
        case .phonenumber: "Phone number"
        case .email: "Email"
        case .about: "About"
        }
    }
}
