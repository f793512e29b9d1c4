import Foundation

/// The fields of a submitted form (`application/x-www-form-urlencoded`), in order; a name may repeat.
public struct FormFields: Equatable, Sendable {
    public private(set) var pairs: [(name: String, value: String)]

    public init(_ pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
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
    }

    /// The first value given for `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// `+` is a space in forms; `%XX` a byte of the UTF-8 text (`nil` for a broken escape or bytes
    /// that are not UTF-8).
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
