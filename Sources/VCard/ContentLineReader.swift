import Foundation
#if canImport(CoreFoundation)
import CoreFoundation
#endif

/// Splits one unfolded content line into group, name, parameters and value.
enum ContentLineReader {
    /// - Parameter fallback: how a value that is not UTF-8 and names no `CHARSET` is read; without
    ///   one, such a value is an error.
    static func property(from bytes: [UInt8], line: Int, fallback: String.Encoding? = nil) throws(VCardError) -> VCardProperty {
        guard let colon = valueStart(in: bytes) else { throw .notAProperty(line: line) }
        let head = bytes[..<colon]
        let valueBytes = bytes[(colon + 1)...]
        let labelEnd = customLabelEnd(in: head)
        let semicolon = head[(labelEnd ?? head.startIndex)...].firstIndex(of: UInt8(ascii: ";")) ?? head.endIndex
        guard let qualifiedName = String(validating: head[..<semicolon], as: UTF8.self) else {
            throw .invalidUTF8(line: line)
        }
        var group: String?
        var name = qualifiedName
        // A dot in a label (`X-CUSTOM(…,Dr. Who)`) does not end a group.
        let groupPart = labelEnd == nil ? qualifiedName[...] : qualifiedName[..<(qualifiedName.firstIndex(of: "(") ?? qualifiedName.endIndex)]
        if let dot = groupPart.lastIndex(of: ".") {
            group = String(qualifiedName[..<dot])
            name = String(qualifiedName[qualifiedName.index(after: dot)...])
        }
        guard isName(name) || labelEnd != nil && isCustomLabelName(name), group.map(isName) ?? true else {
            throw .notAProperty(line: line)
        }
        let parameters = try parseParameters(head[semicolon...].dropFirst(), line: line)
        let value: String
        if let text = String(validating: valueBytes, as: UTF8.self) {
            value = text
        } else if let name = CharacterSets.unreadableName(in: parameters) {
            // Read as Windows-1252, its text would be kept garbled without a word.
            throw .unreadableCharacterSet(name, line: line)
        } else if let text = [CharacterSets.encoding(named: parameters), fallback].lazy.compactMap({ $0 })
                    .compactMap({ CharacterSets.text(of: valueBytes, in: $0) }).first {
            value = text
        } else {
            throw .invalidUTF8(line: line)
        }
        return VCardProperty(group: group, name: name, parameters: parameters, value: value)
    }

    /// The first `:` outside double quotes, and outside the label of Samsung's `X-CUSTOM(…)`:
    /// parameter values may be quoted and hold one, and that label is written as it was typed.
    private static func valueStart(in bytes: [UInt8]) -> Int? {
        var quoted = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":") && !quoted { return index }
            if byte == UInt8(ascii: "("), !quoted, isCustomLabelOpening(bytes[...], at: index),
               let close = customLabelClose(in: bytes[...], after: index) {
                index = close
            }
            index += 1
        }
        return nil
    }

    /// Samsung's phones name an instant-messaging service of the person's own with its label in
    /// parentheses, as a property (`X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Whatsapp):…`):
    /// the index just past the `)` when the line starts so (before any `;` or `:`), or, for a label
    /// that is not closed, where its name ends (at the next `;`).
    private static func customLabelEnd(in head: ArraySlice<UInt8>) -> Int? {
        guard let open = head.firstIndex(of: UInt8(ascii: "(")),
              !head[..<open].contains(UInt8(ascii: ";")) else { return nil }
        if let close = customLabelClose(in: head, after: open) { return close + 1 }
        return head[open...].firstIndex(of: UInt8(ascii: ";")) ?? head.endIndex
    }

    /// Whether the `(` at `index` follows `X-CUSTOM`.
    private static func isCustomLabelOpening(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        index - bytes.startIndex >= 8 && String(decoding: bytes[(index - 8)..<index], as: UTF8.self).uppercased() == "X-CUSTOM"
    }

    /// The `)` that closes the label opened at `open`: the first one that ends the parameter (a
    /// `;` or `:` follows it, or nothing), since the label is written as typed: `;`, `:` and
    /// `)` may be in it. `nil` for a label that is not closed.
    private static func customLabelClose(in bytes: ArraySlice<UInt8>, after open: Int) -> Int? {
        bytes[(open + 1)...].indices.first { index in
            bytes[index] == UInt8(ascii: ")")
                && (index + 1 == bytes.endIndex || bytes[index + 1] == UInt8(ascii: ";") || bytes[index + 1] == UInt8(ascii: ":"))
        }
    }

    /// `X-CUSTOM(…)`: an extension's name, then its label in parentheses (closed or not).
    private static func isCustomLabelName(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return false }
        let base = String(text[..<open])
        return base.uppercased().hasPrefix("X-") && isName(base)
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    private static func parseParameters(_ bytes: ArraySlice<UInt8>, line: Int) throws(VCardError) -> [VCardParameter] {
        guard !bytes.isEmpty else { return [] }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .invalidUTF8(line: line) }
        return parameterTexts(in: bytes).compactMap { piece in
            guard !piece.isEmpty else { return nil }
            guard let equals = piece.firstIndex(of: "=") else {
                let value = piece.trimmingSpaces
                return VCardParameter(name: isEncoding(value) ? "ENCODING" : "TYPE", values: [value])
            }
            let name = String(piece[..<equals]).trimmingSpaces
            let values = splitOutsideQuotes(String(piece[piece.index(after: equals)...]), on: ",")
            // Samsung's `X-CUSTOM(…,label)` holds the label as typed, spaces included.
            if name.uppercased().hasPrefix("X-CUSTOM(") { return VCardParameter(name: name, values: values) }
            return VCardParameter(name: name, values: values.map(unquoted))
        }
    }

    /// The parameters' texts, split at each `;` outside double quotes and outside Samsung's
    /// `X-CUSTOM(…)` label (which goes on to the next `;` when it is not closed).
    private static func parameterTexts(in bytes: ArraySlice<UInt8>) -> [String] {
        var pieces: [String] = []
        var start = bytes.startIndex
        var quoted = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: "("), !quoted, isCustomLabelOpening(bytes, at: index),
               let close = customLabelClose(in: bytes, after: index) {
                index = close
            } else if byte == UInt8(ascii: ";"), !quoted {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index + 1
            }
            index += 1
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces
    }

    /// vCard 2.1 lets an encoding stand alone (`NOTE;QUOTED-PRINTABLE:`, `PHOTO;JPEG;BASE64:`).
    private static func isEncoding(_ value: String) -> Bool {
        ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"].contains { value.caseInsensitiveEquals($0) }
    }

    static func splitOutsideQuotes(_ text: String, on separator: Character) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == separator && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }

    private static func unquoted(_ value: String) -> String {
        let trimmed = value.trimmingSpaces
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }
}

