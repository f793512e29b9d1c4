/// How a phone number's or email address's purpose is read from a card and written back:
/// `TYPE=CELL` is "mobile"; Apple's `item1.X-ABLabel:_$!<Mobile>!$_` is "mobile" too, and a
/// label of the user's own (`item2.X-ABLabel:Ski cabin`) is kept as written.
enum ContactLabels {
    /// `TYPE` values that say nothing a person would call a label.
    private static let ignoredTypes: Set<String> = ["pref", "voice", "internet", "x400", "text", "uri"]

    private static let typeToLabel: [String: String] = [
        "cell": "mobile", "home": "home", "work": "work", "fax": "fax", "main": "main",
        "pager": "pager", "iphone": "iPhone", "other": "other", "video": "video", "msg": "message",
    ]

    /// `typeToLabel` turned around, made once: "mobile" is `CELL`.
    private static let labelToType = Dictionary(
        typeToLabel.map { ($0.value.lowercased(), $0.key.uppercased()) }, uniquingKeysWith: { first, _ in first })

    static func label(of property: VCardProperty, in card: VCard) -> String {
        if let group = property.group,
           let custom = card.properties.first(where: { $0.group?.caseInsensitiveEquals(group) == true && $0.hasName("X-ABLabel") })
        {
            return appleLabel(custom.text)
        }
        if let custom = samsungLabel(of: property) { return custom }
        let types = property.types.filter { !ignoredTypes.contains($0.lowercased()) }
        // Apple's `TYPE=IPHONE;TYPE=CELL` is the one Contacts shows as "iPhone".
        if types.contains(where: { $0.caseInsensitiveEquals("iphone") }) { return "iPhone" }
        return types.map { type in
            let lowercased = type.lowercased()
            // Android's own labels (`TEL;X-Ski-cabin`) as the person typed them.
            if isAndroidLabelType(type) { return String(type.dropFirst(2)) }
            return typeToLabel[lowercased] ?? lowercased
        }.joined(separator: " ")
    }

    /// Samsung's phones write a label of the person's own as
    /// `TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Soccer coach):`, the label
    /// quoted-printable when it is not ASCII (`…,=D7=A0=D7=99=D7=99=D7=93)`).
    static func samsungLabel(of property: VCardProperty) -> String? {
        guard let parameter = property.parameters.first(where: { $0.name.uppercased().hasPrefix("X-CUSTOM(") }) else { return nil }
        // The label is what follows the encoding, commas and all; one that is not closed goes on
        // to the parameter's end.
        let start = (parameter.values.lastIndex { $0.uppercased().hasPrefix("ENCODING=") } ?? 0) + 1
        guard start < parameter.values.endIndex else { return nil }
        var label = parameter.values[start...].joined(separator: ",")
        if label.hasSuffix(")") { label.removeLast() }
        let isEncoded = parameter.values.contains { $0.uppercased().contains("QUOTED-PRINTABLE") }
        let decoded = isEncoded ? String(validating: QuotedPrintable.bytes(of: label), as: UTF8.self) ?? label : label
        let trimmed = decoded.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `_$!<HomeFAX>!$_` → "home fax"; anything else as written.
    private static func appleLabel(_ text: String) -> String {
        guard text.hasPrefix("_$!<"), text.hasSuffix(">!$_") else { return text }
        let inner = String(text.dropFirst(4).dropLast(4))
        switch inner.lowercased() {
        case "homefax": return "home fax"
        case "workfax": return "work fax"
        default: return inner.lowercased()
        }
    }

    /// Android's label of the person's own on a phone, email or address (`TEL;X-Ski-cabin:`).
    static func androidLabel(of property: VCardProperty) -> String? {
        guard ["TEL", "EMAIL", "ADR"].contains(property.name.uppercased()),
              let type = property.types.first(where: isAndroidLabelType) else { return nil }
        return String(type.dropFirst(2))
    }

    /// The parameters without a label of the person's own as Samsung or Android write it (which
    /// Apple's label group says in 3.0).
    static func withoutOwnLabel(_ parameters: [VCardParameter]) -> [VCardParameter] {
        parameters.compactMap { parameter in
            if parameter.name.uppercased().hasPrefix("X-CUSTOM(") { return nil }
            guard parameter.name.caseInsensitiveEquals("TYPE") else { return parameter }
            let kept = parameter.values.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces } }.filter { !isAndroidLabelType($0) }
            return kept.isEmpty ? nil : VCardParameter(name: parameter.name, values: kept)
        }
    }

    private static func isAndroidLabelType(_ type: String) -> Bool {
        type.count > 2 && type.lowercased().hasPrefix("x-") && !type.uppercased().hasPrefix("X-CUSTOM(")
    }

    /// How Android writes a label of the person's own into a 2.1 card (`TEL;X-Ski-cabin:`), and
    /// reads back: `X-` and the label, when it is letters, digits and hyphens (Android's exporter
    /// writes no other, and its importer ignores Apple's `X-ABLabel`); `nil` for any other label.
    static func version21Type(for label: String) -> String? {
        VCardWriter.isBareWord(label) ? "X-" + label : nil
    }

    /// The `TYPE` values that say `label`, or `nil` when only an `X-ABLabel` can.
    static func types(for label: String) -> [String]? {
        let words = label.lowercased().split(separator: " ").map(String.init)
        if words.isEmpty { return [] }
        let types = words.compactMap { labelToType[$0] }
        return types.count == words.count ? types : nil
    }
}
