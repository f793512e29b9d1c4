import Foundation

/// A vCard 2.1 or 3.0 card written as vCard 4.0 (RFC 6350), for a client that asks for 4.0: the
/// other way from `VCardVersion3`, as sabre/dav's converter goes. A photo's base64 as a `data:` URI,
/// Apple's birthday without a year as 4.0's `--MMDD`, `TYPE=pref` as `PREF=1`, Apple's company,
/// group and member lines as `KIND` and `MEMBER`, Outlook's and Apple's anniversaries as one
/// `ANNIVERSARY`, `GEO` as a `geo:` URI, dates in 4.0's basic form, links without the escapes of
/// text; what 4.0 removed (`LABEL`, `NAME`, `MAILER`, `CLASS`, `PROFILE`) is left out, as
/// sabre/dav leaves it, and `SORT-STRING` is the name's `SORT-AS`.
/// What the card says otherwise stays, and lines 4.0 reads as they are keep their bytes.
public enum VCardVersion4 {
    /// `card` itself when it is a 4.0 card (or no card); any other in 4.0, its lines ending in CRLF.
    public static func bytes(of card: [UInt8]) -> [UInt8] {
        guard VCardVersion3.declaredVersion(in: card) != "4.0",
              let parsed = try? VCardParser.parse(card, checksLimits: false)
        else { return card }
        return VCardVersion3.endingLinesInCRLF(VCardWriter.bytes(of: converting(parsed)))
    }

    public static func text(of text: String) -> String {
        String(decoding: bytes(of: Array(text.utf8)), as: UTF8.self)
    }

    public static func converting(_ card: VCard) -> VCard {
        guard card.version != "4.0" else { return card }
        // 2.1's encodings and escapes are undone by writing the card in 3.0 first.
        let card = VCardVersion3.converting(card)
        let anniversaryGroups = Set(card.properties.compactMap { property in
            property.hasName("X-ABLabel") && property.value == anniversaryLabel ? property.group?.lowercased() : nil
        })
        // 4.0 wants `VERSION` right after `BEGIN`.
        var properties = [VCardProperty(name: "VERSION", value: "4.0")]
        // 4.0 allows one of each: Outlook's `X-ANNIVERSARY` and Apple's labelled date of one card are
        // one anniversary, and the first one stands.
        var once: Set<String> = []
        // 3.0's `SORT-STRING` is 4.0's `SORT-AS` of the name (RFC 6350 6.2.2): one sort key, so
        // without the commas that would part it, nor the quotes and line breaks no parameter holds.
        let sortString = card.first("SORT-STRING").map { property in
            String(property.text.unicodeScalars.map { $0.properties.isWhitespace || ["\"", ","].contains($0) ? " " : Character($0) })
                .split(separator: " ").joined(separator: " ")
        }
        for property in card.properties where !property.hasName("VERSION") {
            guard var converted = version4(of: property, anniversaryGroups: anniversaryGroups) else { continue }
            if converted.hasName("N"), let sortString, !sortString.isEmpty, converted.parameterValues("SORT-AS").isEmpty {
                converted.parameters.append(VCardParameter(name: "SORT-AS", values: [sortString]))
                converted.source = nil
            }
            let name = converted.name.uppercased()
            if ["ANNIVERSARY", "KIND"].contains(name), !once.insert(name).inserted { continue }
            properties.append(withVersion4Parameters(converted))
        }
        return VCard(properties: properties, lineEnding: .crlf)
    }

    private static let anniversaryLabel = "_$!<Anniversary>!$_"

