/// A vCard 2.1 or 4.0 card written as vCard 3.0 (RFC 2426), for readers that take only 3.0:
/// CardDAV clients are owed 3.0 (RFC 6352 5.1), Apple's Contacts reads neither 2.1's
/// quoted-printable nor 4.0's URIs, and Radicale refuses 2.1's photos. What the card says stays as
/// it was; only how it is written changes (2.1 here, 4.0 in `VCardVersion3+Version4`).
public enum VCardVersion3 {
    /// `card` itself when it is a 3.0 card (or no card); a 2.1 or 4.0 card in 3.0, its lines
    /// ending in CRLF as 3.0's must.
    public static func bytes(of card: [UInt8]) -> [UInt8] {
        guard needsConverting(card), let parsed = try? VCardParser.parse(card, checksLimits: false) else { return card }
        return endingLinesInCRLF(VCardWriter.bytes(of: converting(parsed)))
    }

    public static func text(of text: String) -> String {
        String(decoding: bytes(of: Array(text.utf8)), as: UTF8.self)
    }

    /// A 2.1 or 4.0 card in 3.0, and one that says 3.0 but is written as 2.1 writes (some phones
    /// export quoted-printable under `VERSION:3.0`); any other as it is.
    public static func converting(_ card: VCard) -> VCard {
        if card.version == "4.0" { return convertingVersion4(card) }
        guard card.version == "2.1" || card.properties.contains(where: \.isQuotedPrintable) else { return card }
        var groups = NewGroupNames(in: card.properties)
        let properties = card.properties.flatMap { property -> [VCardProperty] in
            var converted = converting(property)
            // A label of the person's own as Samsung (`TEL;X-CUSTOM(CHARSET=UTF-8,…,Coach):`) or
            // Android (`TEL;X-Coach:`) write it is no 3.0 type: Apple's label group says it.
            guard let label = ContactLabels.samsungLabel(of: property) ?? ContactLabels.androidLabel(of: property) else { return [converted] }
            converted.parameters = ContactLabels.withoutOwnLabel(converted.parameters)
            guard converted.group == nil else { return [converted] }
            converted.group = groups.next()
            return [converted, VCardProperty(group: converted.group, name: "X-ABLabel", value: VCardEscaping.escape(label))]
        }
        return VCard(properties: properties, lineEnding: .crlf)
    }

    /// Most cards are 3.0, and their `VERSION` line tells so without reading the rest.
    private static func needsConverting(_ card: [UInt8]) -> Bool {
        switch declaredVersion(in: card) {
        case "2.1", "4.0": true
        default: card.containsASCII(caseInsensitive: "QUOTED-PRINTABLE")
        }
    }

    /// A line feed alone (a card kept with LF, or lines of one copied as they were) as CRLF.
    static func endingLinesInCRLF(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 32)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n"), index == 0 || bytes[index - 1] != UInt8(ascii: "\r") { result.append(UInt8(ascii: "\r")) }
            result.append(byte)
        }
        return result
    }

    /// The value of the first line named `VERSION`, as the parser would read it (any case, spaces
    /// around the value), found by looking at the starts of lines only.
    public static func declaredVersion(in card: [UInt8]) -> String? {
        let name = Array("VERSION".utf8)
        var start = 0
        while start < card.count {
            let end = card[start...].firstIndex(of: UInt8(ascii: "\n")) ?? card.count
            let line = card[start..<end]
            if line.count > name.count, zip(line, name).allSatisfy({ $0 & 0xDF == $1 }) {
                let rest = line.dropFirst(name.count).drop { $0 == UInt8(ascii: " ") }
                if rest.first == UInt8(ascii: ":") {
                    let value = rest.dropFirst()
                    return String(decoding: value.last == UInt8(ascii: "\r") ? value.dropLast() : value, as: UTF8.self).trimmingSpaces
                }
            }
            start = end + 1
        }
        return nil
    }

    /// A 2.1 property (or one of text in base64), written afresh.
    static func converting(_ property: VCardProperty) -> VCardProperty {
        let name = property.name.uppercased()
        // Text in base64 becomes text: 3.0 has base64 only for what is binary.
        let isBinary = property.isBase64 && property.base64Text == nil
        var converted = VCardProperty(group: property.group, name: property.name,
                                      parameters: parameters(of: property, isBinary: isBinary),
                                      value: value(of: property, named: name, isBinary: isBinary))
        if name == "VERSION" { converted.value = "3.0" }
        return converted
    }

    /// The value with 3.0's escapes: each kind of value keeps its separators and escapes the rest.
    private static func value(of property: VCardProperty, named name: String, isBinary: Bool) -> String {
        if isBinary {
            return String(property.value.unicodeScalars.filter { !$0.properties.isWhitespace })
        }
        if singleTexts.contains(name) { return VCardEscaping.escape(property.text) }
        if lists.contains(name) { return property.listValues.map(VCardEscaping.escape).joined(separator: ",") }
        if name == "GEO" {
            // 2.1 writes `GEO:37.24,-17.87`; 3.0 separates the two with `;`.
            return replacing(",", with: ";", in: property.decodedValue)
        }
        if notText.contains(name) {
            return replacing("\n", with: "\\n", in: property.decodedValue)
        }
        // Structured values (`N`, `ADR`, `ORG`) and what is not known (Android's `X-ANDROID-CUSTOM`
        // is a list of fields), its fields kept apart.
        return VCardEscaping.joinComponents(property.components)
    }

    private static func parameters(of property: VCardProperty, isBinary: Bool) -> [VCardParameter] {
        property.parameters.compactMap { parameter in
            var parameter = parameter
            if parameter.name.caseInsensitiveEquals("CHARSET") { return nil }
            if parameter.name.caseInsensitiveEquals("ENCODING") {
                // Quoted-printable is undone, and 7BIT and 8BIT were never more than a label.
                guard isBinary else { return nil }
                parameter.values = ["b"]
            }
            if parameter.name.caseInsensitiveEquals("VALUE") {
                parameter.values = parameter.values.map { $0.caseInsensitiveEquals("URL") ? "uri" : $0 }
            }
            return parameter
        }
    }

    private static func replacing(_ character: Character, with replacement: String, in text: String) -> String {
        text.split(separator: character, omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// One text, where a `;` or `,` is text too.
    private static let singleTexts: Set<String> = [
        "FN", "NOTE", "TITLE", "ROLE", "LABEL", "EMAIL", "MAILER", "UID", "PRODID", "SORT-STRING", "AGENT", "X-ABLABEL",
    ]
    /// Lists of texts, separated by commas.
    private static let lists: Set<String> = ["NICKNAME", "CATEGORIES"]
    /// Values that are not text: a number, a date, a URL, kept as written.
    private static let notText: Set<String> = ["TEL", "URL", "BDAY", "REV", "TZ", "PHOTO", "LOGO", "SOUND", "KEY", "VERSION"]
}
