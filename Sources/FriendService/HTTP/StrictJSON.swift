import Foundation

/// Catches what standard JSON forbids but Foundation's lenient decoder lets through.
enum StrictJSON {
    /// Whether the bytes are UTF-8 text, the only encoding JSON has on the wire (RFC 8259 §8.1).
    /// Foundation's decoder would also guess UTF-16 and UTF-32, which the checks below do not read:
    /// those carry NUL bytes, which JSON text in UTF-8 never does (even in strings it writes `\u0000`).
    static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    /// Whether a `,` is followed (after white space) by `}` or `]` outside of strings, as in `{"a": 1,}`.
    static func hasTrailingComma(_ bytes: some Sequence<UInt8>) -> Bool {
        var inString = false
        var escaped = false
        var afterComma = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if afterComma { return true }
            case UInt8(ascii: "\""):
                inString = true
            default:
                break
            }
            afterComma = byte == UInt8(ascii: ",")
        }
        return false
    }
}

extension StrictJSON {
    /// The first key that appears twice in one object, decoded (`"a"` and `"\u0061"` are the same key).
    /// Run on text that already parsed as JSON.
    static func duplicateKey(in bytes: some Collection<UInt8>) -> String? {
        var objects: [(keys: Set<String>, expectingKey: Bool)?] = []  // nil for arrays
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                objects.append((keys: [], expectingKey: true))
            case UInt8(ascii: "["):
                objects.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = objects.popLast()
            case UInt8(ascii: ","):
                if let top = objects.last, var object = top {
                    object.expectingKey = true
                    objects[objects.count - 1] = object
                }
            case UInt8(ascii: "\""):
                let start = index
                index = bytes.index(after: index)
                var escaped = false
                while index != bytes.endIndex, escaped || bytes[index] != UInt8(ascii: "\"") {
                    escaped = !escaped && bytes[index] == UInt8(ascii: "\\")
                    index = bytes.index(after: index)
                }
                guard index != bytes.endIndex else { return nil }
                if let top = objects.last, var object = top, object.expectingKey {
                    guard let key = decodedKey(bytes[start...index]) else { return nil }
                    if object.keys.contains(key) { return key }
                    object.keys.insert(key)
                    object.expectingKey = false
                    objects[objects.count - 1] = object
                }
            default:
                break
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// A key's text from its literal, quotes included; only a key with escapes needs a decoder.
    private static func decodedKey(_ literal: some Collection<UInt8>) -> String? {
        guard literal.contains(UInt8(ascii: "\\")) else { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(literal))
    }
}
