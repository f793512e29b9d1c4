import Binding
import FriendsAPI

/// One part of the add/update form, in the order both view families show them: a text field, or
/// the list of phone numbers or email addresses.
public enum FriendFormPart: Equatable, Hashable, Sendable {
    case field(FriendField)
    case entries(ContactEntryKind)
}

extension FriendFormViewModel {
    /// The form's parts in order: the names and organization, the phone numbers and email
    /// addresses (the preferred `phonenumber` and `email` are their first entries), the birthday
    /// and the notes.
    public static let parts: [FriendFormPart] = [
        .field(.firstname), .field(.lastname), .field(.organization),
        .entries(.phone), .entries(.email),
        .field(.birthday), .field(.about),
    ]

    /// The phone numbers or the email addresses.
    public func entries(_ kind: ContactEntryKind) -> Bindable<[ContactEntry]> {
        kind == .phone ? phones : emails
    }
}
