// A small, strict XML reader for the WebDAV subset: elements, attributes, namespaces, text,
// CDATA, comments, the five predefined entities and numeric character references.
//
// Why not Foundation's XMLParser: on Linux (FoundationXML over libxml2) it crashes the whole
// process on invalid bytes inside an element name, reports success for an unclosed document
// and accepts any nesting depth. Request bodies are untrusted, so this reader refuses DTDs
// outright (no entity expansion, no external entities), limits depth, and never traps. A body in
// UTF-16 (or another encoding it names) is read as UTF-8 first, by `XMLBodyEncoding`.

struct XMLName: Hashable, Sendable {
    var namespace: String
    var local: String

    init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }
}

struct DAVXMLElement: Sendable {
    var name: XMLName
    var attributes: [XMLName: String]
    var children: [DAVXMLElement]
    /// The element's own text (character data and CDATA directly inside it), concatenated.
    var text: String

    func attribute(_ local: String) -> String? {
        attributes[XMLName("", local)]
    }

    func child(_ name: XMLName) -> DAVXMLElement? {
        children.first { $0.name == name }
    }

    func children(_ name: XMLName) -> [DAVXMLElement] {
        children.filter { $0.name == name }
    }
}

enum XMLReadError: Error, Equatable, Sendable {
    case tooLarge
    case invalidUTF8
    /// Bytes that are not text in the encoding the body is in (by its byte order mark or declaration).
    case invalidText(String)
    /// An encoding, by its byte order mark or declaration, the reader does not read.
    case unsupportedEncoding(String)
    case tooDeep
    case doctypeRefused
    case malformed(String)

    var message: String {
        switch self {
        case .tooLarge: return "The request body is too large."
        case .invalidUTF8: return "The request body is not valid UTF-8."
        case .invalidText(let encoding): return "The request body is not valid \(encoding)."
        case .unsupportedEncoding(let encoding):
            return "XML is read in UTF-8, UTF-16, ISO-8859-1 or Windows-1252, not \(encoding)."
        case .tooDeep: return "The XML is nested too deeply."
        case .doctypeRefused: return "DOCTYPE declarations are not accepted."
        case .malformed(let why): return "Malformed XML: \(why)."
        }
    }
}

struct XMLReader {
    var maxBytes: Int
    var maxDepth: Int

    /// - Parameter contentTypeCharset: the `charset` of the request's `Content-Type` (see `XMLBodyEncoding`).
    func read(_ bytes: [UInt8], contentTypeCharset: String? = nil) throws(XMLReadError) -> DAVXMLElement {
        guard bytes.count <= maxBytes else { throw .tooLarge }
        let bytes = try XMLBodyEncoding.utf8(bytes, contentTypeCharset: contentTypeCharset)
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .invalidUTF8 }
        var scanner = XMLScanner(bytes: bytes, maxDepth: maxDepth)
        return try scanner.document()
    }
}

private struct Partial {
    var prefix: String
    var local: String
    var qualified: [UInt8]
    var rawAttributes: [(prefix: String, local: String, value: String)]
    var namespaces: [String: String]
    var children: [DAVXMLElement] = []
    var text: [UInt8] = []
}