/// vCard 2.1's `CHARSET=` names, for text that is not UTF-8.
public enum CharacterSets {
    /// The `CHARSET` the parameters name, as written.
    static func name(in parameters: [VCardParameter]) -> String? {
        parameters.first(where: { $0.name.caseInsensitiveEquals("CHARSET") })?.values.first
    }

    /// `UTF-8` as vCard writers spell it (`utf-8`, `UTF8`).
    static func isUTF8(_ name: String) -> Bool {
        name.caseInsensitiveEquals("UTF-8") || name.caseInsensitiveEquals("UTF8")
    }

    static func encoding(named parameters: [VCardParameter]) -> String.Encoding? {
        name(in: parameters).flatMap(encoding(named:))
    }

    /// The `CHARSET` named, when it is one the system knows of but cannot read (it has no
    /// converter for EUC-JP on Linux, say); nil for one it reads, and for a name it does not know,
    /// whose text is taken for Windows-1252 as Outlook's is.
    static func unreadableName(in parameters: [VCardParameter]) -> String? {
        guard let encoding = encoding(named: parameters), text(of: [UInt8(ascii: "a")], in: encoding) == nil else { return nil }
        return name(in: parameters)
    }

    /// `bytes` read in `encoding`; nil when they are not text in it.
    public static func text(of bytes: some Collection<UInt8>, in encoding: String.Encoding) -> String? {
        encoding == .windowsCP1252 ? windows1252(bytes) : String(bytes: bytes, encoding: encoding)
    }

    /// Windows-1252 as browsers read it (WHATWG Encoding): every byte is a character, and the five
    /// that Windows leaves unassigned stand for the control characters of the same number.
    static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let isHigh = (0x80...0x9F).contains(byte)
            scalars.append(isHigh ? windows1252From80To9F[Int(byte - 0x80)] : Unicode.Scalar(byte))
        }
        return String(scalars)
    }

    private static let windows1252From80To9F: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
    ]

    static func encoding(named name: String) -> String.Encoding? {
        switch name.uppercased() {
        case "UTF-8", "UTF8": .utf8
        case "ISO-8859-1", "LATIN1": .isoLatin1
        case "ISO-8859-2": .isoLatin2
        case "WINDOWS-1252", "CP1252": .windowsCP1252
        case "WINDOWS-1251", "CP1251": .windowsCP1251
        case "WINDOWS-1250", "CP1250": .windowsCP1250
        case "SHIFT_JIS": .shiftJIS
        case "US-ASCII", "ASCII": .ascii
        default: systemEncoding(named: name)
        }
    }

    /// Any other IANA name the system's converters read: Outlook and older phones write vCard 2.1
    /// in the code page of the computer or phone they ran on (GB2312, Big5, EUC-KR, KOI8-R,
    /// Windows-1253 and so on).
    private static func systemEncoding(named name: String) -> String.Encoding? {
        // Toll-free bridged: the same object, on Darwin and in Foundation on Linux alike.
        let encoding = CFStringConvertIANACharSetNameToEncoding(unsafeBitCast(NSString(string: name), to: CFString.self))
        guard encoding != kCFStringEncodingInvalidId else { return nil }
        return String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(encoding))
    }
}
