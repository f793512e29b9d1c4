import CardDAV
import Foundation
import VCard

/// Turns an import's body into the bytes the card reader takes, a chunk at a time as it arrives:
/// UTF-8 from the UTF-16 or UTF-8 its first bytes say (`UTF16Transcoder`), or from the Unicode
/// charset its `Content-Type` names (RFC 2425, as a CardDAV `PUT` is). A file in a charset of one
/// byte a character (ISO-8859-1, Windows-1252) goes through as it is: each card of it is read in
/// that charset apart (`reading(card:)`), since a 2.1 card's own `CHARSET=`s come first. A byte
/// order mark at the start says the body is Unicode whatever charset is named, as browsers read
/// one (WHATWG Encoding, "decode"): a file saved as UTF-16 and sent with the charset chosen for
/// the others of a folder.
struct ImportTranscoder {
    private enum Decoding {
        case unicode(UTF16Transcoder)
        /// ISO-8859-1 or Windows-1252: each byte a character, so chunks decode apart.
        case singleByte(String.Encoding)
        /// ISO-8859-1 or Windows-1252 named, and the first bytes could still be a byte order mark.
        case singleByteUnlessMarked(String.Encoding, head: [UInt8])
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
            decoding = .singleByteUnlessMarked(encoding, head: [])
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
        case .singleByte:
            return Array(bytes)
        case .singleByteUnlessMarked(let encoding, let head):
            let first = head + bytes
            if UTF16Transcoder.byteOrderMarks.contains(where: { first.starts(with: $0) }) {
                var transcoder = UTF16Transcoder()
                defer { decoding = .unicode(transcoder) }
                return transcoder.append(first)
            }
            if UTF16Transcoder.byteOrderMarks.contains(where: { $0.starts(with: first) }) {
                decoding = .singleByteUnlessMarked(encoding, head: first)
                return []
            }
            decoding = .singleByte(encoding)
            return first
        }
    }

    /// The card's bytes as the card reader takes them. In a charset of one byte a character, a 2.1
    /// card stays as it came: the reader reads each line in the charset it names, else as
    /// Windows-1252, so the card is kept (and its `UID` made) as when the file is sent without
    /// naming its charset. Any other card is read in the charset named. `readBefore`: a 2.1 card's
    /// bytes as this server read the whole file in that charset before, whose made-up `UID` a
    /// friend imported then has.
    func reading(card bytes: [UInt8]) -> (bytes: [UInt8], readBefore: [UInt8]?) {
        let encoding: String.Encoding
        switch decoding {
        case .singleByte(let named), .singleByteUnlessMarked(let named, _): encoding = named
        case .unicode: return (bytes, nil)
        }
        // Every byte is a character in both (Windows-1252 as browsers read it).
        let utf8 = Array((CharacterSets.text(of: bytes, in: encoding) ?? "").utf8)
        return VCardParser.isVersion21(bytes) ? (bytes, utf8) : (utf8, nil)
    }

    /// What was held back waiting for the rest of a character.
    mutating func finish() -> [UInt8] {
        switch decoding {
        case .unicode(var transcoder):
            defer { decoding = .unicode(transcoder) }
            return transcoder.finish()
        case .singleByte:
            return []
        case .singleByteUnlessMarked(let encoding, let head):
            decoding = .singleByte(encoding)
            return head
        }
    }
}
