import Foundation

/// The body of `PATCH /friends/{id}` and `PATCH /editFriend/{id}`: only the fields present change.
///
/// `nil` means "absent, leave as is"; encoding leaves absent fields out of the JSON.
public struct FriendUpdate: Codable, Sendable, Equatable, Hashable {
    public var firstname: String?
    public var lastname: String?
    public var phonenumber: String?
    public var email: String?
    public var about: String?

    public init(
        firstname: String? = nil,
        lastname: String? = nil,
        phonenumber: String? = nil,
        email: String? = nil,
        about: String? = nil
    ) {
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
    }

    /// An update that sets every field to the given values.
    public init(replacingWith fields: NewFriend) {
        self.init(
            firstname: fields.firstname,
            lastname: fields.lastname,
            phonenumber: fields.phonenumber,
            email: fields.email,
            about: fields.about
        )
    }

    /// The fields that differ between `old` and `new`; empty when nothing changed.
    public init(from old: Friend, to new: NewFriend) {
        self.init(
            firstname: old.firstname == new.firstname ? nil : new.firstname,
            lastname: old.lastname == new.lastname ? nil : new.lastname,
            phonenumber: old.phonenumber == new.phonenumber ? nil : new.phonenumber,
            email: old.email == new.email ? nil : new.email,
            about: old.about == new.about ? nil : new.about
        )
    }

    public var isEmpty: Bool { presentFields.isEmpty }

    public var presentFields: [FriendField] {
        FriendField.allCases.filter { value(of: $0) != nil }
    }

    public func value(of field: FriendField) -> String? {
        switch field {
        case .firstname: firstname
        case .lastname: lastname
        case .phonenumber: phonenumber
        case .email: email
        case .about: about
        }
    }

    /// Makes `field` present with `value`.
    public mutating func set(_ field: FriendField, to value: String) {
        switch field {
        case .firstname: firstname = value
        case .lastname: lastname = value
        case .phonenumber: phonenumber = value
        case .email: email = value
        case .about: about = value
        }
    }

    /// The same update with surrounding white space removed from every present field.
    public var trimmed: FriendUpdate {
        FriendUpdate(
            firstname: firstname.map(FriendValidation.trim),
            lastname: lastname.map(FriendValidation.trim),
            phonenumber: phonenumber.map(FriendValidation.trim),
            email: email.map(FriendValidation.trim),
            about: about.map(FriendValidation.trim)
        )
    }

    /// `friend` with the present fields replaced.
    public func applied(to friend: Friend) -> Friend {
        var result = friend
        if let firstname { result.firstname = firstname }
        if let lastname { result.lastname = lastname }
        if let phonenumber { result.phonenumber = phonenumber }
        if let email { result.email = email }
        if let about { result.about = about }
        return result
    }
}
