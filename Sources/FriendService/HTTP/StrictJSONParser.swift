import NIOCore

/// Reads a request body as JSON (RFC 8259) in one pass, as strictly as the standard reads: no
/// trailing commas, comments, single quotes, lone surrogates or leading zeros, and nothing after
/// the value. It also finds a key given twice in one object, where a decoder would silently keep
/// one of them, and limits nesting.
///
/// Written for the server's write routes: Foundation's `JSONDecoder`, which accepts some of the
/// above, plus the scans that caught it were 9 % of the CPU of a `POST /friends`.
struct StrictJSONParser {
    enum Failure: Error, Equatable {
        /// Not JSON.
        case invalid
        /// Arrays and objects nested deeper than `maximumDepth`.
        case tooDeep
        /// The first key, in the order of the text, given twice in one object; the text is JSON.
        case duplicateKey(String)
    }

    static let maximumDepth = 64

    /// The value that `buffer` holds, which must be UTF-8 (see `isUTF8`).
    static func parse(_ buffer: ByteBuffer) throws(Failure) -> JSONValue {
        let result = buffer.withUnsafeReadableBytes { bytes in
            Result { () throws(Failure) -> JSONValue in
                var parser = StrictJSONParser(bytes: bytes)
                return try parser.document()
            }
        }
        return try result.get()
    }

    /// Whether the bytes are UTF-8 text, the only encoding JSON has on the wire (RFC 8259 §8.1).
    /// Checked first, so that text in UTF-16 or UTF-32 (which carries NUL bytes, as UTF-8 JSON
    /// never does) gets an error that says so.
    static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0
    private var duplicateKey: String?

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private mutating func document() throws(Failure) -> JSONValue {
        // RFC 8259 §8.1 lets a reader ignore a byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw .invalid }
        if let duplicateKey { throw .duplicateKey(duplicateKey) }
        return value
    }

    private mutating func value() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw .invalid }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw .invalid
        }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try open()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw .invalid }
                let key = try string()
                // Noted before the value is read, so that the first repeat in the text is the one named.
                if duplicateKey == nil, members[key] != nil { duplicateKey = key }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { throw .invalid }
                members[key] = try value()
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { throw .invalid }
        }
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try open()
        var elements: [JSONValue] = []
        skipWhitespace()
        if !take(UInt8(ascii: "]")) {
            repeat {
                elements.append(try value())
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { throw .invalid }
        }
        depth -= 1
        return .array(elements)
    }

    /// Steps into an array or an object.
    private mutating func open() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        index += 1
    }

    /// From the opening quote to past the closing one. A run of bytes without escapes is copied
    /// whole: the body is UTF-8, so a run that starts and ends next to ASCII bytes is UTF-8 too.
    private mutating func string() throws(Failure) -> String {
        index += 1
        var result = ""
        var runStart = index
        while true {
            guard let byte = current else { throw .invalid }
            switch byte {
            case UInt8(ascii: "\""):
                result += text(runStart..<index)
                index += 1
                return result
            case UInt8(ascii: "\\"):
                result += text(runStart..<index)
                index += 1
                result.unicodeScalars.append(try escaped())
                runStart = index
            case 0..<0x20:
                throw .invalid
            default:
                index += 1
            }
        }
    }

    /// What follows a backslash: one character, or a `\u` escape (a pair of them for a
    /// character beyond the Basic Multilingual Plane).
    private mutating func escaped() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw .invalid }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw .invalid }
                let low = try hexUnit()
                guard (0xDC00...0xDFFF).contains(low) else { throw .invalid }
                scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00)
            }
            // A lone low surrogate is no character.
            guard let character = Unicode.Scalar(scalar) else { throw .invalid }
            return character
        default:
            throw .invalid
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw .invalid }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and finite as a `Double`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) { try digits() }
        if take(UInt8(ascii: ".")) { try digits() }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            try digits()
        }
        guard let number = Double(text(start..<index)), number.isFinite else { throw .invalid }
        return number
    }

    /// One digit or more.
    private mutating func digits() throws(Failure) {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        guard index > start else { throw .invalid }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard take(byte) else { throw .invalid }
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
            index += 1
        }
    }

    /// Steps over `byte` when it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    private var current: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
