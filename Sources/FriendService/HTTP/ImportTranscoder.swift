import CardDAV
import Foundation
import VCard

/// Turns an import's body into the UTF-8 the card reader takes, a chunk at a time as it arrives:
/// read in the charset its `Content-Type` names (RFC 2425, as a CardDAV `PUT` is), or else as
/// UTF-8 or UTF-16, as its first bytes say (`UTF16Transcoder`).
struct ImportTranscoder {
    private enum Decoding {
        case unicode(UTF16Transcoder)
        /// ISO-8859-1 or Windows-1252: each byte a character, so chunks decode apart.
        case singleByte(String.Encoding)
    }

    private var decoding: Decoding

    /// - Throws: 415 for a charset it does not read.
    init(contentType: String?) throws(APIError) {
        guard let charset = DeclaredCharset.charset(in: contentType) else {
            decoding = .unicode(UTF16Transcoder())
            return
        }
        switch DeclaredCharset.encoding(named: charset) {
        case nil:
            throw APIError(.unsupportedMediaType, DeclaredCharset.notRead(charset))
        case let encoding? where encoding == .isoLatin1 || encoding == .windowsCP1252:
            decoding = .singleByte(encoding)
        case _?:
            decoding = .unicode(UTF16Transcoder())
        }
    }

    /// The UTF-8 of `bytes`.
    mutating func append(_ bytes: some Collection<UInt8>) -> [UInt8] {
        switch decoding {
        case .unicode(var transcoder):
            defer { decoding = .unicode(transcoder) }
            return transcoder.append(bytes)
        case .singleByte(let encoding):
            // Every byte is a character in both (Windows-1252 as browsers read it).
            return Array((CharacterSets.text(of: bytes, in: encoding) ?? "").utf8)
        }
    }

    /// What was held back waiting for the rest of a character.
    mutating func finish() -> [UInt8] {
        guard case .unicode(var transcoder) = decoding else { return [] }
        defer { decoding = .unicode(transcoder) }
        return transcoder.finish()
    }
}
