/// vCard 2.1 has no `\n` escape: a line break inside a value, and any character outside ASCII, is
/// written quoted-printable (as Android's exports do), so a 2.1 reader shows the text people typed.
/// Nor has it `\,`: a comma is written as it is.
extension VCardWriter {
    static func needsQuotedPrintable(_ property: VCardProperty, version: String) -> Bool {
        guard version == "2.1", !property.isQuotedPrintable else { return false }
        return property.value.contains("\\n") || property.value.contains("\\N") || property.value.unicodeScalars.contains { !$0.isASCII }
    }

    /// `property` with its line breaks as real ones, quoted-printable in UTF-8.
    static func quotedPrintable(_ property: VCardProperty) -> VCardProperty {
        var copy = property.replacingValue(with: QuotedPrintable.encode(lineBreaksUnescaped(property.value)))
        copy.parameters.append(VCardParameter(name: "CHARSET", values: ["UTF-8"]))
        copy.parameters.append(VCardParameter(name: "ENCODING", values: ["QUOTED-PRINTABLE"]))
        return copy
    }

    /// `\n` as a line break and `\,` as a comma; `\\`, `\;` and `\:` stay escaped, as 2.1 reads them.
    /// One pass, so the `\n` of `C:\\new` is not taken for a line break.
    static func lineBreaksUnescaped(_ value: String) -> String {
        VCardEscaping.unescape(value, keeping: ["\\", ";", ":"])
    }
}
