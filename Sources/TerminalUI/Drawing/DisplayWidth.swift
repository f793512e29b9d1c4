/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and
/// emoji, 0 for combining marks and other zero-width scalars, 1 otherwise.
///
/// Deliberately small (the ranges of Unicode's East Asian Width "W"/"F" classes that matter
/// in practice, plus emoji presentation) rather than a full wcwidth table.
public enum DisplayWidth {
    public static func of(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// True when every character is printable ASCII, one column each (the common, fast case).
    static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// A character is a grapheme cluster: its first visible scalar decides, and an emoji
    /// variation selector (U+FE0F) makes it wide.
    public static func of(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { return 2 }
            if width == 0 { width = of(scalar) }
        }
        return width
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0x1160...0x11FF).contains(scalar.value)  // Hangul medial vowels and final consonants
        }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2E80...0x303E,    // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,    // Hiragana, Katakana, Bopomofo, CJK compatibility
        0x3400...0x4DBF,    // CJK extension A
        0x4E00...0x9FFF,    // CJK unified ideographs
        0xA000...0xA4CF,    // Yi
        0xA960...0xA97F,    // Hangul Jamo extended A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x1F300...0x1F64F,  // pictographs, emoticons
        0x1F900...0x1F9FF,  // supplemental symbols and pictographs
        0x20000...0x2FFFD,  // CJK extensions B-F
        0x30000...0x3FFFD,  // CJK extension G
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }
}
