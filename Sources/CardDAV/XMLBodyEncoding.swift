import Foundation
import VCard

/// The bytes of a request's XML as UTF-8, for `XMLReader`. As XML 1.0 appendix F has it: a byte
/// order mark decides; without one, the first bytes tell UTF-16 (`<` with a zero byte beside it);
/// otherwise the declaration's `encoding` does. Only the start of a body is looked at, unless it is
/// to be decoded: a multiget of megabytes in UTF-8 is not copied.
///
/// The `charset` of the request's `Content-Type` is read only for text that none of those names
/// and that is not UTF-8 (`application/xml; charset=iso-8859-1` without a declaration): RFC 7303
/// would have it decide, but sabre/dav and Radicale read by the XML alone, and a client whose header
/// says another charset than the UTF-8 it sends works with them.
enum XMLBodyEncoding {
    static func utf8(_ bytes: [UInt8], contentTypeCharset: String? = nil) throws(XMLReadError) -> [UInt8] {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            || bytes.starts(with: [0x00, 0x00, 0x00, 0x3C]) || bytes.starts(with: [0x3C, 0x00, 0x00, 0x00]) {
            throw .unsupportedEncoding("UTF-32")
        }
        // `<?xm` in EBCDIC (XML 1.0 appendix F): its declaration names a code page not read here.
        if bytes.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) { throw .unsupportedEncoding("EBCDIC") }
        if bytes.starts(with: [0xFE, 0xFF]) { return try fromUTF16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try fromUTF16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0), bytes[0] < 0x80, bytes[1] < 0x80 {
            return try fromUTF16(bytes[...], bigEndian: bytes[0] == 0)
        }
        guard let declared = declaredEncoding(in: bytes) else {
            guard let charset = contentTypeCharset, String(validating: bytes, as: UTF8.self) == nil else { return bytes }
            return try text(bytes, in: charset)
        }
        switch declared {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return bytes
        case "utf-16", "utf-16le", "utf-16be", "ucs-2":
            // A declaration that could be read as ASCII is not in UTF-16: .NET writes this one
            // from a string it then sends in UTF-8. libxml2 reads such a body as UTF-8 too.
            return bytes
        default:
            return try text(bytes, in: declared)
        }
    }

    /// `bytes` read in the charset a declaration or header names (one other than UTF-8 and UTF-16).
    private static func text(_ bytes: [UInt8], in charset: String) throws(XMLReadError) -> [UInt8] {
        if let encoding = DeclaredCharset.encoding(named: charset), let text = CharacterSets.text(of: bytes, in: encoding) {
            return Array(text.utf8)
        }
        // In ASCII the encodings clients could mean agree: only other bytes need reading in it.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
        throw .unsupportedEncoding(charset)
    }

    private static func fromUTF16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(XMLReadError) -> [UInt8] {
        guard bytes.count.isMultiple(of: 2) else { throw .invalidText("UTF-16") }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(units.count * 3 / 2)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { utf8.append($0) }
        guard !failed else { throw .invalidText("UTF-16") }
        return utf8
    }

    /// The `encoding` of an XML declaration at the start of `bytes` (after a UTF-8 byte order
    /// mark), in lower case; nil without one.
    static func declaredEncoding(in bytes: [UInt8]) -> String? {
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        let head = bytes[start..<min(bytes.endIndex, start + 256)]
        guard head.starts(with: "<?xml".utf8), let end = head.firstRange(of: "?>".utf8)?.lowerBound else { return nil }
        let declaration = String(decoding: head[..<end], as: UTF8.self)
        guard let name = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        return value.isEmpty ? nil : value.lowercased()
    }
}
