import Foundation

/// A `tel:` URI (RFC 3966) as the number people read, and back: `tel:+1-555-0100;ext=102` is
/// "+1-555-0100 ext. 102", as contact apps show an extension.
enum TelephoneURI {
    /// The number a `tel:` URI's text after the scheme shows: percent-decoded (`%23` is `#`), its
    /// extension after " ext. ", other parameters as written.
    static func shown(_ uri: Substring) -> String {
        var parts = uri.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        parts[0] = parts[0].removingPercentEncoding ?? parts[0]
        guard let index = parts.indices.dropFirst().first(where: { parts[$0].lowercased().hasPrefix("ext=") }),
              parts[index].count > 4
        else { return parts.joined(separator: ";") }
        let number = parts.remove(at: index).dropFirst(4)
        return parts.joined(separator: ";") + " ext. " + number
    }

    /// `number` as a `tel:` URI, its extension (" ext. 102", or `;ext=102` as a URI writes it) as
    /// `;ext=`; `nil` when the number holds what a URI cannot (letters, say), or is a local number
    /// ("030 1234567", "*155#"): RFC 3966 takes one only with the `;phone-context=` it is dialled
    /// in, which nobody types. Such a number is written as text, which 4.0 allows too.
    static func uri(_ number: String) -> String? {
        var number = Substring(number.trimmingSpaces)
        if number.lowercased().hasPrefix("tel:") { number = number.dropFirst(4) }
        var parameters = ""
        if let (main, extensionNumber) = splitExtension(number) {
            number = main
            parameters = ";ext=" + extensionNumber
        }
        // Parameters other than the extension (`;phone-context=…`) as they were read.
        if let semicolon = number.firstIndex(of: ";") {
            guard !number[semicolon...].contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
            parameters = String(number[semicolon...]) + parameters
            number = number[..<semicolon]
        }
        guard number.first == "+" || parameters.lowercased().contains(";phone-context=") else { return nil }
        return digits(of: number).map { "tel:" + $0 + parameters }
    }

    /// `number` as it reads back once written as a URI (its spaces become `-`), or as it is when
    /// it would be written as text: what a list of numbers is compared by after an edit.
    static func readBack(_ number: String) -> String {
        guard let uri = uri(number) else { return number }
        return shown(uri.dropFirst(4))
    }

    /// "+1 555 0100 ext. 102", "… ext 102" or "…;ext=102": the number and the extension's digits.
    private static func splitExtension(_ text: Substring) -> (Substring, Substring)? {
        let count = text.reversed().prefix(while: \.isASCIIDigitCharacter).count
        guard count > 0 else { return nil }
        var head = text.dropLast(count)
        while head.last == " " { head.removeLast() }
        if head.last == "." || head.last == "=" { head.removeLast() }
        guard head.lowercased().hasSuffix("ext") else { return nil }
        head.removeLast(3)
        guard head.last == " " || head.last == ";" else { return nil }
        while head.last == " " || head.last == ";" { head.removeLast() }
        return head.isEmpty ? nil : (head, text.suffix(count))
    }

    /// The number as a URI writes it: digits, a leading `+`, `*`, `#` as `%23`, and the `-`, `.`,
    /// `(` and `)` people write between digits; a space becomes a `-` unless a `-` or `.` is beside it.
    private static func digits(of number: Substring) -> String? {
        var result = ""
        var spaceBefore = false
        for character in number {
            switch character {
            case " ", "\t":
                spaceBefore = !result.isEmpty && result.last != "-" && result.last != "."
                continue
            case "-", ".": result.append(character)
            case "+" where result.isEmpty: result += "+"
            case "0"..."9", "*", "#", "(", ")":
                if spaceBefore { result += "-" }
                result += character == "#" ? "%23" : String(character)
            default: return nil
            }
            spaceBefore = false
        }
        return result.contains(where: \.isASCIIDigitCharacter) ? result : nil
    }
}

extension VCardProperty {
    /// Whether the value is a `tel:` URI (`TEL;VALUE=uri:tel:+1-555-0100`, 4.0's `TEL:tel:…`).
    var holdsTelephoneURI: Bool {
        text.trimmingSpaces.lowercased().hasPrefix("tel:")
    }

    /// A copy holding `number`: as a `tel:` URI (its `VALUE=uri` kept) when this one held one and
    /// the number can be one, else as text; unchanged when it already holds that URI.
    func replacingPhoneNumber(with number: String) -> VCardProperty {
        if holdsTelephoneURI, let uri = TelephoneURI.uri(number) {
            return uri == value.trimmingSpaces ? self : replacingValue(with: uri)
        }
        var property = replacingValue(with: VCardEscaping.escape(number))
        property.parameters.removeAll { $0.name.caseInsensitiveEquals("VALUE") }
        return property
    }
}
