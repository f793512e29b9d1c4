/// What vCard 4.0 writes its own way, written as 3.0 readers know it, as sabre/dav serves 4.0
/// cards to 3.0 clients: a photo's `data:` URI as base64, a `tel:` URI as the number, a birthday
/// without a year as Apple writes one, `PREF=1` as `TYPE=pref`, a group's `KIND` and `MEMBER`s as
/// Apple's Contacts keeps them, an anniversary as Outlook's and as Apple's, a link marked as one.
/// Lines 3.0 reads as they are keep their bytes.
extension VCardVersion3 {
    static func convertingVersion4(_ card: VCard) -> VCard {
        var groups = NewGroupNames(in: card.properties)
        var properties = card.properties.flatMap { property in
            version3(of: property, groups: &groups).map(withVersion3Parameters)
        }
        // 3.0 requires `N`, which 4.0 does not: a company's card often has none.
        if !properties.contains(where: { $0.hasName("N") }) {
            let place = properties.firstIndex { $0.hasName("FN") }.map { $0 + 1 } ?? properties.endIndex
            properties.insert(VCardProperty(name: "N", value: ";;;;"), at: place)
        }
        return VCard(properties: properties, lineEnding: card.lineEnding)
    }

    /// `groups`: names for the groups an anniversary takes.
    private static func version3(of property: VCardProperty, groups: inout NewGroupNames) -> [VCardProperty] {
        switch property.name.uppercased() {
        case "VERSION":
            return [VCardProperty(group: property.group, name: property.name, value: "3.0")]
        case "KIND":
            switch property.text.trimmingSpaces.lowercased() {
            case "individual": return []
            case "group": return [property.renamed("X-ADDRESSBOOKSERVER-KIND")]
            case "org": return [VCardProperty(group: property.group, name: "X-ABShowAs", value: "COMPANY")]
            default: return [property]
            }
        case "MEMBER":
            return [property.renamed("X-ADDRESSBOOKSERVER-MEMBER")]
        case "PHOTO", "LOGO", "SOUND", "KEY":
            return [inlineData(property) ?? link(property) ?? property]
        case "TEL":
            return [telephoneNumber(property) ?? property]
        case "BDAY":
            return [yearless(property) ?? property]
        case "GEO":
            return [coordinates(property) ?? property]
        case "ANNIVERSARY":
            // Outlook reads `X-ANNIVERSARY`; Apple's Contacts a date (not a time, nor text)
            // labelled as one.
            let date = yearless(property) ?? property
            guard !date.parameterValues("VALUE").contains(where: { $0.caseInsensitiveEquals("text") }) else {
                return [date.renamed("X-ANNIVERSARY")]
            }
            let group = groups.next()
            let day = String(date.value.prefix { $0 != "T" && $0 != "t" })
            return [
                date.renamed("X-ANNIVERSARY"),
                VCardProperty(group: group, name: "X-ABDATE", parameters: date.parameters, value: day),
                VCardProperty(group: group, name: "X-ABLabel", value: "_$!<Anniversary>!$_"),
            ]
        default:
            return [property]
        }
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

    /// A link, 4.0's default for these, marked `VALUE=uri`, which 3.0 needs (without it the URL
    /// is read as the picture's bytes), its `MEDIATYPE=image/png` as `TYPE=PNG`.
    private static func link(_ property: VCardProperty) -> VCardProperty? {
        let value = property.value.trimmingSpaces
        let values = property.parameterValues("VALUE")
        guard values.isEmpty || values.contains(where: { $0.caseInsensitiveEquals("uri") }),
              let colon = value.firstIndex(of: ":"), let first = value.first, first.isLetter,
              value[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        let subtype = property.parameterValues("MEDIATYPE").first?.split(separator: "/").last.map { String($0).uppercased() }
        var converted = property
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") || $0.name.caseInsensitiveEquals("MEDIATYPE") }
        converted.parameters.append(VCardParameter(name: "VALUE", values: ["uri"]))
        if let subtype, !subtype.isEmpty { converted.parameters.append(VCardParameter(name: "TYPE", values: [subtype])) }
        converted.source = nil
        return converted
    }

    /// `VALUE=uri:tel:+1-555-0100;ext=102` as `+1-555-0100 ext. 102`; the URI's other parameters
    /// (`;phone-context=`, `;isub=`) are no part of the number people dial.
    private static func telephoneNumber(_ property: VCardProperty) -> VCardProperty? {
        let value = property.value.trimmingSpaces
        guard value.lowercased().hasPrefix("tel:") else { return nil }
        let parts = value.dropFirst(4).split(separator: ";", omittingEmptySubsequences: false)
        let number = parts.dropFirst().first { $0.lowercased().hasPrefix("ext=") }.map { parts[0] + ";" + $0 } ?? parts[0]
        var converted = property.replacingValue(with: TelephoneURI.shown(number))
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
        guard value.hasPrefix("--"), let date = BirthdayText.date(in: value), date.year == nil,
              let month = Int(date.month), let day = Int(date.day), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let monthAndDay = BirthdayText.twoDigits(date.month) + "-" + BirthdayText.twoDigits(date.day)
        var converted = property.replacingValue(with: "1604-" + monthAndDay)
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