    /// `nil` for a line 4.0 has no place for.
    private static func version4(of property: VCardProperty, anniversaryGroups: Set<String>) -> VCardProperty? {
        // Text in base64 (`NOTE;ENCODING=b:`) as text: 4.0 has no `ENCODING`.
        let property = property.base64Text == nil ? property : VCardVersion3.converting(property)
        let isInAnniversaryGroup = property.group.map { anniversaryGroups.contains($0.lowercased()) } ?? false
        switch property.name.uppercased() {
        case "LABEL", "NAME", "MAILER", "CLASS", "PROFILE", "SORT-STRING":
            return nil
        case "PHOTO", "LOGO", "SOUND", "KEY":
            return dataURI(property) ?? link(property) ?? property
        case "BDAY", "ANNIVERSARY", "REV":
            return date(property)
        case "X-ANNIVERSARY":
            return date(property).renamed("ANNIVERSARY")
        case "X-ABDATE" where isInAnniversaryGroup:
            var anniversary = date(property).renamed("ANNIVERSARY")
            anniversary.group = nil
            return anniversary
        case "X-ABLABEL" where isInAnniversaryGroup:
            return nil
        case "X-ABSHOWAS" where property.text.trimmingSpaces.caseInsensitiveEquals("COMPANY"):
            return VCardProperty(group: property.group, name: "KIND", value: "org")
        case "X-ADDRESSBOOKSERVER-KIND" where property.text.trimmingSpaces.caseInsensitiveEquals("group"):
            return VCardProperty(group: property.group, name: "KIND", value: "group")
        case "X-ADDRESSBOOKSERVER-MEMBER":
            return withoutTextEscapes(property.renamed("MEMBER"))
        case "URL", "IMPP", "FBURL", "CALURI", "CALADRURI", "MEMBER":
            return withoutTextEscapes(property)
        case "GEO":
            return geoURI(property) ?? property
        case "N":
            return withFiveComponents(property)
        default:
            return property
        }
    }

    /// `PHOTO;ENCODING=b;TYPE=JPEG:…` as `PHOTO:data:image/jpeg;base64,…`; its media type read from
    /// the bytes where they are a picture, from `TYPE` otherwise.
    private static func dataURI(_ property: VCardProperty) -> VCardProperty? {
        guard property.isBase64 else { return nil }
        let base64 = String(property.value.unicodeScalars.filter { !$0.properties.isWhitespace })
        let declared = property.types.lazy.compactMap(mediaType(ofType:)).first
        let mediaType = headOfBase64(base64).flatMap(VCardPhoto.mediaType(of:)) ?? declared ?? "application/octet-stream"
        var converted = withoutFormatTypes(property.replacingValue(with: "data:\(mediaType);base64,\(base64)"))
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
        return converted
    }

    /// A link marked `VALUE=uri` (4.0's default for these), its `TYPE=PNG` as `MEDIATYPE=image/png`.
    private static func link(_ property: VCardProperty) -> VCardProperty? {
        guard property.parameterValues("VALUE").contains(where: { $0.caseInsensitiveEquals("uri") || $0.caseInsensitiveEquals("url") })
        else { return nil }
        let mediaType = property.types.lazy.compactMap(mediaType(ofType:)).first
        var converted = withoutTextEscapes(withoutFormatTypes(property))
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
        if let mediaType { converted.parameters.append(VCardParameter(name: "MEDIATYPE", values: [mediaType])) }
        return converted
    }

