import Foundation

/// A friend as it travels over the wire.
///
/// Field names are the original iOS client's (`firstname`, `lastname`, `phonenumber`);
/// `email` and `about` were added later, so a missing one decodes as empty.
public struct Friend: Codable, Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    public var firstname: String
    public var lastname: String
    public var phonenumber: String
    public var email: String
    public var about: String

    public init(
        id: Int,
        firstname: String,
        lastname: String,
        phonenumber: String = "",
        email: String = "",
        about: String = ""
    ) {
        self.id = id
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
    }

    public init(id: Int, _ fields: NewFriend) {
        self.init(
            id: id,
            firstname: fields.firstname,
            lastname: fields.lastname,
            phonenumber: fields.phonenumber,
            email: fields.email,
            about: fields.about
        )
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        firstname = try container.decode(String.self, forKey: .firstname)
        lastname = try container.decode(String.self, forKey: .lastname)
        phonenumber = try container.decodeIfPresent(String.self, forKey: .phonenumber) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        about = try container.decodeIfPresent(String.self, forKey: .about) ?? ""
    }

    /// The editable fields of this friend, e.g. to fill an update form.
    public var fields: NewFriend {
        NewFriend(firstname: firstname, lastname: lastname, phonenumber: phonenumber, email: email, about: about)
    }
}
