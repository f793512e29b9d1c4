/// vCard 2.1 has no `\n` escape: a line break inside a value, and any character outside ASCII, is
/// written quoted-printable (as Android's exports do), so a 2.1 reader shows the text people typed.
extension VCardWriter {
    static func needsQuotedPrintable(_ property: VCardProperty, version: String) -> Bool {
        guard version == "2.1", !property.isQuotedPrintable else { return false }
        return property.value.contains("\\n") || property.value.contains("\\N") || property.value.unicodeScalars.contains { !$0.isASCII }
    }

    /// `property` with its line breaks as real ones and every byte outside printable ASCII as `=XX`.
    static func quotedPrintable(_ property: VCardProperty) -> VCardProperty {
        let text = property.value.replacing("\\n", with: "\n").replacing("\\N", with: "\n").replacing("\\,", with: ",")
        var encoded = ""
        for byte in text.utf8 {
            if byte >= 0x21, byte <= 0x7E, byte != UInt8(ascii: "=") {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: " ") {
                encoded += " "
            } else {
                encoded += "=" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        // A space that ends the value would be taken for padding and dropped.
        if encoded.hasSuffix(" ") { encoded = String(encoded.dropLast()) + "=20" }
        var copy = property.replacingValue(with: encoded)
        copy.parameters.append(VCardParameter(name: "CHARSET", values: ["UTF-8"]))
        copy.parameters.append(VCardParameter(name: "ENCODING", values: ["QUOTED-PRINTABLE"]))
        return copy
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
