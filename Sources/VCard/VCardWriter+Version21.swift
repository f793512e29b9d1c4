/// vCard 2.1 has no `\n` escape: a line break inside a value, and any character outside ASCII, is
/// written quoted-printable (as Android's exports do), so a 2.1 reader shows the text people typed.
/// Nor has it `\,` (a comma is written as it is), nor lists of parameter values: a type is a bare
/// word (`TEL;CELL;PREF:`), as Android and Outlook write them.
extension VCardWriter {
    static func version21Line(of property: VCardProperty, ending: String) -> String {
        var property = property
        if property.escaping == .standard {
            property.value = VCardEscaping.version21Value(ofStandard: property.value)
            property.escaping = .version21
        }
        if !property.isQuotedPrintable, property.value.unicodeScalars.contains(where: { !$0.isASCII || $0 == "\n" || $0 == "\r" }) {
            property.value = QuotedPrintable.encode(property.value)
            property.parameters.removeAll { $0.name.caseInsensitiveEquals("ENCODING") || $0.name.caseInsensitiveEquals("CHARSET") }
            property.parameters.append(VCardParameter(name: "CHARSET", values: ["UTF-8"]))
            property.parameters.append(VCardParameter(name: "ENCODING", values: ["QUOTED-PRINTABLE"]))
        }
        // 2.1 folds as RFC 822 does, only where a space already is, and unfolding keeps that space:
        // a fold inside a word would add one for a 2.1 reader. Only base64, which skips spaces, is
        // folded; other lines stay whole, as 2.1 allows.
        return line(of: property, ending: ending, parameterText: version21Text(of:), folds: property.isBase64)
    }

    /// `TYPE=CELL,VOICE` as `CELL;VOICE`, `X-FOO=a,b` as `X-FOO=a;X-FOO=b`.
    private static func version21Text(of parameter: VCardParameter) -> String {
        guard parameter.name.caseInsensitiveEquals("TYPE") else {
            if parameter.values.isEmpty { return parameter.name + "=" }
            if parameter.name.contains("(") { return standardText(of: parameter) }
            return parameter.values.map { parameter.name + "=" + quotedIfNeeded($0) }.joined(separator: ";")
        }
        let types = parameter.values.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces } }
        return types.map { type in isBareWord(type) ? type : "TYPE=" + quotedIfNeeded(type) }.joined(separator: ";")
    }

    /// Letters, digits and hyphens: what 2.1 writes as a type without `TYPE=`.
    static func isBareWord(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
    }
}
