import Foundation

/// The body of `POST /friends` and `POST /addFriend`.
///
/// The original client sends only `firstname`, `lastname` and `phonenumber`;
/// every field but the names may be left out and then means "empty".
public struct NewFriend: Codable, Sendable, Equatable, Hashable {
    public var firstname: String
    public var lastname: String
    public var phonenumber: String
    public var email: String
    public var about: String

    public init(
        firstname: String,
        lastname: String,
        phonenumber: String = "",
        email: String = "",
        about: String = ""
    ) {
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstname = try container.decode(String.self, forKey: .firstname)
        lastname = try container.decode(String.self, forKey: .lastname)
        phonenumber = try container.decodeIfPresent(String.self, forKey: .phonenumber) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        about = try container.decodeIfPresent(String.self, forKey: .about) ?? ""
    }

    /// The same fields with surrounding white space removed, as they are stored.
    public var trimmed: NewFriend {
        NewFriend(
            firstname: FriendValidation.trim(firstname),
            lastname: FriendValidation.trim(lastname),
            phonenumber: FriendValidation.trim(phonenumber),
            email: FriendValidation.trim(email),
            about: FriendValidation.trim(about)
        )
    }

    public func value(of field: FriendField) -> String {
        switch field {
        case .firstname: firstname
        case .lastname: lastname
        case .phonenumber: phonenumber
        case .email: email
        case .about: about
        }
    }

    public mutating func set(_ field: FriendField, to value: String) {
        switch field {
        case .firstname: firstname = value
        case .lastname: lastname = value
        case .phonenumber: phonenumber = value
        case .email: email = value
        case .about: about = value
        }
    }
}
