import Foundation
import FriendsAPI

/// Writing a friend's fields into its card in place: only the properties a change maps to are
/// touched (a new phone number replaces the value of the preferred `TEL` and keeps its `TYPE`s,
/// `FN` follows the names, `REV` moves); everything else keeps its bytes.
extension VCard {
    /// A vCard 3.0 card for a friend created over REST.
    public static func make(from fields: NewFriend, uid: String, now: Date) -> VCard {
        var card = VCard(properties: [
            VCardProperty(name: "VERSION", value: "3.0"),
            VCardProperty(name: "PRODID", value: "-//Friends//FriendService//EN"),
            VCardProperty(name: "UID", value: VCardEscaping.escape(uid)),
            VCardProperty(name: "FN", value: ""),
            VCardProperty(name: "N", value: ";;;;"),
        ])
        card.apply(FriendUpdate(replacingWith: fields), now: now)
        return card
    }

    /// Applies the fields present in `update`; the card stays as it was when nothing changes.
    public mutating func apply(_ update: FriendUpdate, now: Date) {
        let before = friend(id: 0)
        var after = update.applied(to: before)
        guard after != before else { return }
        let wasShownByStandIn = isShownByStandInName
        if after.firstname != before.firstname || after.lastname != before.lastname || after.organization != before.organization {
            // A stand-in name (a number, say) is not the contact's given name: naming the
            // contact leaves it out rather than writing it into `N`.
            if isShownByStandInName && after.firstname == before.firstname { after.firstname = "" }
            let namedInFull = fullName.map { first("FN")?.text == $0 } ?? false
            let familyFirst = familyNameFirstSeparator(given: before.firstname, family: before.lastname)
            setNames(first: after.firstname, last: after.lastname)
            setOrganization(after.organization)
            var formatted = namedInFull ? fullName ?? after.displayName : after.displayName
            if !namedInFull, let separator = familyFirst, !(after.firstname.isEmpty && after.lastname.isEmpty) {
                formatted = [after.lastname, after.firstname].filter { !$0.isEmpty }.joined(separator: separator)
            }
            if first("FN")?.text != formatted {
                set("FN", to: VCardEscaping.escape(formatted), after: "VERSION")
            }
        }
        if after.about != before.about { set("NOTE", to: after.about.isEmpty ? nil : VCardEscaping.escape(after.about), after: nil) }
        if after.birthday != before.birthday {
            replaceAll("BDAY", with: after.birthday.isEmpty ? [] : [birthdayProperty(after.birthday)])
        }
        if after.phones != before.phones { rewrite("TEL", from: before.phones, to: after.phones, value: Self.phoneNumber) }
        if after.emails != before.emails { rewrite("EMAIL", from: before.emails, to: after.emails, value: Self.emailAddress) }
        if after.addresses != before.addresses { rewriteAddresses(from: before.addresses, to: after.addresses) }
        if wasShownByStandIn { showByStandIn(insteadOf: before.firstname) }
        set("REV", to: Self.timestamp(now), after: nil)
    }

    /// A contact without a name is shown by its nickname, e-mail or number, which its `FN` holds:
    /// when that changed (a new number), `FN` follows, or it would show the old one as a name.
    private mutating func showByStandIn(insteadOf old: String) {
        let names = first("N")?.components ?? []
        let organization = first("ORG")?.components.first ?? ""
        guard [names[safe: 0] ?? "", names[safe: 1] ?? "", organization].allSatisfy({ $0.trimmingSpaces.isEmpty }),
              let shown = first("FN")?.text, shown == old, !isShownByStandInName else { return }
        let standIn = standInName(emails: nil, phones: nil)
        guard standIn != shown else { return }
        set("FN", to: VCardEscaping.escape(standIn == Self.noName ? "" : standIn), after: "VERSION")
    }

