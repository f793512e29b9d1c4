import Foundation

/// The links a friend's page makes of a phone number and an email address. The text comes from
/// a card anyone may have written, so a link is built from the characters its scheme allows and
/// nothing else (the template escapes the attribute on top of that).
enum ContactLinks {
    /// `tel:` with the number's digits, a leading `+`, `*` and `#` (percent-encoded, as RFC 3966
    /// wants) and a comma's pause; spaces, dashes, dots and brackets people write between digits
    /// are dropped, and any other character too. An extension (`ext. 102`, as a friend shows a
    /// `tel:` URI's) goes into `;ext=`, so that it is not dialled as part of the number. The trunk
    /// zero an international number shows in brackets (`+49 (0)30 …`) is dialled only from inside
    /// the country, so it is left out. The capitals of a vanity number (`1-800-FLOWERS`) are
    /// dialled as the keypad has them. Of two numbers in one field ("0501234567 / 0507654321"),
    /// the first is linked. `nil` when no digit is left.
    static func telephone(_ number: String) -> String? {
        var (number, extensionDigits) = splitExtension(firstNumber(in: number))
        number = keypadDigits(number).trimmingPrefix(while: \.isWhitespace)
        if number.hasPrefix("+") { number = Substring(number.replacing(/\(\s*0\s*\)/, with: "")) }
        var kept = ""
        for character in number.trimmingCharacters(in: .whitespaces) {
            switch character {
            case "0"..."9": kept.append(character)
            case "+" where kept.isEmpty: kept.append(character)
            case "*": kept += "%2A"
            case "#": kept += "%23"
            // A pause before digits dialled once the call is answered, as phones' dialers read it:
            // dropped, those digits would be dialled as more of the number.
            case "," where !kept.isEmpty: kept.append(",")
            default: continue
            }
        }
        guard kept.contains(where: \.isASCII) && kept.contains(where: { ("0"..."9").contains($0) }) else { return nil }
        return "tel:" + kept + (extensionDigits.isEmpty ? "" : ";ext=" + extensionDigits)
    }

    /// The number before an extension and the extension's digits (`ext. 102`, `ext 7`, `extn 5`,
    /// `extension 12`, `x102`, `;ext=12`), whatever text follows them ("ext 102 (office)"); the whole
    /// number and no extension when it has none. The word must stand on its own ("Text: 0501234567"
    /// and "Fax 0501234567" are numbers) and a digit come before it.
    private static func splitExtension(_ number: String) -> (number: Substring, extensionDigits: String) {
        for match in number.matches(of: extensionMark).reversed() {
            let head = number[..<match.range.lowerBound]
            if head.last?.isLetter == true || !head.contains(where: { ("0"..."9").contains($0) }) { continue }
            return (head, String(match.output.1))
        }
        return (number[...], "")
    }

    /// The first of two numbers written in one field, parted by `/`, `|`, a line break or " or ":
    /// each side with six digits at least, so that an area code parted by a slash
    /// ("030/1234567") stays with its number.
    private static func firstNumber(in text: String) -> String {
        let parts = text.split(omittingEmptySubsequences: true) { "/|\n".contains($0) }
            .flatMap { $0.split(separator: " or ") }
        guard parts.count > 1 else { return text }
        let digits = { (part: Substring) in part.filter { ("0"..."9").contains($0) }.count }
        return digits(parts[0]) >= 6 && digits(parts[1]) >= 6 ? String(parts[0]) : text
    }

    /// Words in capitals after the first digit as the keypad's digits: `1-800-FLOWERS` is
    /// `1-800-3569377`. Words before any digit ("Fax 0501234567") and other words ("ask for Bob")
    /// are not the number.
    private static func keypadDigits(_ number: Substring) -> Substring {
        var result = ""
        var seenDigit = false
        var rest = number[...]
        while let first = rest.first {
            guard first.isLetter else {
                seenDigit = seenDigit || ("0"..."9").contains(first)
                result.append(first)
                rest = rest.dropFirst()
                continue
            }
            let word = rest.prefix(while: \.isLetter)
            rest = rest.dropFirst(word.count)
            let dialled = word.compactMap { keypad[$0] }
            result += seenDigit && dialled.count == word.count ? String(dialled) : String(word)
        }
        return Substring(result)
    }

    private static let keypad: [Character: Character] = {
        let keys: [(String, Character)] = [("ABC", "2"), ("DEF", "3"), ("GHI", "4"), ("JKL", "5"), ("MNO", "6"), ("PQRS", "7"), ("TUV", "8"), ("WXYZ", "9")]
        return Dictionary(uniqueKeysWithValues: keys.flatMap { letters, digit in letters.map { ($0, digit) } })
    }()

    private static var extensionMark: Regex<(Substring, Substring)> {
        /(?:extension|extn|ext|x)(?![a-z])\.?\s*[:=]?\s*([0-9]+)/.ignoresCase()
    }

    /// `mailto:` with the address percent-encoded, so a `?`, `&` or quote in it cannot add headers
    /// or leave the attribute. `nil` when it is not an address (no `@` with text on both sides).
    static func mail(_ address: String) -> String? {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        guard let at = trimmed.lastIndex(of: "@"), at != trimmed.startIndex, trimmed.index(after: at) != trimmed.endIndex,
              let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: mailAllowed) else { return nil }
        return "mailto:" + encoded
    }

    private static let mailAllowed = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@+")

    /// The media type of an avatar from its first bytes: the server sends the card's own picture
    /// (JPEG, PNG, GIF or WebP) or the initials as SVG. `nil` for anything else.
    static func imageType(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        let start = String(decoding: data.prefix(256), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("<svg") || start.hasPrefix("<?xml") { return "image/svg+xml" }
        return nil
    }
}
