import Foundation
import FriendsAPI
import VCard

/// The card of a new friend that has only the seed's fields (names, one number, one e-mail, a
/// note: what the original client and most `POST /friends` send), and the friend it shows, written
/// directly. The vCard library makes the same card by applying the fields to an empty card and
/// reads the friend back from it; for these fields that was two thirds of making a friend's record
/// and an eighth of a `POST`'s time (BENCHMARKS.md, "The write path, a fourth round").
///
/// `nil` for anything the library maps with rules of its own (a friend named only by its
/// organization, labels, addresses, a birthday, `tel:` and `mailto:` values, a first name that is
/// the library's stand-in "No Name", a carriage return that a card cannot keep). Tests make the
/// same friends both ways and compare every column.
struct SeedFieldsCard {
    let card: VCard
    let friend: Friend

    init?(_ fields: NewFriend, uid: String, now: Date) {
        let fields = fields.trimmed
        guard fields.organization.isEmpty, fields.birthday.isEmpty,
              fields.phones.isEmpty, fields.emails.isEmpty, fields.addresses.isEmpty,
              !fields.firstname.isEmpty || !fields.lastname.isEmpty, fields.firstname != VCard.noName,
              !Self.hasPrefix("tel:", fields.phonenumber), !Self.hasPrefix("mailto:", fields.email),
              ![fields.firstname, fields.lastname, fields.phonenumber, fields.email, fields.about].contains(where: Self.hasCarriageReturn)
        else { return nil }

        let phones = fields.phonenumber.isEmpty ? [] : [LabeledValue(label: "mobile", value: fields.phonenumber)]
        let emails = fields.email.isEmpty ? [] : [LabeledValue(label: "", value: fields.email)]
        friend = Friend(
            id: 0, firstname: fields.firstname, lastname: fields.lastname,
            phonenumber: fields.phonenumber, email: fields.email, about: fields.about,
            phones: phones, emails: emails, uid: uid
        )

        var properties = [
            VCardProperty(name: "VERSION", value: "3.0"),
            VCardProperty(name: "PRODID", value: "-//Friends//FriendService//EN"),
            VCardProperty(name: "UID", value: VCardEscaping.escape(uid)),
            VCardProperty(name: "FN", value: VCardEscaping.escape(friend.displayName)),
            VCardProperty(name: "N", value: VCardEscaping.joinComponents([fields.lastname, fields.firstname, "", "", ""])),
        ]
        if !fields.about.isEmpty {
            properties.append(VCardProperty(name: "NOTE", value: VCardEscaping.escape(fields.about)))
        }
        if !fields.phonenumber.isEmpty {
            properties.append(Self.preferred("TEL", types: ["CELL"], value: fields.phonenumber))
        }
        if !fields.email.isEmpty {
            properties.append(Self.preferred("EMAIL", types: ["INTERNET"], value: fields.email))
        }
        properties.append(VCardProperty(name: "REV", value: VCard.timestamp(now)))
        card = VCard(properties: properties)
    }

    /// A number or address as the only one of its kind: preferred, with the types of its label.
    private static func preferred(_ name: String, types: [String], value: String) -> VCardProperty {
        VCardProperty(name: name, parameters: [VCardParameter(name: "TYPE", values: types + ["pref"])], value: VCardEscaping.escape(value))
    }

    private static func hasPrefix(_ prefix: String, _ value: String) -> Bool {
        value.lowercased().hasPrefix(prefix)
    }

    private static func hasCarriageReturn(_ value: String) -> Bool {
        value.utf8.contains(UInt8(ascii: "\r"))
    }
}
