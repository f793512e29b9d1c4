/// Writes cards as text. A property read from text is copied as it was read; a new or changed one
/// is written with the card's line ending and folded at 75 octets without splitting a character.
public enum VCardWriter {
    public static func text(of card: VCard) -> String {
        let ending = card.lineEnding.rawValue
        var text = "BEGIN:VCARD" + ending
        for property in card.properties {
            if let source = property.source {
                text += source
            } else if card.version == "2.1" {
                text += version21Line(of: property, ending: ending)
            } else {
                text += line(of: property, ending: ending)
            }
        }
        return text + "END:VCARD" + ending
    }

    public static func bytes(of card: VCard) -> [UInt8] {
        Array(text(of: card).utf8)
    }

    /// - Parameter folds: whether a long line is folded (see `version21Line`).
    static func line(
        of property: VCardProperty, ending: String, parameterText: (VCardParameter) -> String = standardText(of:),
        folds: Bool = true
    ) -> String {
        var line = property.group.map { $0 + "." } ?? ""
        line += property.name
        for parameter in property.parameters {
            line += ";" + parameterText(parameter)
        }
        line += ":" + property.value
        // A quoted-printable value (vCard 2.1) stays on one line: a fold would add a space to it.
        return property.isQuotedPrintable || !folds ? line + ending : folded(line, ending: ending)
    }

    static func standardText(of parameter: VCardParameter) -> String {
        // Samsung's `X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,label)` is one word, read as
        // a parameter `X-CUSTOM(CHARSET` with three values: written back as it came.
        if parameter.name.contains("(") { return parameter.name + "=" + parameter.values.joined(separator: ",") }
        return parameter.name + "=" + parameter.values.map(quotedIfNeeded).joined(separator: ",")
    }

    static func quotedIfNeeded(_ value: String) -> String {
        value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + value + "\"" : value
    }

    /// RFC 6350 3.2: lines longer than 75 octets continue on the next line after one space.
    static func folded(_ line: String, ending: String) -> String {
        guard line.utf8.count > 75 else { return line + ending }
        var result = ""
        var lineLength = 0
        for character in line {
            let size = character.utf8.count
            if lineLength + size > 75 {
                result += ending + " "
                lineLength = 1
            }
            result.append(character)
            lineLength += size
        }
        return result + ending
    }
}
