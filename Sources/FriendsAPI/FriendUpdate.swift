import Foundation

/// The body of `PATCH /friends/{id}` and `PATCH /editFriend/{id}`: only the fields present change.
///
/// `nil` means "absent, leave as is"; encoding leaves absent fields out of the JSON. `phones` and
/// `emails`, when present, replace every number or address (the first becomes the preferred one)
/// and win over `phonenumber` and `email`, which otherwise change only the preferred one.
public struct FriendUpdate: Codable, Sendable, Equatable, Hashable {
    public var firstname: String?
    public var lastname: String?
    public var phonenumber: String?
    public var email: String?
    public var about: String?
    public var organization: String?
    public var birthday: String?
    public var phones: [LabeledValue]?
    public var emails: [LabeledValue]?
    public var addresses: [PostalAddress]?

    public init(
        firstname: String? = nil,
        lastname: String? = nil,
        phonenumber: String? = nil,
        email: String? = nil,
        about: String? = nil,
        organization: String? = nil,
        birthday: String? = nil,
        phones: [LabeledValue]? = nil,
        emails: [LabeledValue]? = nil,
        addresses: [PostalAddress]? = nil
    ) {
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
        self.organization = organization
        self.birthday = birthday
        self.phones = phones
        self.emails = emails
        self.addresses = addresses
    }

    /// An update that sets every field to the given values; empty `phones` or `emails` lists are
    /// made of `phonenumber` and `email`.
    public init(replacingWith fields: NewFriend) {
        let fields = fields.trimmed
        self.init(
            firstname: fields.firstname,
            lastname: fields.lastname,
            phonenumber: fields.phonenumber,
            email: fields.email,
            about: fields.about,
            organization: fields.organization,
            birthday: fields.birthday,
            phones: fields.phones.isEmpty && !fields.phonenumber.isEmpty ? [LabeledValue(label: "mobile", value: fields.phonenumber)] : fields.phones,
            emails: fields.emails.isEmpty && !fields.email.isEmpty ? [LabeledValue(label: "", value: fields.email)] : fields.emails,
            addresses: fields.addresses
        )
    }

    /// The fields that differ between `old` and `new`; empty when nothing changed. Lists are sent
    /// only when `new` has them (`Friend.fields` has none), so a form that never showed them
    /// leaves them alone.
    public init(from old: Friend, to new: NewFriend) {
        self.init()
        let oldFields = old.fields
        for field in FriendField.allCases where oldFields.value(of: field) != new.value(of: field) {
            set(field, to: new.value(of: field))
        }
        if !new.phones.isEmpty, new.phones != old.phones { phones = new.phones; phonenumber = nil }
        if !new.emails.isEmpty, new.emails != old.emails { emails = new.emails; email = nil }
        if !new.addresses.isEmpty, new.addresses != old.addresses { addresses = new.addresses }
    }

    public var isEmpty: Bool { presentFields.isEmpty && phones == nil && emails == nil && addresses == nil }

    public var presentFields: [FriendField] {
        FriendField.allCases.filter { value(of: $0) != nil }
    }

    public func value(of field: FriendField) -> String? {
        switch field {
        case .firstname: firstname
        case .lastname: lastname
        case .organization: organization
        case .phonenumber: phonenumber
        case .email: email
        case .birthday: birthday
        case .about: about
        }
    }

    /// Makes `field` present with `value`.
    public mutating func set(_ field: FriendField, to value: String) {
        switch field {
        case .firstname: firstname = value
        case .lastname: lastname = value
        case .organization: organization = value
        case .phonenumber: phonenumber = value
        case .email: email = value
        case .birthday: birthday = value
        case .about: about = value
        }
    }

    /// The same update with surrounding white space removed from every present field, and empty
    /// entries dropped from the lists.
    public var trimmed: FriendUpdate {
        var result = self
        for field in presentFields {
            result.set(field, to: FriendValidation.trim(value(of: field) ?? ""))
        }
        result.phones = phones?.map(\.trimmed).filter { !$0.value.isEmpty }
        result.emails = emails?.map(\.trimmed).filter { !$0.value.isEmpty }
        result.addresses = addresses?.map(\.trimmed).filter { !$0.isEmpty }
        return result
    }

    /// `friend` with the present fields replaced, as the server's card will read after the update.
    public func applied(to friend: Friend) -> Friend {
        var result = friend
        for field in presentFields {
            guard let value = value(of: field) else { continue }
            switch field {
            case .firstname: result.firstname = value
            case .lastname: result.lastname = value
            case .organization: result.organization = value
            case .phonenumber: result.phones = Self.replacingPreferred(in: result.phones, with: value, label: "mobile")
            case .email: result.emails = Self.replacingPreferred(in: result.emails, with: value, label: "")
            case .birthday: result.birthday = value
            case .about: result.about = value
            }
        }
        if let phones { result.phones = phones }
        if let emails { result.emails = emails }
        if let addresses { result.addresses = addresses }
        if phonenumber != nil || phones != nil { result.phonenumber = result.phones.first?.value ?? "" }
        if email != nil || emails != nil { result.email = result.emails.first?.value ?? "" }
        return result
    }

    /// The list with its first (preferred) entry's value replaced, added or, for an empty value, removed.
    static func replacingPreferred(in list: [LabeledValue], with value: String, label: String) -> [LabeledValue] {
        var list = list
        if value.isEmpty {
            if !list.isEmpty { list.removeFirst() }
        } else if list.isEmpty {
            list = [LabeledValue(label: label, value: value)]
        } else {
            list[0].value = value
        }
        return list
    }
}
