import Foundation

/// How names are compared for the list order and for search: case- and accent-insensitive and
/// canonically composed, so "José" and "jose" fold alike, and so do letters that Unicode does not
/// decompose: "Ødegaard" and "odegaard", "Łukasz" and "lukasz".
///
/// The server stores names folded this way and sorts by the folded bytes; a client that places a
/// friend in the list itself (a live change) folds the same way, so both agree on the order.
public enum NameFolding {
    public static func fold(_ name: String) -> String {
        let folded = FriendValidation.trim(name)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
        return spellOutUndecomposableLetters(folded)
    }

    /// Latin letters that are not a base letter plus a combining mark, so diacritic folding keeps
    /// them, written the way people type them on a keyboard without them (lower case: folding has
    /// already lowered the case; the capitals that do not lower to these are listed too).
    static let undecomposableLetters: [Unicode.Scalar: String] = [
        "ø": "o", "ł": "l", "ß": "ss", "ẞ": "ss", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th",
        "ħ": "h", "ı": "i", "ŀ": "l", "ĸ": "k", "ŋ": "n", "ŧ": "t", "ſ": "s", "ƒ": "f", "ĳ": "ij",
        "ɨ": "i", "ƶ": "z", "ȥ": "z", "ɖ": "d", "ɗ": "d", "ƀ": "b", "ɓ": "b", "ǥ": "g", "ʉ": "u",
        "Ø": "o", "Ł": "l", "Æ": "ae", "Œ": "oe", "Đ": "d", "Ð": "d", "Þ": "th", "Ħ": "h", "Ŀ": "l",
        "Ŋ": "n", "Ŧ": "t", "Ĳ": "ij",
    ]

    private static func spellOutUndecomposableLetters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { undecomposableLetters[$0] != nil }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let spelled = undecomposableLetters[scalar] {
                result.append(contentsOf: spelled.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
