/// A vCard 2.1 card written as vCard 3.0 (RFC 2426), for readers that take only 3.0 or later:
/// CardDAV clients are owed 3.0 (RFC 6352 5.1), and Apple's Contacts and Radicale do not read
/// 2.1's quoted-printable and bare parameters. What the card says stays as it was; only how it is
/// written changes: quoted-printable and legacy character sets become UTF-8 text with 3.0's
/// escapes, `CELL` becomes `TYPE=CELL`, `BASE64` becomes `b`, `URL` values `uri`.
public enum VCardVersion3 {
    /// `text` itself unless it is a 2.1 card; then the card in 3.0.
    public static func text(of text: String) -> String {
        // Most cards are 3.0 or 4.0, and a look at the bytes tells which cannot be 2.1.
        guard text.utf8.firstRange(of: "2.1".utf8) != nil,
              let card = try? VCardParser.parse(text.utf8, checksLimits: false), card.version == "2.1"
        else { return text }
        return VCardWriter.text(of: converting(card))
    }

    /// A 2.1 card in 3.0; a card of another version as it is.
    public static func converting(_ card: VCard) -> VCard {
        guard card.version == "2.1" else { return card }
        return VCard(properties: card.properties.map(converting), lineEnding: .crlf)
    }

    private static func converting(_ property: VCardProperty) -> VCardProperty {
        let name = property.name.uppercased()
        var converted = VCardProperty(group: property.group, name: property.name,
                                      parameters: parameters(of: property), value: value(of: property, named: name))
        if name == "VERSION" { converted.value = "3.0" }
        return converted
    }

    /// The value with 3.0's escapes: each kind of value keeps its separators and escapes the rest.
    private static func value(of property: VCardProperty, named name: String) -> String {
        if isBase64(property) {
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

    private static func parameters(of property: VCardProperty) -> [VCardParameter] {
        let base64 = isBase64(property)
        return property.parameters.compactMap { parameter in
            var parameter = parameter
            if parameter.name.caseInsensitiveEquals("CHARSET") { return nil }
            if parameter.name.caseInsensitiveEquals("ENCODING") {
                // Quoted-printable is undone, and 7BIT and 8BIT were never more than a label.
                guard base64 else { return nil }
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

    private static func isBase64(_ property: VCardProperty) -> Bool {
        property.parameterValues("ENCODING").contains { $0.caseInsensitiveEquals("BASE64") || $0.caseInsensitiveEquals("B") }
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