private struct XMLScanner {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var stack: [Partial] = []

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func document() throws(XMLReadError) -> DAVXMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        try skipMisc()
        guard peek() == UInt8(ascii: "<") else { throw .malformed("no root element") }
        var root: DAVXMLElement?
        while root == nil {
            guard index < bytes.count else { throw .malformed("the document ends inside an element") }
            if peek() == UInt8(ascii: "<") {
                if starts("</") {
                    root = try endTag()
                } else if starts("<!--") {
                    try comment()
                } else if starts("<![CDATA[") {
                    try cdata()
                } else if starts("<?") {
                    try processingInstruction()
                } else if starts("<!") {
                    throw starts("<!DOCTYPE") ? .doctypeRefused : .malformed("unexpected markup declaration")
                } else {
                    root = try startTag()
                }
            } else {
                try characterData()
            }
        }
        try skipMisc()
        guard index == bytes.count else { throw .malformed("content after the root element") }
        return root ?? DAVXMLElement(name: XMLName("", ""), attributes: [:], children: [], text: "")
    }

    // MARK: Prolog and epilog

    mutating func skipMisc() throws(XMLReadError) {
        while index < bytes.count {
            if isSpace(bytes[index]) {
                index += 1
            } else if starts("<?") {
                try processingInstruction()
            } else if starts("<!--") {
                try comment()
            } else if starts("<!DOCTYPE") {
                throw .doctypeRefused
            } else {
                return
            }
        }
    }

    mutating func processingInstruction() throws(XMLReadError) {
        index += 2
        try skip(until: "?>", what: "processing instruction")
    }

    mutating func comment() throws(XMLReadError) {
        index += 4
        try skip(until: "-->", what: "comment")
    }

    mutating func cdata() throws(XMLReadError) {
        guard !stack.isEmpty else { throw .malformed("CDATA outside an element") }
        index += 9
        let start = index
        try skip(until: "]]>", what: "CDATA section")
        let content = bytes[start..<(index - 3)]
        try checkChars(content)
        var normalised: [UInt8] = []
        normalised.reserveCapacity(content.count)
        for (offset, byte) in zip(content.indices, content) {
            if byte == 0x0D {
                if offset + 1 < content.endIndex, content[offset + 1] == 0x0A { continue }
                normalised.append(0x0A)
            } else {
                normalised.append(byte)
            }
        }
        stack[stack.count - 1].text += normalised
    }

    mutating func skip(until terminator: String, what: String) throws(XMLReadError) {
        let end = Array(terminator.utf8)
        while index < bytes.count {
            if bytes[index] == end[0], bytes[index...].starts(with: end) {
                index += end.count
                return
            }
            index += 1
        }
        throw .malformed("unterminated \(what)")
    }

    // MARK: Tags

    mutating func startTag() throws(XMLReadError) -> DAVXMLElement? {
        index += 1
        let qualified = try name()
        var attributes: [(prefix: String, local: String, value: String)] = []
        var namespaces: [String: String] = [:]
        var seen: Set<[UInt8]> = []
        while true {
            let hadSpace = skipSpace()
            guard index < bytes.count else { throw .malformed("unterminated start tag") }
            if starts("/>") || peek() == UInt8(ascii: ">") { break }
            guard hadSpace else { throw .malformed("attributes must be separated by white space") }
            let attributeName = try name()
            guard seen.insert(attributeName).inserted else { throw .malformed("repeated attribute") }
            skipSpace()
            guard peek() == UInt8(ascii: "=") else { throw .malformed("attribute without a value") }
            index += 1
            skipSpace()
            let value = try attributeValue()
            let (prefix, local) = split(attributeName)
            if prefix.isEmpty, local == "xmlns" {
                namespaces[""] = value
            } else if prefix == "xmlns" {
                guard !value.isEmpty else { throw .malformed("a prefix cannot be bound to no namespace") }
                namespaces[local] = value
            } else {
                attributes.append((prefix, local, value))
            }
        }
        guard stack.count < maxDepth else { throw .tooDeep }
        let (prefix, local) = split(qualified)
        stack.append(Partial(prefix: prefix, local: local, qualified: qualified,
                             rawAttributes: attributes, namespaces: namespaces))
        if starts("/>") {
            index += 2
            return try close()
        }
        index += 1
        return nil
    }

    mutating func endTag() throws(XMLReadError) -> DAVXMLElement? {
        index += 2
        let qualified = try name()
        skipSpace()
        guard peek() == UInt8(ascii: ">") else { throw .malformed("unterminated end tag") }
        index += 1
        guard let open = stack.last, open.qualified == qualified else {
            throw .malformed("mismatched end tag")
        }
        return try close()
    }

    /// Closes the innermost element; returns it when it was the root.
    mutating func close() throws(XMLReadError) -> DAVXMLElement? {
        let partial = stack[stack.count - 1]
        let element = DAVXMLElement(
            name: XMLName(try resolve(partial.prefix, forAttribute: false), partial.local),
            attributes: try resolvedAttributes(partial.rawAttributes),
            children: partial.children,
            text: String(decoding: partial.text, as: UTF8.self)
        )
        stack.removeLast()
        if stack.isEmpty { return element }
        stack[stack.count - 1].children.append(element)
        return nil
    }

    func resolvedAttributes(_ raw: [(prefix: String, local: String, value: String)]) throws(XMLReadError) -> [XMLName: String] {
        var result: [XMLName: String] = [:]
        for attribute in raw {
            let name = XMLName(try resolve(attribute.prefix, forAttribute: true), attribute.local)
            guard result.updateValue(attribute.value, forKey: name) == nil else {
                throw .malformed("repeated attribute")
            }
        }
        return result
    }

    func resolve(_ prefix: String, forAttribute: Bool) throws(XMLReadError) -> String {
        if prefix.isEmpty && forAttribute { return "" }
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        for partial in stack.reversed() {
            if let namespace = partial.namespaces[prefix] { return namespace }
        }
        guard prefix.isEmpty else { throw .malformed("undeclared namespace prefix") }
        return ""
    }

    // MARK: Names, values, text

    mutating func name() throws(XMLReadError) -> [UInt8] {
        let start = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw .malformed("expected a name") }
        let name = Array(bytes[start..<index])
        guard let first = name.first, !(first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
                                         || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))) else {
            throw .malformed("a name cannot start with a digit, '-' or '.'")
        }
        let colons = name.filter { $0 == UInt8(ascii: ":") }.count
        guard colons <= 1, name.first != UInt8(ascii: ":"), name.last != UInt8(ascii: ":") else {
            throw .malformed("invalid qualified name")
        }
        return name
    }

    func split(_ qualified: [UInt8]) -> (String, String) {
        if let colon = qualified.firstIndex(of: UInt8(ascii: ":")) {
            return (String(decoding: qualified[..<colon], as: UTF8.self),
                    String(decoding: qualified[(colon + 1)...], as: UTF8.self))
        }
        return ("", String(decoding: qualified, as: UTF8.self))
    }

    mutating func attributeValue() throws(XMLReadError) -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw .malformed("attribute value must be quoted")
        }
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw .malformed("unterminated attribute value") }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == UInt8(ascii: "<") { throw .malformed("'<' in an attribute value") }
            if byte == UInt8(ascii: "&") {
                value += try reference()
            } else {
                try checkChar(byte)
                // Attribute value normalisation: white space characters become spaces.
                value.append(isSpace(byte) ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    mutating func characterData() throws(XMLReadError) {
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                text += try reference()
            } else {
                try checkChar(byte)
                // Line-end normalisation (XML 1.0 section 2.11): CR LF and a lone CR become LF.
                if byte == 0x0D {
                    text.append(0x0A)
                    index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                    continue
                }
                if byte == UInt8(ascii: ">"), bytes[..<index].suffix(2).elementsEqual([UInt8(ascii: "]"), UInt8(ascii: "]")]) {
                    throw .malformed("']]>' in text")
                }
                text.append(byte)
                index += 1
            }
        }
        if stack.isEmpty {
            guard text.allSatisfy(isSpace) else { throw .malformed("text outside the root element") }
        } else {
            stack[stack.count - 1].text += text
        }
    }

    mutating func reference() throws(XMLReadError) -> [UInt8] {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            index += 1
            guard index - start <= 12 else { throw .malformed("unknown entity reference") }
        }
        guard index < bytes.count else { throw .malformed("unterminated entity reference") }
        let body = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        switch body {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var digits = Substring(body)
            var radix = 10
            guard digits.first == "#" else { throw .malformed("unknown entity reference") }
            digits = digits.dropFirst()
            if digits.first == "x" { radix = 16; digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }),
                  let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
                  isXMLChar(value) else {
                throw .malformed("invalid character reference")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: Helpers

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    func starts(_ literal: String) -> Bool { bytes[index...].starts(with: literal.utf8) }

    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    func checkChars(_ chunk: ArraySlice<UInt8>) throws(XMLReadError) {
        for byte in chunk { try checkChar(byte) }
    }

    /// The body is already known to be valid UTF-8, so only the forbidden ASCII controls remain.
    func checkChar(_ byte: UInt8) throws(XMLReadError) {
        if byte < 0x20 && !isSpace(byte) { throw .malformed("control character in the document") }
    }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

private func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
         UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
         UInt8(ascii: "."), UInt8(ascii: ":"):
        return true
    default:
        // Non-ASCII letters arrive as UTF-8 sequences, already validated as a whole.
        return byte >= 0x80
    }
}

private func isXMLChar(_ value: UInt32) -> Bool {
    value == 0x9 || value == 0xA || value == 0xD
        || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
        || (0x10000...0x10FFFF).contains(value)
}
