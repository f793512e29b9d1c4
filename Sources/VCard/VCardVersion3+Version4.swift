/// What vCard 4.0 writes its own way, written as 3.0 readers know it, as sabre/dav serves 4.0
/// cards to 3.0 clients: a photo's `data:` URI as base64, a `tel:` URI as the number, a birthday
/// without a year as Apple writes one, `PREF=1` as `TYPE=pref`, a group's `KIND` and `MEMBER`s as
/// Apple's Contacts keeps them, an anniversary as Outlook's and as Apple's. Lines 3.0 reads as
/// they are keep their bytes.
extension VCardVersion3 {
    static func convertingVersion4(_ card: VCard) -> VCard {
        var groups = Set(card.properties.compactMap { $0.group?.lowercased() })
        let properties = card.properties.flatMap { property in
            version3(of: property, groups: &groups).map(withVersion3Parameters)
        }
        return VCard(properties: properties, lineEnding: card.lineEnding)
    }

    /// `groups`: the groups taken, for a new one to take another name.
    private static func version3(of property: VCardProperty, groups: inout Set<String>) -> [VCardProperty] {
        switch property.name.uppercased() {
        case "VERSION":
            return [VCardProperty(group: property.group, name: property.name, value: "3.0")]
        case "KIND":
            switch property.text.trimmingSpaces.lowercased() {
            case "individual": return []
            case "group": return [renamed(property, "X-ADDRESSBOOKSERVER-KIND")]
            case "org": return [VCardProperty(group: property.group, name: "X-ABShowAs", value: "COMPANY")]
            default: return [property]
            }
        case "MEMBER":
            return [renamed(property, "X-ADDRESSBOOKSERVER-MEMBER")]
        case "PHOTO", "LOGO", "SOUND", "KEY":
            return [inlineData(property) ?? property]
        case "TEL":
            return [telephoneNumber(property) ?? property]
        case "BDAY":
            return [yearless(property) ?? property]
        case "GEO":
            return [coordinates(property) ?? property]
        case "ANNIVERSARY":
            // Outlook reads `X-ANNIVERSARY`; Apple's Contacts a date labelled as one.
            let date = yearless(property) ?? property
            var group = 1
            while groups.contains("item\(group)") { group += 1 }
            groups.insert("item\(group)")
            return [
                renamed(date, "X-ANNIVERSARY"),
                VCardProperty(group: "item\(group)", name: "X-ABDATE", parameters: date.parameters, value: date.value),
                VCardProperty(group: "item\(group)", name: "X-ABLabel", value: "_$!<Anniversary>!$_"),
            ]
        default:
            return [property]
        }
    }

    private static func renamed(_ property: VCardProperty, _ name: String) -> VCardProperty {
        var renamed = property
        renamed.name = name
        renamed.source = nil
        return renamed
    }

    /// `data:image/jpeg;base64,…` as `ENCODING=b;TYPE=JPEG:…`; nil for a link to elsewhere.
    private static func inlineData(_ property: VCardProperty) -> VCardProperty? {
        let value = property.value.trimmingSpaces
        guard value.lowercased().hasPrefix("data:"), let comma = value.firstIndex(of: ","),
              value[..<comma].lowercased().hasSuffix(";base64")
        else { return nil }
        let mediaType = value.dropFirst(5).prefix { $0 != ";" && $0 != "," }
        let subtype = mediaType.split(separator: "/").last.map { String($0).uppercased() } ?? ""
        var converted = VCardProperty(group: property.group, name: property.name, value: String(value[value.index(after: comma)...]))
        converted.parameters = property.parameters.filter { !["VALUE", "MEDIATYPE", "ENCODING"].contains($0.name.uppercased()) }
        converted.parameters.append(VCardParameter(name: "ENCODING", values: ["b"]))
        if !subtype.isEmpty { converted.parameters.append(VCardParameter(name: "TYPE", values: [subtype])) }
        return converted
    }

    /// `VALUE=uri:tel:+1-555-0100;ext=102` as `+1-555-0100 ext. 102`.
    private static func telephoneNumber(_ property: VCardProperty) -> VCardProperty? {
        let value = property.value.trimmingSpaces
        guard value.lowercased().hasPrefix("tel:") else { return nil }
        var converted = property.replacingValue(with: TelephoneURI.shown(value.dropFirst(4)))
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
        return converted
    }

    /// `geo:46.772673,-71.282945` as `46.772673;-71.282945`.
    private static func coordinates(_ property: VCardProperty) -> VCardProperty? {
        let value = property.value.trimmingSpaces
        guard value.lowercased().hasPrefix("geo:") else { return nil }
        let numbers = value.dropFirst(4).prefix { $0 != ";" }.split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count >= 2 else { return nil }
        var converted = property.replacingValue(with: "\(numbers[0]);\(numbers[1])")
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
        return converted
    }

    /// `--04-15` as `1604-04-15` with `X-APPLE-OMIT-YEAR=1604`, as Apple writes a date without a year.
    private static func yearless(_ property: VCardProperty) -> VCardProperty? {
        let value = Substring(property.value.trimmingSpaces)
        guard value.hasPrefix("--"), let date = BirthdayText.date(in: value), date.year == nil else { return nil }
        let twoDigits = { (number: Substring) in String(repeating: "0", count: max(0, 2 - number.count)) + number }
        var converted = property.replacingValue(with: "1604-" + twoDigits(date.month) + "-" + twoDigits(date.day))
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
        converted.parameters.append(VCardParameter(name: "X-APPLE-OMIT-YEAR", values: ["1604"]))
        return converted
    }

    /// `PREF=1` as `TYPE=pref` (other ranks are 4.0's alone); no `VALUE=date-and-or-time`, a type
    /// 3.0 does not have; `TYPE="work,voice"` as the list `TYPE=work,voice` it means.
    private static func withVersion3Parameters(_ property: VCardProperty) -> VCardProperty {
        let isPreferred = property.parameterValues("PREF").contains { $0.trimmingSpaces == "1" }
        let dropped = { (parameter: VCardParameter) in
            parameter.name.caseInsensitiveEquals("PREF")
                || parameter.name.caseInsensitiveEquals("VALUE") && parameter.values.contains { $0.caseInsensitiveEquals("date-and-or-time") }
        }
        let isQuotedList = { (parameter: VCardParameter) in
            parameter.name.caseInsensitiveEquals("TYPE") && parameter.values.contains { $0.contains(",") }
        }
        guard property.parameters.contains(where: { dropped($0) || isQuotedList($0) }) else { return property }
        var converted = property
        converted.parameters = converted.parameters.filter { !dropped($0) }.map { parameter in
            guard isQuotedList(parameter) else { return parameter }
            return VCardParameter(name: parameter.name, values: parameter.values.flatMap { $0.split(separator: ",").map(String.init) })
        }
        if isPreferred { converted.parameters.append(VCardParameter(name: "TYPE", values: ["pref"])) }
        converted.source = nil
        return converted
    }
}
