/// The editable text fields of a friend, named as on the wire, in the order forms show them.
/// (`phones`, `emails` and `addresses` are lists, edited as such.)
public enum FriendField: String, CaseIterable, Codable, Sendable, Hashable {
    case firstname
    case lastname
    case organization
    case phonenumber
    case email
    case birthday
    case about

    /// How the field is called in messages shown to people.
    public var displayName: String {
        switch self {
        case .firstname: "First name"
        case .lastname: "Last name"
        case .organization: "Organization"
        case .phonenumber: "Phone number"
        case .email: "Email"
        case .birthday: "Birthday"
        case .about: "About"
        }
    }
}
