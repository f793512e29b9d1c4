/// Fitting text into columns, by display width (see `DisplayWidth`).
public enum TextLayout {
    public static let ellipsis: Character = "…"

    /// `text` if it fits in `width` columns, otherwise as much as fits followed by "…".
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        return cutShort(text, toWidth: width)
    }

    /// As much of `text` as fits in `width` columns followed by "…", even when all of it would fit:
    /// the last line shown of a text that goes on.
    public static func cutShort(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        var kept = prefix(text, width: width - 1)
        while kept.last == " " { kept.removeLast() }
        return kept + String(ellipsis)
    }

    /// The longest start of `text` that fits in `width` columns (no "…").
    public static func prefix(_ text: some StringProtocol, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width { break }
            result.append(character)
            used += characterWidth
        }
        return result
    }

    /// `text` truncated to `width` and padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, toWidth width: Int) -> String {
        let fitted = truncate(text, toWidth: width)
        return fitted + String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    }

    /// Breaks `text` into lines of at most `width` columns, at spaces where possible;
    /// a word longer than a line is split. Newlines in `text` start new lines.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line) }
                while wordWidth > width {
                    let (head, tail) = split(word, atWidth: width)
                    lines.append(head)
                    word = tail
                    wordWidth = DisplayWidth.of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    private static func split(_ word: String, atWidth width: Int) -> (String, String) {
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let characterWidth = DisplayWidth.of(word[index])
            if used + characterWidth > width, used > 0 { break }
            used += characterWidth
            index = word.index(after: index)
        }
        return (String(word[..<index]), String(word[index...]))
    }
}
