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
        case singleByte(String.Encoding, charset: String)
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
            throw APIError(.unsupportedMediaType, "Cards are read in \(DeclaredCharset.namesRead), not \(charset).")
        case let encoding? where encoding == .isoLatin1 || encoding == .windowsCP1252:
            decoding = .singleByte(encoding, charset: charset)
        case _?:
            decoding = .unicode(UTF16Transcoder())
        }
    }

    /// The UTF-8 of `bytes`.
    /// - Throws: 400 for a byte the charset named has no character for.
    mutating func append(_ bytes: some Collection<UInt8>) throws(APIError) -> [UInt8] {
        switch decoding {
        case .unicode(var transcoder):
            defer { decoding = .unicode(transcoder) }
            return transcoder.append(bytes)
        case .singleByte(let encoding, let charset):
            guard let text = String(bytes: bytes, encoding: encoding) else {
                throw APIError(.badRequest, "The file is not text in \(charset).")
            }
            return Array(text.utf8)
        }
    }

    /// What was held back waiting for the rest of a character.
    mutating func finish() -> [UInt8] {
        guard case .unicode(var transcoder) = decoding else { return [] }
        defer { decoding = .unicode(transcoder) }
        return transcoder.finish()
    }
}
