// Writing DAV XML: the namespaces we answer in, escaping, and element names for properties a
// client asked for in namespaces of its own.

enum DAVNamespace {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    static let calendarServer = "http://calendarserver.org/ns/"
    /// For our own explanatory messages inside error bodies.
    static let friends = "http://friends.invalid/ns/"

    /// The prefixes declared on every root element we write.
    static let rootDeclarations =
        #" xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav" xmlns:CS="http://calendarserver.org/ns/""#

    static func prefix(for namespace: String) -> String? {
        switch namespace {
        case dav: return "D"
        case cardDAV: return "C"
        case calendarServer: return "CS"
        default: return nil
        }
    }
}

extension XMLName {
    static func dav(_ local: String) -> XMLName { XMLName(DAVNamespace.dav, local) }
    static func cardDAV(_ local: String) -> XMLName { XMLName(DAVNamespace.cardDAV, local) }
    static func calendarServer(_ local: String) -> XMLName { XMLName(DAVNamespace.calendarServer, local) }

    /// An empty element of this name, declaring its namespace inline when it has no root prefix.
    var emptyElement: String {
        var bytes: [UInt8] = []
        write(.markup(""), into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the element holding `value` at the end of `bytes`, piece by piece: a listing writes
    /// a few for every card, and building each tag as a string was a third of its time.
    /// An empty value makes an empty element.
    func write(_ value: PropertyValue, into bytes: inout [UInt8]) {
        let prefix = DAVNamespace.prefix(for: namespace)
        bytes.append(UInt8(ascii: "<"))
        writeQualifiedName(prefix: prefix, into: &bytes)
        if prefix == nil && !namespace.isEmpty {
            bytes += #" xmlns:X=""#.utf8
            appendEscapedXML(namespace, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        guard !value.isEmpty else {
            bytes += "/>".utf8
            return
        }
        bytes.append(UInt8(ascii: ">"))
        value.write(into: &bytes)
        bytes += "</".utf8
        writeQualifiedName(prefix: prefix, into: &bytes)
        bytes.append(UInt8(ascii: ">"))
    }

    /// `D:local` for a namespace of the root's, `X:local` for another, `local` for none.
    private func writeQualifiedName(prefix: String?, into bytes: inout [UInt8]) {
        if let prefix {
            bytes += prefix.utf8
            bytes.append(UInt8(ascii: ":"))
        } else if !namespace.isEmpty {
            bytes += "X:".utf8
        }
        bytes += local.utf8
    }
}

/// A property's value, as it goes inside the property's element.
enum PropertyValue: Sendable, Equatable {
    /// Markup of our own (`<D:href>…</D:href>`), written as it is.
    case markup(String)
    /// Text, escaped as it is written.
    case text(String)

    var isEmpty: Bool {
        switch self {
        case .markup(let markup): markup.isEmpty
        case .text(let text): text.isEmpty
        }
    }

    func write(into bytes: inout [UInt8]) {
        switch self {
        case .markup(let markup): bytes += markup.utf8
        case .text(let text): appendEscapedXML(text, to: &bytes)
        }
    }
}

/// Escapes text and attribute values. Carriage returns become `&#13;` so that the CRLF line ends
/// of a vCard survive the XML parser's line-end normalisation on the client.
func escapeXML(_ text: String) -> String {
    // Most text (names, hrefs, entity tags) has nothing to escape: it goes out as it is.
    guard text.utf8.contains(where: needsEscaping) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 64)
    appendEscapedXML(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` escaped as `escapeXML` does at the end of `bytes`, without a string between.
func appendEscapedXML(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
        guard utf8.contains(where: needsEscaping) else {
            bytes += utf8
            return
        }
        // Byte by byte: every byte changed here is ASCII, which UTF-8 never uses inside a longer
        // sequence, and U+FFFE and U+FFFF are the only sequences EF BF BE and EF BF BF. The bytes
        // between two changes are copied at once (a card is mostly such bytes, a line at a time).
        var index = 0
        var unchanged = 0
        while index < utf8.count {
            let byte = utf8[index]
            guard needsEscaping(byte) else {
                index += 1
                continue
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[unchanged..<index])
            index += 1
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&apos;".utf8
            case UInt8(ascii: "\r"): bytes += "&#13;".utf8
            case 0x9, 0xA: bytes.append(byte)
            // Characters XML 1.0 cannot carry at all are dropped rather than producing a broken document.
            case ..<0x20: break
            case 0xEF where index + 1 < utf8.count && utf8[index] == 0xBF && utf8[index + 1] >= 0xBE:
                index += 2
            default: bytes.append(byte)
            }
            unchanged = index
        }
        bytes += UnsafeBufferPointer(rebasing: utf8[unchanged...])
    }
}

/// Whether `escapeXML` may have to change this byte: one it replaces or drops, or the start of U+FFFE or U+FFFF.
@inline(__always)
private func needsEscaping(_ byte: UInt8) -> Bool {
    switch byte {
    case ..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF: true
    default: false
    }
}

let xmlDeclaration = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"

func statusLine(_ status: Int) -> String {
    "HTTP/1.1 \(status) \(reasonPhrase(status))"
}

func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 201: return "Created"
    case 204: return "No Content"
    case 207: return "Multi-Status"
    case 301: return "Moved Permanently"
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 409: return "Conflict"
    case 412: return "Precondition Failed"
    case 413: return "Content Too Large"
    case 415: return "Unsupported Media Type"
    case 424: return "Failed Dependency"
    case 500: return "Internal Server Error"
    case 503: return "Service Unavailable"
    case 507: return "Insufficient Storage"
    default: return "Status"
    }
}
