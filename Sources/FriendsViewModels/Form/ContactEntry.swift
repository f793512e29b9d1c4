import FriendsAPI

/// Whether an entry of the form is a phone number or an email address.
public enum ContactEntryKind: String, CaseIterable, Equatable, Hashable, Sendable {
    case phone
    case email

    /// "Phone", "Email": what the form calls the list.
    public var title: String {
        switch self {
        case .phone: "Phone"
        case .email: "Email"
        }
    }

    /// The kind whose preferred entry `field` names (`phonenumber`, `email`); `nil` for other fields.
    public init?(preferredIn field: FriendField) {
        guard let kind = Self.allCases.first(where: { $0.field == field }) else { return nil }
        self = kind
    }

    /// The validation rule an entry's value follows: the phone number's or the email address's.
    public var field: FriendField {
        switch self {
        case .phone: .phonenumber
        case .email: .email
        }
    }

    /// The labels a contacts app offers, most used first. They are the ones every contact app
    /// reads from a card's `TYPE` (a label of one's own only survives as Apple's `X-ABLabel`),
    /// and a short fixed list is what iOS and Android show first when one picks a label.
    public var usualLabels: [String] {
        switch self {
        case .phone: ["mobile", "home", "work", "main", "other"]
        case .email: ["home", "work", "other"]
        }
    }

    /// The label a new entry starts with: most numbers people add are mobile numbers.
    public var newLabel: String {
        usualLabels[0]
    }
}

/// One phone number or email address on the form, as the views show it: an inert value, named by
/// an identity that stays the same while the user edits, reorders and removes entries.
public struct ContactEntry: Equatable, Sendable, Identifiable {
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public var description: String { String(rawValue) }
    }

    /// A label to choose, with how it reads ("no label" for none).
    public struct LabelChoice: Equatable, Sendable {
        public let label: String
        public let title: String

        init(_ label: String) {
            self.label = label
            title = label.isEmpty ? "no label" : label
        }
    }

    public let id: ID
    public let kind: ContactEntryKind
    /// "mobile", "work"; empty when the card gave none.
    public let label: String
    public let value: String
    /// The first entry: the one a call or a mail goes to (`phonenumber`, `email`).
    public let isPreferred: Bool
    /// Counted from 1 in its list.
    public let position: Int
    /// Why the value cannot be saved, once that shows; `nil` otherwise.
    public let message: String?
    /// The usual labels of its kind, and the label it came with when that is another one (a card
    /// from elsewhere may say "iPhone" or "Ski cabin"), so choosing never loses it.
    public let labelChoices: [LabelChoice]

    /// The label as it reads: "no label" for none.
    public var labelTitle: String {
        LabelChoice(label).title
    }

    /// The choice after the current label, the first after the last: a key that steps through labels.
    public var nextLabel: String {
        let index = labelChoices.firstIndex { $0.label == label } ?? -1
        return labelChoices[(index + 1) % labelChoices.count].label
    }

    /// How the entry is named to people: "phone 0501234567", or "phone 2" while it is empty.
    public var name: String {
        let trimmed = FriendValidation.trim(value)
        return "\(kind.title.lowercased()) \(trimmed.isEmpty ? String(position) : trimmed)"
    }
}
