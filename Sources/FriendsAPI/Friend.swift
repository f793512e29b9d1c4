import Foundation

/// A friend as it travels over the wire: a view over the friend's vCard (see the `VCard` module).
///
/// Field names are the original iOS client's (`firstname`, `lastname`, `phonenumber`);
/// `email` and `about` were added later, so a missing one decodes as empty. The `/friends` routes
/// also send the friend's `version` and the contact's other details (`organization`, `phones`,
/// `emails`, `addresses`, `birthday`, `photo`, `uid`); the original client's routes do not.
public struct Friend: Codable, Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    public var firstname: String
    public var lastname: String
    public var phonenumber: String
    public var email: String
    public var about: String
    /// The first component of the card's `ORG`.
    public var organization: String
    /// Every phone number, the preferred one (`phonenumber`) first.
    public var phones: [LabeledValue]
    /// Every email address, the preferred one (`email`) first.
    public var emails: [LabeledValue]
    public var addresses: [PostalAddress]
    /// `1815-12-10`, `--12-10` without a year, or empty.
    public var birthday: String
    /// Whether the card holds a picture, served by `GET /friends/{id}/avatar`.
    public var photo: Bool
    /// The card's `UID`: the same contact in every address book that holds it.
    public var uid: String
    /// Grows by one with every change; `nil` when the server did not send it. See `eTag`.
    public var version: Int?

    public init(
        id: Int,
        firstname: String,
        lastname: String,
        phonenumber: String = "",
        email: String = "",
        about: String = "",
        version: Int? = nil,
        organization: String = "",
        phones: [LabeledValue] = [],
        emails: [LabeledValue] = [],
        addresses: [PostalAddress] = [],
        birthday: String = "",
        photo: Bool = false,
        uid: String = ""
    ) {
        self.id = id
        self.firstname = firstname
        self.lastname = lastname
        self.phonenumber = phonenumber
        self.email = email
        self.about = about
        self.version = version
        self.organization = organization
        self.phones = phones
        self.emails = emails
        self.addresses = addresses
        self.birthday = birthday
        self.photo = photo
        self.uid = uid
    }

    public init(id: Int, _ fields: NewFriend, version: Int? = nil) {
        self.init(
            id: id,
            firstname: fields.firstname,
            lastname: fields.lastname,
            phonenumber: fields.phonenumber,
            email: fields.email,
            about: fields.about,
            version: version,
            organization: fields.organization,
            phones: fields.phones,
            emails: fields.emails,
            addresses: fields.addresses,
            birthday: fields.birthday
        )
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        firstname = try container.decodeIfPresent(String.self, forKey: .firstname) ?? ""
        lastname = try container.decodeIfPresent(String.self, forKey: .lastname) ?? ""
        phonenumber = try container.decodeIfPresent(String.self, forKey: .phonenumber) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        about = try container.decodeIfPresent(String.self, forKey: .about) ?? ""
        version = try container.decodeIfPresent(Int.self, forKey: .version)
        organization = try container.decodeIfPresent(String.self, forKey: .organization) ?? ""
        phones = try container.decodeIfPresent([LabeledValue].self, forKey: .phones) ?? []
        emails = try container.decodeIfPresent([LabeledValue].self, forKey: .emails) ?? []
        addresses = try container.decodeIfPresent([PostalAddress].self, forKey: .addresses) ?? []
        birthday = try container.decodeIfPresent(String.self, forKey: .birthday) ?? ""
        photo = try container.decodeIfPresent(Bool.self, forKey: .photo) ?? false
        uid = try container.decodeIfPresent(String.self, forKey: .uid) ?? ""
    }

    enum CodingKeys: String, CodingKey {
        case id, firstname, lastname, phonenumber, email, about, version
        case organization, phones, emails, addresses, birthday, photo, uid
    }

    /// The original client's six fields; with a `version` (as the `/friends` routes send a friend)
    /// also the version and the contact's other details.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstname, forKey: .firstname)
        try container.encode(lastname, forKey: .lastname)
        try container.encode(phonenumber, forKey: .phonenumber)
        try container.encode(email, forKey: .email)
        try container.encode(about, forKey: .about)
        guard let version else { return }
        try container.encode(version, forKey: .version)
        try container.encode(organization, forKey: .organization)
        try container.encode(phones, forKey: .phones)
        try container.encode(emails, forKey: .emails)
        try container.encode(addresses, forKey: .addresses)
        try container.encode(birthday, forKey: .birthday)
        try container.encode(photo, forKey: .photo)
        try container.encode(uid, forKey: .uid)
    }

    /// What the friend is called: the names, or the organization when there are none. Names
    /// written in Chinese, Japanese or Korean come family name first, without a space (李小龍,
    /// 山田花子, 김민준), as contact apps show them.
    public var displayName: String {
        if showsFamilyNameFirst { return lastname + firstname }
        let name = [firstname, lastname].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? organization : name
    }

    /// Whether both names are written in Chinese, Japanese or Korean, and so shown (and found, and
    /// abbreviated) family name first.
    package var showsFamilyNameFirst: Bool {
        !firstname.isEmpty && !lastname.isEmpty && Self.isEastAsian(lastname + firstname)
    }

    /// Whether every character of `name` is Han, kana or Hangul (with the marks names use among
    /// them: 々 in 佐々木, variation selectors that pick a glyph).
    package static func isEastAsian(_ name: String) -> Bool {
        let scripts: [ClosedRange<UInt32>] = [
            0x1100...0x11FF,    // Hangul Jamo
            0x3005...0x3007,    // 々 〆 〇
            0x3040...0x30FF,    // Hiragana, Katakana
            0x3130...0x318F,    // Hangul compatibility Jamo
            0x31F0...0x31FF,    // Katakana phonetic extensions
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,  // Han
            0xA960...0xA97F, 0xAC00...0xD7FF,  // Hangul
            0xFE00...0xFE0F, 0xE0100...0xE01EF,  // variation selectors
            0xFF65...0xFF9F,    // half-width Katakana
        ]
        return name.unicodeScalars.allSatisfy { scalar in scripts.contains { $0.contains(scalar.value) } }
    }

    /// The entity tag of this version of the friend, `"<id>-<version>"`, as the server sends it in
    /// `ETag`: pass it as `If-Match` so a change made elsewhere since is not overwritten.
    public var eTag: String? {
        version.map { "\"\(id)-\($0)\"" }
    }

    /// The editable text fields of this friend, e.g. to fill an update form. The lists (`phones`,
    /// `emails`, `addresses`) are left empty: a form that edits only the preferred number and
    /// address sends no list, so the card keeps every other one.
    public var fields: NewFriend {
        NewFriend(
            firstname: firstname, lastname: lastname, phonenumber: phonenumber, email: email, about: about,
            organization: organization, birthday: birthday
        )
    }
}

extension Friend {
    /// The last name the list sorts by: without one, the first name ("Mom" sorts under M), and
    /// without any name, the organization.
    public var sortingLastName: String {
        guard lastname.isEmpty else { return lastname }
        return firstname.isEmpty ? organization : firstname
    }
}
