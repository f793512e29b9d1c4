import Foundation
import VCard

/// The `charset` a vCard body's `Content-Type` names, which for vCard 3.0 is the text's
/// (RFC 2425): a body in another one is read in it and kept as UTF-8. Public for a server's
/// other routes that take vCards (an import) to read them alike.
public enum DeclaredCharset {
    /// The body as UTF-8; 415 `supported-address-data` for a charset this does not read, or text
    /// that is not in the one named. A body that begins with a byte order mark is Unicode whatever
    /// charset is named (as browsers and the import read one), and goes on as it came, for the
    /// backend to read as it reads one sent without a charset.
    static func utf8Body(_ body: [UInt8], contentType: String?) throws -> [UInt8] {
        guard let charset = charset(in: contentType) else { return body }
        guard let encoding = encoding(named: charset) else {
            throw DAVRequestError.precondition(
                415, "<C:supported-address-data/>", notRead(charset))
        }
        if encoding == .utf8 || UTF16Transcoder.byteOrderMarks.contains(where: body.starts(with:)) { return body }
        guard let text = CharacterSets.text(of: body, in: encoding) else {
            throw DAVRequestError.precondition(415, "<C:supported-address-data/>", "The body is not text in \(charset).")
        }
        return Array(text.utf8)
    }

    /// Why a body in `charset`, one not read, is refused.
    public static func notRead(_ charset: String) -> String {
        "Cards are read in UTF-8, UTF-16, ISO-8859-1 or Windows-1252, not \(charset)."
    }

    /// The encoding of a charset read (in lower case, as `charset(in:)` gives it); nil for another one.
    public static func encoding(named charset: String) -> String.Encoding? {
        encodings[charset]
    }

    private static let encodings: [String: String.Encoding] = [
        "utf-8": .utf8, "utf8": .utf8, "us-ascii": .utf8,
        "utf-16": .utf16, "utf-16le": .utf16LittleEndian, "utf-16be": .utf16BigEndian,
        "iso-8859-1": .isoLatin1, "iso8859-1": .isoLatin1, "iso_8859-1": .isoLatin1, "latin1": .isoLatin1,
        "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252, "x-cp1252": .windowsCP1252,
    ]

    /// The `charset` parameter of `contentType`, in lower case; nil without one.
    public static func charset(in contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, String(parts[0]).trimmingSpaces.lowercased() == "charset" else { continue }
            return String(parts[1]).trimmingSpaces.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }
}
