import Foundation

/// The body of `POST /friends` and `POST /addFriend`.
///
/// The original client sends only `firstname`, `lastname` and `phonenumber`; every field may be
/// left out and then means "empty", but a friend needs a first name, a last name or an
/// organization. `phones` and `emails`, when not empty, give every number and address, the
/// preferred one first; `phonenumber` and `email` then follow them.
public struct NewFriend: Codable, Sendable, Equatable, Hashable {
    public var firstname: String
    public var lastname: String
    public var phonenumber: String
    public var email: String
    public var about: String
    public var organization: String
    public var phones: [LabeledValue]
    public var emails: [LabeledValue]
    public var addresses: [PostalAddress]
    public var birthday: String

    public init(
        firstname: String,
        lastname: String,
        phonenumber: String = "",
        email: String = "",
        about: String = "",
        organization: String = "",
        phones: [LabeledValue] = [],
        emails: [LabeledValue] = [],
        addresses: [PostalAddress] = [],
        birthday: String = ""
    ) {
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
        self.organization = organization
        self.phones = phones
        self.emails = emails
        self.addresses = addresses
        self.birthday = birthday
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstname = try container.decodeIfPresent(String.self, forKey: .firstname) ?? ""
        lastname = try container.decodeIfPresent(String.self, forKey: .lastname) ?? ""
        phonenumber = try container.decodeIfPresent(String.self, forKey: .phonenumber) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        about = try container.decodeIfPresent(String.self, forKey: .about) ?? ""
        organization = try container.decodeIfPresent(String.self, forKey: .organization) ?? ""
        phones = try container.decodeIfPresent([LabeledValue].self, forKey: .phones) ?? []
        emails = try container.decodeIfPresent([LabeledValue].self, forKey: .emails) ?? []
        addresses = try container.decodeIfPresent([PostalAddress].self, forKey: .addresses) ?? []
        birthday = try container.decodeIfPresent(String.self, forKey: .birthday) ?? ""
    }

    enum CodingKeys: String, CodingKey {
        case firstname, lastname, phonenumber, email, about, organization, phones, emails, addresses, birthday
    }

    /// The seed's five fields always; the others only when they hold something, so a request
    /// stays what it was for a friend that has none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(firstname, forKey: .firstname)
        try container.encode(lastname, forKey: .lastname)
        try container.encode(phonenumber, forKey: .phonenumber)
        try container.encode(email, forKey: .email)
        try container.encode(about, forKey: .about)
        if !organization.isEmpty { try container.encode(organization, forKey: .organization) }
        if !phones.isEmpty { try container.encode(phones, forKey: .phones) }
        if !emails.isEmpty { try container.encode(emails, forKey: .emails) }
        if !addresses.isEmpty { try container.encode(addresses, forKey: .addresses) }
        if !birthday.isEmpty { try container.encode(birthday, forKey: .birthday) }
    }

    /// The same fields with surrounding white space removed, as they are stored; `phonenumber` and
    /// `email` are the first of `phones` and `emails` when those are given.
    public var trimmed: NewFriend {
        var result = self
        for field in FriendField.allCases {
            result.set(field, to: FriendValidation.trim(value(of: field)))
        }
        result.phones = phones.map(\.trimmed).filter { !$0.value.isEmpty }
        result.emails = emails.map(\.trimmed).filter { !$0.value.isEmpty }
        result.addresses = addresses.map(\.trimmed).filter { !$0.isEmpty }
        if let first = result.phones.first { result.phonenumber = first.value }
        if let first = result.emails.first { result.email = first.value }
        return result
    }

    public func value(of field: FriendField) -> String {
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
}

extension LabeledValue {
    public var trimmed: LabeledValue {
        LabeledValue(label: FriendValidation.trim(label), value: FriendValidation.trim(value))
    }
}

extension PostalAddress {
    public var trimmed: PostalAddress {
        PostalAddress(
            label: FriendValidation.trim(label), street: FriendValidation.trim(street), city: FriendValidation.trim(city),
            region: FriendValidation.trim(region), postcode: FriendValidation.trim(postcode), country: FriendValidation.trim(country)
        )
    }
}
