import Foundation

/// The rules every friend obeys, on create and on update alike.
///
/// Pure functions: the server rejects with them, and a client form shows the same messages inline.
/// Failures are keyed by the wire field name (`FriendField.rawValue`), as in `ErrorEnvelope.fields`.
public enum FriendValidation {
    public static let maximumNameLength = 100
    public static let maximumOrganizationLength = 200
    public static let maximumLabelLength = 40
    public static let maximumAddressPartLength = 200
    public static let maximumListLength = 100
    public static let maximumBirthdayLength = 40
    public static let maximumAboutLength = 2_000
    public static let maximumEmailLength = 254
    public static let maximumPhoneNumberLength = 40

    /// Every failed field of a new friend, with a message; empty when it is valid.
    public static func failures(of friend: NewFriend) -> [String: String] {
        var failures: [String: String] = [:]
        for field in FriendField.allCases {
            if let message = message(for: field, value: friend.value(of: field)) {
                failures[field.rawValue] = message
            }
        }
        failures.merge(listFailures(phones: friend.phones, emails: friend.emails, addresses: friend.addresses)) { first, _ in first }
        if !hasName(friend.trimmed) {
            failures.merge(nameMissingFailures) { first, _ in first }
        }
        return failures
    }

    /// Every failed field among those present in an update; absent fields are not checked, and
    /// whether the friend keeps a name is checked on the result (`nameMissingFailures`).
    /// With `friend`, the values the update keeps as the friend has them are left out: a value
    /// that came in with a card (a long note, a number of 60 digits) stays when the rest of the
    /// friend is edited, and a client may send a whole friend back.
    public static func failures(of update: FriendUpdate, keeping friend: Friend? = nil) -> [String: String] {
        let stored = friend?.fields
        var failures: [String: String] = [:]
        for field in update.presentFields {
            guard let value = update.value(of: field), stored.map({ trim(value) != trim($0.value(of: field)) }) ?? true else { continue }
            if let message = message(for: field, value: value) { failures[field.rawValue] = message }
        }
        let kept = friend.map { KeptEntries(phones: Set($0.phones), emails: Set($0.emails), addresses: Set($0.addresses)) } ?? KeptEntries()
        failures.merge(listFailures(phones: update.phones, emails: update.emails, addresses: update.addresses, keeping: kept)) { first, _ in first }
        return failures
    }

    /// A friend needs something to be called by: a first name, a last name or an organization.
    public static func hasName(_ friend: NewFriend) -> Bool {
        ![friend.firstname, friend.lastname, friend.organization].allSatisfy { trim($0).isEmpty }
    }

    public static let nameMissingMessage = "Give a first name, a last name or an organization."

    /// What a friend without any name is refused with, on each of the three fields.
    public static var nameMissingFailures: [String: String] {
        [FriendField.firstname, .lastname, .organization].reduce(into: [:]) { $0[$1.rawValue] = nameMissingMessage }
    }

    public static func isValid(_ friend: NewFriend) -> Bool {
        failures(of: friend).isEmpty
    }

    /// Why `value` is not acceptable for `field`, or `nil` when it is.
    ///
    /// Lengths count Unicode code points of the value as sent, the unit of JSON Schema's `maxLength`,
    /// so the OpenAPI document and the server agree on every value (see `FriendValidation.Pattern`).
    /// Everything else is judged on the value as stored, that is, trimmed.
    public static func message(for field: FriendField, value: String) -> String? {
        let length = value.unicodeScalars.count
        let maximum = maximumLength(of: field)
        let value = trim(value)
        switch field {
        case .firstname, .lastname, .organization:
            return nameMessage(field: field, value: value, length: length, maximum: maximum)
        case .phonenumber:
            return length <= maximum && isPlausiblePhoneNumber(value) ? nil : phoneNumberMessage
        case .birthday:
            return length <= maximum && isBirthday(value)
                ? nil : "Birthday must be empty or a date like 1815-12-10 (--12-10 without the year)."
        case .email:
            return length <= maximum && isPlausibleEmail(value)
                ? nil : "Email must be empty or an address like name@example.com."
        case .about:
            if length > maximum {
                return "About must be at most 2,000 characters."
            }
            if value.unicodeScalars.contains(where: { isForbiddenInText($0) }) {
                return "About must not contain control characters."
            }
            return nil
        }
    }

    /// The most Unicode code points `field` may hold (what a form's `maxlength` says too).
    public static func maximumLength(of field: FriendField) -> Int {
        switch field {
        case .firstname, .lastname: maximumNameLength
        case .organization: maximumOrganizationLength
        case .phonenumber: maximumPhoneNumberLength
        case .email: maximumEmailLength
        case .birthday: maximumBirthdayLength
        case .about: maximumAboutLength
        }
    }

    /// Removes white space and line breaks (Unicode's White_Space property) around a value, and
    /// the invisible characters a name copied from a web page brings along (zero-width spaces and
    /// joiners, the word joiner, a byte order mark): a name of those alone is no name.
    @Sendable public static func trim(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x180E, 0x200B...0x200D, 0x2060, 0xFEFF: true
        default: scalar.properties.isWhitespace
        }
    }

    static let phoneNumberMessage =
        "Phone number must be empty or at most 40 characters with at least one digit, without control characters."

    private static func nameMessage(field: FriendField, value: String, length: Int, maximum: Int) -> String? {
        if length > maximum {
            return "\(field.displayName) must be at most \(maximum) characters."
        }
        if value.unicodeScalars.contains(where: { isControl($0) }) {
            return "\(field.displayName) must not contain control characters."
        }
        return nil
    }
}
