import Foundation

/// The fields of a submitted form (`application/x-www-form-urlencoded`), in order; a name may
/// repeat. A form sent as `multipart/form-data` also carries its files.
public struct FormFields: Equatable, Sendable {
    public private(set) var pairs: [(name: String, value: String)]
    /// The files of a form with a file input, in order.
    public internal(set) var files: [UploadedFile]

    public init(_ pairs: [(name: String, value: String)] = [], files: [UploadedFile] = []) {
        self.pairs = pairs
        self.files = files
    }

    /// Decodes a form body. Returns `nil` when it is not one (bad percent-encoding or not UTF-8).
    public init?(urlEncoded body: String) {
        var pairs: [(String, String)] = []
        for part in body.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(pieces[0]), let value = Self.decode(pieces.count > 1 ? pieces[1] : "") else {
                return nil
            }
            pairs.append((name, value))
        }
        self.pairs = pairs
        files = []
    }

    /// The fields as a form body or query, encoded as browsers encode a form: letters, digits and
    /// `*-._` as they are, a space as `+`, every other byte of the UTF-8 text as `%XX`.
    public var urlEncoded: String {
        pairs.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    private static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                encoded += "+"
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// The first value given for `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The first file sent for the file input `name`.
    public func file(named name: String) -> UploadedFile? {
        files.first { $0.name == name }
    }

    mutating func append(name: String, value: String) {
        pairs.append((name, value))
    }

    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value } && lhs.files == rhs.files
    }

    /// `+` is a space in forms; `%XX` a byte of the UTF-8 text (`nil` for a broken escape or bytes
    /// that are not UTF-8).
    /// A browser sends each line break of a text area as CRLF (HTML's form submission); the text
    /// typed has LF, which the page's own `maxlength` counted as one character. Read back so, a
    /// note the text area took is not refused as too long.
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding?.replacingOccurrences(of: "\r\n", with: "\n")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// A file sent with a form: the input's name, the file's name on the person's machine (never a
/// path to trust), its declared type and its bytes.
public struct UploadedFile: Equatable, Sendable {
    public let name: String
    public let filename: String
    public let contentType: String
    public let data: Data

    public init(name: String, filename: String, contentType: String, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
