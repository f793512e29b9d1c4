import Foundation

/// What an `Authorization` header offers: a Bearer token, or Basic's name and password (the
/// password may be one of the account's tokens, which is what contact apps send).
enum Credentials: Equatable, Sendable {
    case bearer(token: String)
    case basic(name: String, secret: String)

    /// Longer headers are refused before any decoding: no name or password comes near this.
    static let maximumHeaderLength = 4_096

    enum Problem: Error, Equatable {
        case missing
        case malformed
        case tooLong
    }

    init(header: String?) throws(Problem) {
        guard let header, !header.isEmpty else { throw .missing }
        guard header.utf8.count <= Self.maximumHeaderLength else { throw .tooLong }
        if let token = Self.value(of: header, scheme: "Bearer") {
            guard !token.isEmpty, !token.utf8.contains(where: Self.isSpace) else { throw .malformed }
            self = .bearer(token: token)
        } else if let encoded = Self.value(of: header, scheme: "Basic") {
            guard
                let data = Data(base64Encoded: encoded),
                let decoded = String(data: data, encoding: .utf8),
                let colon = decoded.firstIndex(of: ":")
            else { throw .malformed }
            self = .basic(name: String(decoded[..<colon]), secret: String(decoded[decoded.index(after: colon)...]))
        } else {
            throw .malformed
        }
    }

    /// The name a Basic header gives, which failed attempts are counted against.
    var name: String? {
        if case .basic(let name, _) = self { return name }
        return nil
    }

    /// What follows `scheme` and a space, the scheme in any case, without surrounding spaces.
    /// Read as bytes: it runs on every request.
    private static func value(of header: String, scheme: StaticString) -> String? {
        let bytes = header.utf8
        let name = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
        guard bytes.count > name.count + 1,
              zip(bytes, name).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
              bytes[bytes.index(bytes.startIndex, offsetBy: name.count)] == UInt8(ascii: " ")
        else { return nil }
        var value = bytes.dropFirst(name.count + 1)
        while let first = value.first, isSpace(first) { value = value.dropFirst() }
        while let last = value.last, isSpace(last) { value = value.dropLast() }
        return String(Substring(value))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
