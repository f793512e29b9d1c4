import FriendsAPI

/// The friend a card shows: the mapping table of DESIGN.md ("The full contact").
extension VCard {
    public func friend(id: Int, version: Int? = nil) -> Friend {
        var (firstname, lastname, organization) = ownNames
        let phones = labeledValues("TEL", value: Self.phoneNumber)
        let emails = labeledValues("EMAIL", value: Self.emailAddress)
        if firstname.isEmpty && lastname.isEmpty && organization.isEmpty {
            // A contact saved with only a nickname, an e-mail or a number (iCloud writes `N:;;;;`
            // and an empty `FN`) is shown by it, as the contact apps show it; one without any of
            // them (a note, an address) as "No Name".
            firstname = standInName(emails: emails, phones: phones)
        }
        return Friend(
            id: id,
            firstname: firstname,
            lastname: lastname,
            phonenumber: phones.first?.value ?? "",
            email: emails.first?.value ?? "",
            about: first("NOTE")?.text ?? "",
            version: version,
            organization: organization,
            phones: phones,
            emails: emails,
            addresses: all("ADR").filter { !Self.isBlankAddress($0) }.map(address),
            birthday: birthday,
            photo: (try? photo()) != nil,
            uid: first("UID")?.text.trimmingSpaces ?? ""
        )
    }

    /// The names the card gives itself: `N`'s given and family names (`FN` as the given name when
    /// `N` has neither, unless it only repeats the organization) and `ORG`'s first unit.
    private var ownNames: (first: String, last: String, organization: String) {
        let names = first("N")?.components ?? []
        var firstname = names[safe: 1]?.trimmingSpaces ?? ""
        let lastname = names[safe: 0]?.trimmingSpaces ?? ""
        let organization = first("ORG")?.components.first?.trimmingSpaces ?? ""
        if firstname.isEmpty && lastname.isEmpty, let formatted = first("FN")?.text.trimmingSpaces, formatted != organization {
            firstname = formatted
        }
        return (firstname, lastname, organization)
    }

    /// Whether the friend's first name is only the nickname, e-mail or number the card is shown by
    /// (which a stored card also carries in `FN`).
    var isShownByStandInName: Bool {
        let names = ownNames
        guard names.last.isEmpty, names.organization.isEmpty, (first("N")?.components[safe: 1] ?? "").trimmingSpaces.isEmpty else { return false }
        return names.first.isEmpty || names.first == standInName(emails: nil, phones: nil)
    }

    /// Whether nothing on the card names anyone (no name, organization, nickname, e-mail or
    /// number): it is shown as "No Name".
    var namesNobody: Bool {
        let names = ownNames
        return names.first.isEmpty && names.last.isEmpty && names.organization.isEmpty
            && standInName(emails: nil, phones: nil) == Self.noName
    }

    /// What a contact without a name is shown as when nothing else names it, as iOS shows it.
    public static let noName = "No Name"

    func standInName(emails: [LabeledValue]?, phones: [LabeledValue]?) -> String {
        let nickname = first("NICKNAME")?.listValues.first?.trimmingSpaces
        let email = (emails ?? labeledValues("EMAIL", value: Self.emailAddress)).first?.value
        let phone = (phones ?? labeledValues("TEL", value: Self.phoneNumber)).first?.value
        return [nickname, email, phone].compactMap { $0 }.first { !$0.isEmpty } ?? Self.noName
    }

    /// Every `name` property as label and value, the preferred one first. One without a value
    /// (`TEL;TYPE=CELL:`, a field a phone left blank) is no entry: a client that sends the list
    /// back would be refused for it.
    func labeledValues(_ name: String, value: (VCardProperty) -> String) -> [LabeledValue] {
        let properties = all(name).filter { !value($0).isEmpty }
        var entries = properties.map { LabeledValue(label: ContactLabels.label(of: $0, in: self), value: value($0)) }
        if let preferred = preferredIndex(among: properties), preferred > 0 {
            entries.insert(entries.remove(at: preferred), at: 0)
        }
        return entries
    }

    /// `TYPE=pref` (2.1 and 3.0) or the lowest `PREF=` (4.0); `nil` when none is marked.
    func preferredIndex(among properties: [VCardProperty]) -> Int? {
        let ranks = properties.map(\.preferenceRank)
        return ranks.enumerated().filter { $0.element != nil }.min { $0.element! < $1.element! }?.offset
    }

    /// The number as text; a `tel:` URI's as people read it ("+1-555-0100 ext. 102").
    static func phoneNumber(_ property: VCardProperty) -> String {
        let value = property.text.trimmingSpaces
        return value.lowercased().hasPrefix("tel:") ? TelephoneURI.shown(value.dropFirst(4)) : value
    }

    static func emailAddress(_ property: VCardProperty) -> String {
        let value = property.text.trimmingSpaces
        return value.lowercased().hasPrefix("mailto:") ? String(value.dropFirst(7)) : value
    }

    /// An `ADR` with every field empty, as Apple's Contacts keeps a work address left blank
    /// (`item2.ADR;type=WORK:;;;;;;`), is no address.
    static func isBlankAddress(_ property: VCardProperty) -> Bool {
        property.components.allSatisfy { $0.trimmingSpaces.isEmpty }
    }

    func address(_ property: VCardProperty) -> PostalAddress {
        let parts = property.components.map { $0.trimmingSpaces }
        let street = [parts[safe: 2], parts[safe: 1], parts[safe: 0]].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        return PostalAddress(
            label: ContactLabels.label(of: property, in: self),
            street: street,
            city: parts[safe: 3] ?? "",
            region: parts[safe: 4] ?? "",
            postcode: parts[safe: 5] ?? "",
            country: parts[safe: 6] ?? ""
        )
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
