import Foundation
import FriendsAPI

/// One part of a friend's details as both view families show it: the phones, the emails, the
/// addresses, the birthday, the organization or the notes. A section is only made when it has
/// something to show.
public struct ContactSection: Equatable, Sendable {
    /// What the section holds; a view may draw some kinds specially (a phone number as a link).
    public enum Kind: String, Equatable, Sendable {
        case phones, emails, addresses, birthday, organization, about
    }

    /// One entry: its label ("mobile", "work"; empty when the card gives none) and its text, one
    /// line for most, the lines of an envelope for an address.
    public struct Row: Equatable, Sendable {
        public let label: String
        public let lines: [String]

        public init(label: String = "", lines: [String]) {
            self.label = label
            self.lines = lines
        }

        /// The row's text on one line.
        public var text: String { lines.joined(separator: ", ") }
    }

    public let kind: Kind
    /// "Phone", "Email", "Address", "Birthday", "Organization", "About".
    public let title: String
    public let rows: [Row]

    public init(kind: Kind, title: String, rows: [Row]) {
        self.kind = kind
        self.title = title
        self.rows = rows
    }
}

extension ContactSection {
    /// The sections of `friend` that have something to show, in the order a contact card has them.
    static func sections(of friend: Friend) -> [ContactSection] {
        // A friend from a route that sends only the original fields still has its number and address.
        let phones = friend.phones.isEmpty && !friend.phonenumber.isEmpty
            ? [LabeledValue(label: "", value: friend.phonenumber)] : friend.phones
        let emails = friend.emails.isEmpty && !friend.email.isEmpty
            ? [LabeledValue(label: "", value: friend.email)] : friend.emails
        let candidates = [
            ContactSection(kind: .phones, title: "Phone", rows: rows(phones)),
            ContactSection(kind: .emails, title: "Email", rows: rows(emails)),
            ContactSection(kind: .addresses, title: "Address", rows: friend.addresses.filter { !$0.isEmpty }.map {
                Row(label: label($0.label), lines: $0.lines)
            }),
            ContactSection(kind: .birthday, title: "Birthday", rows: text(BirthdayText.readable(friend.birthday))),
            ContactSection(kind: .organization, title: "Organization", rows: text(friend.organization)),
            ContactSection(kind: .about, title: "About", rows: text(friend.about)),
        ]
        return candidates.filter { !$0.rows.isEmpty }
    }

    private static func rows(_ values: [LabeledValue]) -> [Row] {
        values.filter { !trimmed($0.value).isEmpty }.map { Row(label: label($0.label), lines: [trimmed($0.value)]) }
    }

    private static func text(_ value: String) -> [Row] {
        trimmed(value).isEmpty ? [] : [Row(lines: [value])]
    }

    private static func label(_ label: String) -> String {
        trimmed(label).lowercased() == "pref" ? "" : trimmed(label)
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
