/// The resources under `/dav/` for one principal, and the two discovery entry points.
enum DAVResource: Equatable, Sendable {
    case root           // "/", PROPFIND and OPTIONS only
    case wellKnown      // "/.well-known/carddav"
    case davRoot        // "/dav/"
    case principals     // "/dav/principals/"
    case principal      // "/dav/principals/P/"
    case homes          // "/dav/addressbooks/"
    case home           // "/dav/addressbooks/P/"
    case addressBook    // "/dav/addressbooks/P/friends/"
    case card(String)   // "/dav/addressbooks/P/friends/NAME", NAME percent-decoded

    var isCollection: Bool {
        if case .card = self { return false }
        return true
    }
}

enum DAVPathError: Error, Equatable {
    case badRequest(String)
    case notFound
    /// The principal's name with capitals: names are lower case, and "Bob" signs in as "bob", so
    /// a URL typed as `/dav/addressbooks/Bob/` is answered with where it lives.
    case spelledInCapitals(canonicalPath: String)
}

struct DAVPaths: Sendable {
    static let addressBookSegment = "friends"
    static let wellKnownPath = "/.well-known/carddav"
    static let maxNameBytes = 255

    let principal: String
    // Made once: a listing writes the address book's href before every card's name.
    let principalHref: String
    let homeHref: String
    let addressBookHref: String

    init(principal: String) {
        self.principal = principal
        principalHref = "/dav/principals/\(encodePathSegment(principal))/"
        homeHref = "/dav/addressbooks/\(encodePathSegment(principal))/"
        addressBookHref = homeHref + Self.addressBookSegment + "/"
    }

    func href(_ resource: DAVResource) -> String {
        switch resource {
        case .root: return "/"
        case .wellKnown: return Self.wellKnownPath
        case .davRoot: return "/dav/"
        case .principals: return "/dav/principals/"
        case .principal: return principalHref
        case .homes: return "/dav/addressbooks/"
        case .home: return homeHref
        case .addressBook: return addressBookHref
        case .card(let name): return addressBookHref + encodePathSegment(name)
        }
    }

