import TerminalUI
import Testing

/// Compares the text of a screen with the expected lines; on a mismatch the message shows the
/// whole screen as it was, ready to read (or to paste once checked by eye).
public func expectScreen(_ canvas: Canvas, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = canvas.lines
    #expect(
        actual == expected,
        "the screen was:\n\(actual.map { "    \"\($0)\"," }.joined(separator: "\n"))",
        sourceLocation: sourceLocation
    )
}

extension Canvas {
    /// The style of the first cell where `text` first shows, or nil when it does not show.
    public func style(of text: String) -> Style? {
        for (row, line) in lines.enumerated() {
            guard let range = line.range(of: text) else { continue }
            return self[row: row, column: DisplayWidth.of(line[..<range.lowerBound])].style
        }
        return nil
    }
}
