import Foundation

/// A friend as it travels over the wire.
///
/// Field names are the original iOS client's (`firstname`, `lastname`, `phonenumber`);
/// `email` and `about` were added later, so a missing one decodes as empty. The `/friends` routes
/// also send the friend's `version`; the original client's routes do not.
public struct Friend: Codable, Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    public var firstname: String
    public var lastname: String
    public var phonenumber: String
    public var email: String
    public var about: String
    /// Grows by one with every change; `nil` when the server did not send it. See `eTag`.
    public var version: Int?

    public init(
        id: Int,
        firstname: String,
        lastname: String,
        phonenumber: String = "",
        email: String = "",
        about: String = "",
        version: Int? = nil
    ) {
        self.id = id
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
        self.version = version
    }

    public init(id: Int, _ fields: NewFriend, version: Int? = nil) {
        self.init(
            id: id,
            firstname: fields.firstname,
            lastname: fields.lastname,
            phonenumber: fields.phonenumber,
            email: fields.email,
            about: fields.about,
            version: version
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
        version = try container.decodeIfPresent(Int.self, forKey: .version)
    }

    /// The entity tag of this version of the friend, `"<id>-<version>"`, as the server sends it in
    /// `ETag`: pass it as `If-Match` so a change made elsewhere since is not overwritten.
    public var eTag: String? {
        version.map { "\"\(id)-\($0)\"" }
    }

    /// The editable fields of this friend, e.g. to fill an update form.
    public var fields: NewFriend {
        NewFriend(firstname: firstname, lastname: lastname, phonenumber: phonenumber, email: email, about: about)
    }
}