    /// Resolves a raw, percent-encoded request path (or an href, which may be an absolute URL).
    /// Works on the UTF-8 bytes, where every delimiter is ASCII: a multiget resolves every href
    /// it names, and Foundation's search and splitting by characters were half of its time.
    func resource(for rawPath: String) -> Result<DAVResource, DAVPathError> {
        if let name = plainCardName(in: rawPath) { return .success(.card(name)) }
        var path = Array(rawPath.utf8)[...]
        if let end = path.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            path = path[..<end]
        }
        let schemeEnd = path.firstIndex(where: { !isASCIILetter($0) }) ?? path.endIndex
        if path[schemeEnd...].starts(with: "://".utf8) {
            let afterAuthority = path[(schemeEnd + 3)...]
            path = afterAuthority.firstIndex(of: UInt8(ascii: "/")).map { afterAuthority[$0...] } ?? ArraySlice("/".utf8)
        }
        guard path.first == UInt8(ascii: "/") else { return .failure(.badRequest("The path must start with '/'.")) }
        // `//` is one separator, as Apache, nginx and sabre/dav take it: a client that joins a base
        // ending in `/` to a path starting with one means the same resource. An empty segment
        // names nothing, so dropping it cannot lead outside the principal's book.
        let trailingSlash = path.last == UInt8(ascii: "/")
        var segments: [String] = []
        for segment in path.split(separator: UInt8(ascii: "/")) {
            guard let decoded = percentDecode(segment) else {
                return .failure(.badRequest("The path has an invalid percent-encoding."))
            }
            guard !decoded.utf8.contains(UInt8(ascii: "/")) else {
                return .failure(.badRequest("Encoded slashes are not allowed in names."))
            }
            guard decoded != ".", decoded != ".." else {
                return .failure(.badRequest("'.' and '..' are not allowed in paths."))
            }
            guard !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
                return .failure(.badRequest("Control characters are not allowed in names."))
            }
            segments.append(decoded)
        }
        return match(segments, trailingSlash: trailingSlash)
    }

    /// `path` with each run of slashes made one, as `resource(for:)` reads it.
    static func collapsingSlashes(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var result = ""
        for character in path where character != "/" || result.last != "/" { result.append(character) }
        return result
    }

    /// The name in a card's href as this server writes it (the address book's href, then a name
    /// with nothing encoded, as every href of a multiget usually is), or nil for anything else,
    /// which the whole resolution then answers the same way it would have.
    private func plainCardName(in rawPath: String) -> String? {
        let utf8 = rawPath.utf8
        guard utf8.starts(with: addressBookHref.utf8) else { return nil }
        let name = utf8.dropFirst(addressBookHref.utf8.count)
        guard !name.isEmpty, name.count <= Self.maxNameBytes,
              !name.contains(where: needsFullResolution),
              !name.elementsEqual(".".utf8), !name.elementsEqual("..".utf8) else { return nil }
        return String(name)
    }

    private func match(_ segments: [String], trailingSlash: Bool) -> Result<DAVResource, DAVPathError> {
        switch segments.count {
        case 0:
            return .success(.root)
        case 2 where segments == [".well-known", "carddav"]:
            return .success(.wellKnown)
        default:
            break
        }
        guard segments.first == "dav" else { return .failure(.notFound) }
        let rest = Array(segments.dropFirst())
        switch rest.count {
        case 0: return .success(.davRoot)
        case 1 where rest[0] == "principals": return .success(.principals)
        case 1 where rest[0] == "addressbooks": return .success(.homes)
        default: break
        }
        guard rest.count >= 2 else { return .failure(.notFound) }
        if rest[1] != principal, asciiLowercased(rest[1]) == principal {
            var lowered = segments
            lowered[2] = principal
            guard case .success = match(lowered, trailingSlash: trailingSlash) else { return .failure(.notFound) }
            let path = "/" + lowered.map(encodePathSegment).joined(separator: "/") + (trailingSlash ? "/" : "")
            return .failure(.spelledInCapitals(canonicalPath: path))
        }
        // Another principal's resources are answered as not found, so names do not leak.
        guard rest[1] == principal else { return .failure(.notFound) }
        switch (rest[0], rest.count) {
        case ("principals", 2): return .success(.principal)
        case ("addressbooks", 2): return .success(.home)
        case ("addressbooks", 3) where rest[2] == Self.addressBookSegment: return .success(.addressBook)
        case ("addressbooks", 4) where rest[2] == Self.addressBookSegment:
            guard !trailingSlash else { return .failure(.notFound) }
            guard rest[3].utf8.count <= Self.maxNameBytes else {
                return .failure(.badRequest("The name is longer than \(Self.maxNameBytes) bytes."))
            }
            return .success(.card(rest[3]))
        default:
            return .failure(.notFound)
        }
    }
}

private func asciiLowercased(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }))
}

/// Decodes `%XX` escapes; nil for a malformed escape or bytes that are not UTF-8.
func percentDecode(_ segment: ArraySlice<UInt8>) -> String? {
    guard segment.contains(UInt8(ascii: "%")) else { return String(validating: segment, as: UTF8.self) }
    var bytes: [UInt8] = []
    var iterator = segment.makeIterator()
    while let byte = iterator.next() {
        if byte == UInt8(ascii: "%") {
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        } else {
            bytes.append(byte)
        }
    }
    return String(validating: bytes, as: UTF8.self)
}

/// A byte that ends a path, encodes one, or is refused in a name.
private func needsFullResolution(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), ..<0x20, 0x7F: true
    default: false
    }
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}

/// Percent-encodes one path segment, keeping RFC 3986 `pchar` characters as they are.
func encodePathSegment(_ segment: String) -> String {
    // Most names (`<uid>.vcf`) need nothing encoded: they go out as they are.
    guard !segment.utf8.allSatisfy(isPathCharacter) else { return segment }
    let hex = Array("0123456789ABCDEF".utf8)
    var result: [UInt8] = []
    for byte in segment.utf8 {
        if isPathCharacter(byte) {
            result.append(byte)
        } else {
            result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
    }
    return String(decoding: result, as: UTF8.self)
}

/// An RFC 3986 `pchar` that needs no encoding.
private func isPathCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    default:
        return "-._~!$&'()*+,;=:@".utf8.contains(byte)
    }
}
