import Foundation

extension AddressBookQuery {
    /// `C:text-match` (RFC 6352 10.5.4), on a property's values or a parameter's.
    struct TextMatch {
        enum MatchType: String { case equals, contains, startsWith = "starts-with", endsWith = "ends-with" }
        enum Collation: String { case unicodeCasemap = "i;unicode-casemap", asciiCasemap = "i;ascii-casemap", octet = "i;octet" }

        /// UTF-8 bytes, folded (see `Collation.fold`).
        var needle: [UInt8]
        var matchType: MatchType
        var collation: Collation
        var negate: Bool

        init(_ element: DAVXMLElement) throws {
            guard let matchType = MatchType(rawValue: element.attribute("match-type") ?? "contains") else {
                throw DAVRequestError.badRequest("Unknown match-type.")
            }
            guard let collation = Collation(rawValue: element.attribute("collation") ?? "i;unicode-casemap") else {
                throw DAVRequestError.precondition(403, "<C:supported-collation/>",
                                                   "Supported collations: i;unicode-casemap, i;ascii-casemap, i;octet.")
            }
            switch element.attribute("negate-condition") ?? "no" {
            case "yes": negate = true
            case "no": negate = false
            default: throw DAVRequestError.badRequest("negate-condition must be yes or no.")
            }
            self.matchType = matchType
            self.collation = collation
            needle = collation.fold(element.text)
        }

        /// Whether the test holds for one property, or one parameter, with these values (a text
        /// list's, `TYPE=cell,voice`'s): one of them matches; negated, none does.
        func holds(for values: [String]) -> Bool {
            values.contains(where: found) != negate
        }

        private func found(in value: String) -> Bool {
            let haystack = collation.fold(value)
            switch matchType {
            case .equals: return haystack == needle
            // Empty text is in every value (RFC 4790's substring); `firstRange(of:)` finds it nowhere.
            case .contains: return needle.isEmpty || haystack.firstRange(of: needle) != nil
            case .startsWith: return haystack.starts(with: needle)
            case .endsWith: return haystack.reversed().starts(with: needle.reversed())
            }
        }
    }
}

extension AddressBookQuery.TextMatch.Collation {
    /// Folds a string into UTF-8 bytes that plain comparison of bytes matches as the collation
    /// does. Swift's String comparison would not do: it compares whole characters, so "zoe"
    /// would not start "Zoë" decomposed (RFC 4790 matches code points), and canonically
    /// equivalent strings would be equal under `i;octet`. A match of bytes of valid UTF-8 always
    /// starts and ends at whole code points.
    func fold(_ text: String) -> [UInt8] {
        switch self {
        case .unicodeCasemap:
            // RFC 5051: case fold, then compatibility decomposition.
            return Array(text.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCompatibilityMapping.utf8)
        case .asciiCasemap:
            return text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        case .octet:
            return Array(text.utf8)
        }
    }
}