    /// Every part of `N` in reading order (honorific prefixes, given, additional and family names,
    /// suffixes), as Apple's Contacts writes `FN`: a card named so keeps "Dr." and "Jr." in `FN`
    /// when a name changes; one whose `FN` is only the given and family names keeps that form.
    private var fullName: String? {
        guard let parts = first("N")?.components, parts.prefix(2).contains(where: { !$0.isEmpty }) else { return nil }
        return [3, 1, 2, 0, 4].filter(parts.indices.contains).map { parts[$0] }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// How `FN` joins the family name written first ("佐藤 太郎", "佐藤太郎", "Nagy Ádám": Japanese,
    /// Chinese, Korean and Hungarian names), so that a new name is written in the same order;
    /// `nil` when `FN` is not so.
    private func familyNameFirstSeparator(given: String, family: String) -> String? {
        guard !given.isEmpty, !family.isEmpty, let shown = first("FN")?.text else { return nil }
        return [" ", ""].first { shown == family + $0 + given }
    }

    private mutating func setNames(first givenName: String, last familyName: String) {
        var parts = self.first("N")?.components ?? []
        while parts.count < 5 { parts.append("") }
        guard parts[0] != familyName || parts[1] != givenName else { return }
        parts[0] = familyName
        parts[1] = givenName
        set("N", to: VCardEscaping.joinComponents(parts), after: "FN")
    }

    private mutating func setOrganization(_ organization: String) {
        var parts = first("ORG")?.components ?? [""]
        guard parts[0] != organization else { return }
        parts[0] = organization
        let isEmpty = parts.allSatisfy(\.isEmpty)
        set("ORG", to: isEmpty ? nil : VCardEscaping.joinComponents(parts), after: "N")
    }

    /// Sets the first `name` property's value (keeping its parameters), adds one after the first
    /// `anchor` (or at the end), or removes every `name` for `nil`.
    mutating func set(_ name: String, to value: String?, after anchor: String?) {
        guard let value else {
            properties.removeAll { $0.hasName(name) }
            return
        }
        if let index = properties.firstIndex(where: { $0.hasName(name) }) {
            if properties[index].value != value { properties[index] = properties[index].replacingValue(with: value) }
        } else {
            let position = anchor.flatMap { anchor in properties.firstIndex { $0.hasName(anchor) }.map { $0 + 1 } } ?? properties.endIndex
            properties.insert(VCardProperty(name: name, value: value), at: position)
        }
    }

    /// Replaces every `name` property (and Apple labels grouped with them) with `replacements`, where the first one was.
    private mutating func replaceAll(_ name: String, with replacements: [VCardProperty]) {
        let position = properties.firstIndex { $0.hasName(name) } ?? properties.endIndex
        let groups = Set(properties.filter { $0.hasName(name) }.compactMap { $0.group?.lowercased() })
        var kept: [VCardProperty] = []
        var insertAt = 0
        for (index, property) in properties.enumerated() {
            if index == position { insertAt = kept.count }
            let isLabelOfRemoved = property.group.map { groups.contains($0.lowercased()) } == true
                && property.name.uppercased().hasPrefix("X-AB")
            if !property.hasName(name) && !isLabelOfRemoved { kept.append(property) }
        }
        if position == properties.endIndex { insertAt = kept.count }
        kept.insert(contentsOf: replacements, at: insertAt)
        properties = kept
    }

    /// Phones or emails: a changed value is written into its property in place, a list only
    /// reordered keeps its properties (`reorder`), and so do the others when entries are only
    /// relabelled, removed or added at the end; anything else (added elsewhere) writes the list
    /// afresh, the first one preferred. `value` reads an entry's value: properties
    /// without one are no entries (`labeledValues`).
    private mutating func rewrite(_ name: String, from old: [LabeledValue], to new: [LabeledValue], value: (VCardProperty) -> String) {
        var ordered = properties.indices.filter { properties[$0].hasName(name) && !value(properties[$0]).isEmpty }
        if let preferred = preferredIndex(among: ordered.map { properties[$0] }), preferred > 0 {
            ordered.insert(ordered.remove(at: preferred), at: 0)
        }
        if reorder(ordered, from: old, to: new) { return }
        // Entries relabelled, removed or added at the end leave the others' properties as they
        // were written (`TYPE=VOICE`, Android's `X-CUSTOM(…)` labels): written afresh, those would
        // be lost. A card whose numbers are `tel:` URIs gets its new ones so too.
        let usesURIs = name == "TEL" && ordered.contains { properties[$0].holdsTelephoneURI }
        // A card that ranks them (4.0's `PREF=1`, `PREF=2`) may read in another order then: it is
        // written afresh. A number added as a URI reads back with `-` for its spaces: that is no
        // reason to write the others afresh.
        let readBack = { (entries: [LabeledValue]) in
            usesURIs ? entries.map { LabeledValue(label: $0.label, value: TelephoneURI.readBack($0.value)) } : entries
        }
        let written = properties
        if old.count == new.count, ordered.count == old.count {
            replaceChanged(name, at: ordered, from: old, to: new, usesURIs: usesURIs)
            if zip(old, new).allSatisfy({ $0.label == $1.label }) || readBack(labeledValues(name, value: value)) == readBack(new) { return }
            properties = written
        }
        if let removed = Self.removedEntries(from: old, to: new) {
            let indices = Set(removed.map { ordered[$0] })
            let groups = indices.compactMap { properties[$0].group }
            properties = properties.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
            for group in groups {
                properties.removeAll { $0.group?.caseInsensitiveEquals(group) == true && $0.name.uppercased().hasPrefix("X-AB") }
            }
        } else if !old.isEmpty, new.count > old.count, Array(new.prefix(old.count)) == old {
            var groups = NewGroupNames(in: properties)
            let added = new.dropFirst(old.count).flatMap { newProperties(name, for: $0, isFirst: false, usesURIs: usesURIs, groups: &groups) }
            properties.insert(contentsOf: added, at: endOfEntries(name, at: ordered))
        }
        if properties != written, readBack(labeledValues(name, value: value)) == readBack(new) { return }
        properties = written
        var groups = NewGroupNames(in: properties)
        let replacements = new.enumerated().flatMap { index, entry in
            newProperties(name, for: entry, isFirst: index == 0, usesURIs: usesURIs, groups: &groups)
        }
        replaceAll(name, with: replacements)
    }

    /// The entries of a list of the same length that changed, each in its own property: a value
    /// alone is written into it; a new label writes the property afresh where it was (its Apple
    /// label lines going with it), the others staying as they were written.
    private mutating func replaceChanged(
        _ name: String, at ordered: [Int], from old: [LabeledValue], to new: [LabeledValue], usesURIs: Bool
    ) {
        var groups = NewGroupNames(in: properties)
        var replacements: [Int: [VCardProperty]] = [:]
        var staleGroups: Set<String> = []
        for (index, (before, after)) in zip(old, new).enumerated() where before != after {
            let current = properties[ordered[index]]
            if before.label != after.label {
                replacements[ordered[index]] = newProperties(name, for: after, isFirst: index == 0, usesURIs: usesURIs, groups: &groups)
                if let group = current.group { staleGroups.insert(group.lowercased()) }
            } else if name == "TEL" {
                replacements[ordered[index]] = [current.replacingPhoneNumber(with: after.value)]
            } else {
                var property = current.replacingValue(with: VCardEscaping.escape(after.value))
                property.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
                replacements[ordered[index]] = [property]
            }
        }
        properties = properties.enumerated().flatMap { offset, property -> [VCardProperty] in
            if let replacement = replacements[offset] { return replacement }
            let isStaleLabel = property.group.map { staleGroups.contains($0.lowercased()) } == true
                && property.name.uppercased().hasPrefix("X-AB")
            return isStaleLabel ? [] : [property]
        }
    }

    /// Where entries added at the end of a list go: after its last property, and after the Apple
    /// label lines of that property's group (`item3.X-ABLabel`).
    private func endOfEntries(_ name: String, at ordered: [Int]) -> Int {
        let groups = Set(ordered.compactMap { properties[$0].group?.lowercased() })
        let last = properties.indices.last { index in
            properties[index].hasName(name) || properties[index].group.map { groups.contains($0.lowercased()) } == true
        }
        return last.map { $0 + 1 } ?? properties.endIndex
    }

    /// The properties of a new phone or email: `TYPE`s for a label vCard knows, Android's
    /// `X-label` in a 2.1 card, an Apple label group for any other; the first of a list preferred.
    private func newProperties(
        _ name: String, for entry: LabeledValue, isFirst: Bool, usesURIs: Bool, groups: inout NewGroupNames
    ) -> [VCardProperty] {
        var types = name == "EMAIL" && !isVersion4 ? ["INTERNET"] : []
        var group: String?
        if let known = ContactLabels.types(for: entry.label) {
            types += known
        } else if version == "2.1", let android = ContactLabels.version21Type(for: entry.label) {
            // Alone, as Android writes it: its importer takes any other type (`INTERNET`) for the label.
            types = [android]
        } else {
            group = groups.next()
        }
        var parameters: [VCardParameter] = []
        if isFirst && isVersion4 { parameters.append(VCardParameter(name: "PREF", values: ["1"])) }
        if isFirst && !isVersion4 { types.append(version == "2.1" ? "PREF" : "pref") }
        if !types.isEmpty { parameters.insert(VCardParameter(name: "TYPE", values: types), at: 0) }
        var value = VCardEscaping.escape(entry.value)
        if usesURIs, let uri = TelephoneURI.uri(entry.value) {
            value = uri
            parameters.insert(VCardParameter(name: "VALUE", values: ["uri"]), at: 0)
        }
        let property = VCardProperty(group: group, name: name, parameters: parameters, value: value)
        guard let group else { return [property] }
        return [property, VCardProperty(group: group, name: "X-ABLabel", value: VCardEscaping.escape(entry.label))]
    }

    /// The positions in `old` of the entries `new` lacks, when `new` is `old` with some entries
    /// taken out and the rest in their order; nil otherwise.
    static func removedEntries(from old: [LabeledValue], to new: [LabeledValue]) -> [Int]? {
        guard new.count < old.count else { return nil }
        var removed: [Int] = []
        var next = new.startIndex
        for (index, entry) in old.enumerated() {
            if next < new.endIndex, new[next] == entry {
                next += 1
            } else {
                removed.append(index)
            }
        }
        return next == new.endIndex ? removed : nil
    }

    /// vCard 4.0 writes dates in ISO 8601's basic format (RFC 6350 4.3.1: `18151210`, `--1210`);
    /// 3.0 and 2.1 readers expect the extended one the field holds (`1815-12-10`). A 3.0 date
    /// has a year, so a birthday without one is written as Apple's Contacts and DAVx5 write it:
    /// `BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10`.
    private func birthdayProperty(_ birthday: String) -> VCardProperty {
        let hasNoYear = birthday.hasPrefix("--")
        if isVersion4 {
            let value = hasNoYear ? "--" + birthday.dropFirst(2).filter { $0 != "-" } : birthday.filter { $0 != "-" }
            return VCardProperty(name: "BDAY", value: value)
        }
        guard hasNoYear, version == "3.0" else { return VCardProperty(name: "BDAY", value: birthday) }
        let year = "1604"
        return VCardProperty(
            name: "BDAY", parameters: [VCardParameter(name: "X-APPLE-OMIT-YEAR", values: [year])],
            value: year + birthday.dropFirst(1)
        )
    }

    /// Like phones: a changed address is written into its `ADR` in place (its group, `TYPE`s and
    /// the post office box and extended address, unless the street changed, stay); anything else
    /// writes the list afresh, a label no `TYPE` says in an Apple label group.
    private mutating func rewriteAddresses(from old: [PostalAddress], to new: [PostalAddress]) {
        let ordered = properties.indices.filter { properties[$0].hasName("ADR") && !Self.isBlankAddress(properties[$0]) }
        if old.count == new.count, ordered.count == old.count, zip(old, new).allSatisfy({ $0.label == $1.label }) {
            var staleLabels: Set<Int> = []
            for (index, (before, after)) in zip(old, new).enumerated() where before != after {
                var parts = properties[ordered[index]].components
                while parts.count < 7 { parts.append("") }
                if after.street != before.street { parts[0...2] = ["", "", after.street] }
                parts[3...6] = [after.city, after.region, after.postcode, after.country]
                var property = properties[ordered[index]].replacingValue(with: VCardEscaping.joinComponents(parts))
                // 4.0's LABEL holds the formatted address, which no longer matches it.
                property.parameters.removeAll { $0.name.caseInsensitiveEquals("LABEL") }
                properties[ordered[index]] = property
                staleLabels.formUnion(formattedLabels(of: ordered[index], among: ordered))
            }
            // So do 2.1's and 3.0's LABEL lines, which Outlook and Evolution show in its place.
            properties = properties.enumerated().filter { !staleLabels.contains($0.offset) }.map(\.element)
            return
        }
        properties.removeAll { $0.hasName("LABEL") }
        var groups = NewGroupNames(in: properties)
        let replacements = new.flatMap { address -> [VCardProperty] in
            let value = VCardEscaping.joinComponents(["", "", address.street, address.city, address.region, address.postcode, address.country])
            let types = ContactLabels.types(for: address.label)
                ?? (version == "2.1" ? ContactLabels.version21Type(for: address.label).map { [$0] } : nil)
            guard let types else {
                let group = groups.next()
                return [
                    VCardProperty(group: group, name: "ADR", value: value),
                    VCardProperty(group: group, name: "X-ABLabel", value: VCardEscaping.escape(address.label)),
                ]
            }
            return [VCardProperty(name: "ADR", parameters: types.isEmpty ? [] : [VCardParameter(name: "TYPE", values: types)], value: value)]
        }
        replaceAll("ADR", with: replacements)
    }

    /// The `LABEL` lines (vCard 2.1 and 3.0) of the `ADR` at `address`: those of its group; for one
    /// without a group, the line right after it, or those of the same `TYPE`s (`PREF` aside, as
    /// Outlook writes `ADR;WORK;PREF` and `LABEL;WORK;PREF`) when no other address has them.
    private func formattedLabels(of address: Int, among addresses: [Int]) -> [Int] {
        let labels = properties.indices.filter { properties[$0].hasName("LABEL") }
        if let group = properties[address].group {
            return labels.filter { properties[$0].group?.caseInsensitiveEquals(group) == true }
        }
        if labels.contains(address + 1), properties[address + 1].group == nil { return [address + 1] }
        let kinds = { (index: Int) in Set(self.properties[index].types.map { $0.uppercased() }.filter { $0 != "PREF" }) }
        guard !addresses.contains(where: { $0 != address && properties[$0].group == nil && kinds($0) == kinds(address) }) else { return [] }
        return labels.filter { properties[$0].group == nil && kinds($0) == kinds(address) }
    }

    /// `REV`'s form that vCard 3.0 and 4.0 both read: `20261125T171500Z`.
    public static func timestamp(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func digits(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.year, 4) + digits(parts.month, 2) + digits(parts.day, 2)
            + "T" + digits(parts.hour, 2) + digits(parts.minute, 2) + digits(parts.second, 2) + "Z"
    }

    /// Made once: a calendar made and its time zone looked up for each card was 3.6 % of a `POST /friends`.
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }()
}

/// Names for new Apple label groups: `item` and one past the highest number the card uses. A group
/// numbered past any count of properties (`item9223372036854775807`, from a hostile card) is not
/// counted, so the next cannot overflow; a name that is taken is skipped.
struct NewGroupNames {
    private let used: Set<String>
    private var number: Int

    init(in properties: [VCardProperty]) {
        used = Set(properties.compactMap { $0.group?.lowercased() })
        number = (used.compactMap { Int($0.dropFirst(4)) }.filter { $0 < 1 << 32 }.max() ?? 0) + 1
    }

    mutating func next() -> String {
        while used.contains("item\(number)") { number += 1 }
        defer { number += 1 }
        return "item\(number)"
    }
}
