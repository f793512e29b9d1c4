import Foundation

extension VCardProperty {
    /// The value as text: quoted-printable decoded (in its `CHARSET`), escapes undone.
    public var text: String {
        VCardEscaping.unescape(decodedValue, rules: escaping)
    }

    /// The components of a structured value (`N`, `ADR`, `ORG`), split at unescaped `;`, each
    /// with its escapes undone.
    public var components: [String] {
        VCardEscaping.splitComponents(decodedValue).map { VCardEscaping.unescape($0, rules: escaping) }
    }

    /// The values of a text list (`NICKNAME`, `CATEGORIES`), split at unescaped `,`, each with its
    /// escapes undone.
    public var listValues: [String] {
        VCardEscaping.splitComponents(decodedValue, at: ",").map { VCardEscaping.unescape($0, rules: escaping) }
    }

    /// The value with quoted-printable (or text's base64) undone, its line breaks (`=0D=0A` as
    /// Outlook and Android write them) as `\n`, the one a 3.0 or 4.0 card's `\n` escape reads as;
    /// other values as written.
    var decodedValue: String {
        // Most values have no encoding: one look at the parameters says so.
        guard parameters.contains(where: { $0.name.caseInsensitiveEquals("ENCODING") }) else { return value }
        let decoded: String
        if let text = base64Text {
            decoded = text
        } else if isQuotedPrintable {
            decoded = QuotedPrintable.decode(value, encoding: CharacterSets.encoding(named: parameters) ?? .utf8)
        } else {
            return value
        }
        guard decoded.utf8.contains(UInt8(ascii: "\r")) else { return decoded }
        return decoded.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}

/// vCard text escapes: `\\`, `\n` (or `\N`), `\,`, `\;`; a lone backslash before anything else stays.
///
/// Escapes and separators are single ASCII code points, so the text is read one Unicode scalar at a
/// time, not one `Character`: a combining mark after a `;` (or after `\n`) is a character of its
/// own next to the separator, not one with it, as every other vCard reader sees it.
public enum VCardEscaping {
    /// Which escapes a value has: its card's version decides.
    public enum Rules: Sendable, Equatable {
        /// vCard 3.0 and 4.0 (RFC 2426, RFC 6350): `\\`, `\n`, `\,` and `\;`.
        case standard
        /// vCard 2.1 escapes only `\;`, and `\\` as writers use it: `C:\new` is text, a comma is
        /// written as it is, and line breaks come only from quoted-printable.
        case version21
    }

    public static func unescape(_ text: String, rules: Rules = .standard) -> String {
        switch rules {
        case .standard: unescape(text, escapes: standardEscapes)
        case .version21: unescape(text, escapes: ["\\", ";"])
        }
    }

    /// A value escaped as 3.0 escapes it, escaped as 2.1 does instead (line breaks become real ones).
    static func version21Value(ofStandard value: String) -> String {
        unescape(value, escapes: standardEscapes, keeping: ["\\", ";"])
    }

    /// A link written with the escapes of text (Google's 3.0 export writes `https\://`), as the URI
    /// it is: no URI holds a line break, so `\n` stays as written.
    static func unescapedURI(_ text: String) -> String {
        unescape(text, escapes: ["\\", ",", ";", ":"])
    }

    /// `\:` too: some writers escape colons.
    private static let standardEscapes: Set<Unicode.Scalar> = ["\\", "n", "N", ",", ";", ":"]

    /// - Parameters:
    ///   - escapes: the characters a backslash escapes; before any other, the backslash is text.
    ///   - kept: escapes left escaped.
    private static func unescape(_ text: String, escapes: Set<Unicode.Scalar>, keeping kept: Set<Unicode.Scalar> = []) -> String {
        // On the bytes: `String.contains(_: String)` is Foundation's, which bridges to `NSString`.
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                if escapes.contains(scalar) && !kept.contains(scalar) {
                    result.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
                } else {
                    result.append("\\")
                    result.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        if escaping { result.append("\\") }
        return String(result)
    }

    public static func escape(_ text: String) -> String {
        // Most values have nothing to escape, and looking at bytes costs far less than at characters.
        guard text.utf8.contains(where: { "\\\n\r,;".utf8.contains($0) }) else { return text }
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
            // A CR LF is one line break.
            case "\n" where afterCarriageReturn: break
            case "\n", "\r": result.append(contentsOf: "\\n".unicodeScalars)
            case ",": result.append(contentsOf: "\\,".unicodeScalars)
            case ";": result.append(contentsOf: "\\;".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Splits at `separator` (`;` for structured values) where no backslash escapes it; the pieces
    /// keep their escapes.
    static func splitComponents(_ text: String, at separator: Unicode.Scalar = ";") -> [String] {
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                current.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                current.append(scalar)
                escaping = true
            } else if scalar == separator {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        pieces.append(String(current))
        return pieces
    }

    /// Components written back: each escaped, joined with `;`, empty trailing ones kept.
    public static func joinComponents(_ components: [String]) -> String {
        components.map(escape).joined(separator: ";")
    }
}

/// vCard 2.1's `ENCODING=QUOTED-PRINTABLE` (RFC 2045 section 6.7); soft line breaks are already
/// joined by the parser.
enum QuotedPrintable {
    /// `text` as UTF-8 with every byte outside printable ASCII, `=` and a final space as `=XX`.
    static func encode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var encoded = ""
        for (index, byte) in bytes.enumerated() {
            let isPrintable = (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "=")
            // A space that ends the value would be taken for padding and dropped.
            let isInnerSpace = byte == UInt8(ascii: " ") && index < bytes.count - 1
            encoded += isPrintable || isInnerSpace ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
        }
        return encoded
    }

    /// Bytes that are not text in `encoding` are read as Windows-1252, as raw ones are.
    static func decode(_ text: String, encoding: String.Encoding) -> String {
        let bytes = bytes(of: text)
        return CharacterSets.text(of: bytes, in: encoding) ?? CharacterSets.windows1252(bytes)
    }

    /// The bytes `text` encodes.
    static func bytes(of text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "="), let high = hexValue(input[safe: index + 1]), let low = hexValue(input[safe: index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            bytes.append(byte)
            index += 1
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8?) -> UInt8? {
        guard let byte else { return nil }
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