    /// In 3.0 a picture's `TYPE=JPEG` names its format, which 4.0 says otherwise; `TYPE=HOME` stays.
    private static func withoutFormatTypes(_ property: VCardProperty) -> VCardProperty {
        var converted = property
        converted.parameters = property.parameters.compactMap { parameter in
            guard parameter.name.caseInsensitiveEquals("TYPE") else { return parameter }
            let kept = parameter.values.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces } }
                .filter { mediaType(ofType: $0) == nil }
            return kept.isEmpty ? nil : VCardParameter(name: parameter.name, values: kept)
        }
        converted.source = nil
        return converted
    }

    /// 4.0's `N` has all five parts (RFC 6350 6.2.2), where 2.1 and 3.0 may leave the last ones out
    /// (Outlook's `N:Family;Given`, Apple's group `N:Family`).
    private static func withFiveComponents(_ property: VCardProperty) -> VCardProperty {
        let count = VCardEscaping.splitComponents(property.value).count
        guard count < 5 else { return property }
        return property.replacingValue(with: property.value + String(repeating: ";", count: 5 - count))
    }

    /// A URI is no text: `https\://` is `https://` in 4.0.
    private static func withoutTextEscapes(_ property: VCardProperty) -> VCardProperty {
        let value = VCardEscaping.unescapedURI(property.value)
        guard value != property.value else { return property }
        var converted = property
        converted.value = value
        converted.source = nil
        return converted
    }

    private static let mediaTypes = [
        "JPEG": "image/jpeg", "JPG": "image/jpeg", "PNG": "image/png", "GIF": "image/gif", "WEBP": "image/webp",
        "BMP": "image/bmp", "TIFF": "image/tiff", "PGP": "application/pgp-keys", "X509": "application/pkix-cert",
    ]

    /// The media type a `TYPE` names: `JPEG` as 3.0 writes it, or `image/jpeg` as Evolution does.
    private static func mediaType(ofType type: String) -> String? {
        type.contains("/") ? type.lowercased() : mediaTypes[type.uppercased()]
    }

    /// The first bytes of base64 text, enough for a picture's signature.
    private static func headOfBase64(_ base64: String) -> Data? {
        Data(base64Encoded: String(base64.prefix(16)))
    }

    /// Apple's `1604-06-23;X-APPLE-OMIT-YEAR=1604` as `--0623`; dates and times in 4.0's basic form
    /// (`1985-04-12` as `19850412`, `--12-10` as `--1210`, `1953-10-15T23:10:00Z` as
    /// `19531015T231000Z`); no `VALUE=date`, a type 4.0 does not have. Other values stay as written.
    private static func date(_ property: VCardProperty) -> VCardProperty {
        let omittedYear = property.parameterValues("X-APPLE-OMIT-YEAR").first?.trimmingSpaces
        let isDateType = { (parameter: VCardParameter) in
            parameter.name.caseInsensitiveEquals("VALUE")
                && parameter.values.contains { $0.caseInsensitiveEquals("date") || $0.caseInsensitiveEquals("date-time") }
        }
        guard omittedYear != nil || property.parameters.contains(where: isDateType) || property.value.contains("-") || property.value.contains(":")
        else { return property }
        var converted = property
        if let basic = basicForm(of: property.value.trimmingSpaces, omittingYear: omittedYear) {
            converted = property.replacingValue(with: basic)
        }
        converted.parameters.removeAll { $0.name.caseInsensitiveEquals("X-APPLE-OMIT-YEAR") || isDateType($0) }
        converted.source = nil
        return converted
    }

    /// An ISO 8601 date (year first, or `--` without one), with or without a time, in basic form;
    /// `nil` for anything else (`20.04.1985`, text).
    private static func basicForm(of value: String, omittingYear omittedYear: String?) -> String? {
        let dateText = value.prefix { $0 != "T" && $0 != "t" }
        let time = value.dropFirst(dateText.count)
        guard let date = BirthdayText.date(in: dateText), dateText.hasPrefix("--") || dateText.hasPrefix(date.year ?? "-"),
              let month = Int(date.month), let day = Int(date.day), (1...12).contains(month), (1...31).contains(day),
              time.allSatisfy({ $0.isASCIIDigitCharacter || "Tt:.+-Zz".contains($0) })
        else { return nil }
        let monthAndDay = BirthdayText.twoDigits(date.month) + BirthdayText.twoDigits(date.day)
        let year = date.year.map(String.init).flatMap { $0 == omittedYear ? nil : $0 } ?? "--"
        return year + monthAndDay + time.filter { $0 != ":" }
    }

    /// 3.0's `37.386013;-122.082932` as `geo:37.386013,-122.082932`.
    private static func geoURI(_ property: VCardProperty) -> VCardProperty? {
        let numbers = property.value.split(separator: ";", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        guard numbers.count == 2, numbers.allSatisfy(isDecimal),
              let latitude = Double(numbers[0]), let longitude = Double(numbers[1]), abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        return property.replacingValue(with: "geo:\(numbers[0]),\(numbers[1])")
    }

    /// `-37.5` or `12`, as RFC 5870 writes a coordinate: no `+`, exponent or `nan`.
    private static func isDecimal(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }
    }

    /// `TYPE=pref` as `PREF=1`; 3.0's `ENCODING` and `CHARSET` have no place in 4.0.
    private static func withVersion4Parameters(_ property: VCardProperty) -> VCardProperty {
        let isPreferred = property.hasType("pref")
        let dropped = { (parameter: VCardParameter) in
            parameter.name.caseInsensitiveEquals("ENCODING") || parameter.name.caseInsensitiveEquals("CHARSET")
        }
        guard isPreferred || property.parameters.contains(where: dropped) else { return property }
        var converted = property
        converted.parameters = property.parameters.compactMap { parameter in
            guard !dropped(parameter) else { return nil }
            guard parameter.name.caseInsensitiveEquals("TYPE") else { return parameter }
            let types = parameter.values.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces } }
                .filter { !$0.caseInsensitiveEquals("pref") }
            return types.isEmpty ? nil : VCardParameter(name: parameter.name, values: types)
        }
        if isPreferred, !converted.parameters.contains(where: { $0.name.caseInsensitiveEquals("PREF") }) {
            converted.parameters.append(VCardParameter(name: "PREF", values: ["1"]))
        }
        converted.source = nil
        return converted
    }
}
