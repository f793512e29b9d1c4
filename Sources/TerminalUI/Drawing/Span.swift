/// A piece of text in one style; an array of spans is a line with mixed styles.
public struct Span: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension Canvas {
    /// Draws `spans` one after another on a row, cut to `width` columns with "…" when too long.
    /// Returns the column after the last one drawn.
    @discardableResult
    public mutating func draw(_ spans: [Span], row: Int, column: Int, width: Int) -> Int {
        let total = spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
        guard total > width else {
            return spans.reduce(column) { draw($1.text, row: row, column: $0, style: $1.style) }
        }
        var column = column
        var room = width - 1
        var lastStyle = Style.plain
        for span in spans where room > 0 {
            let piece = TextLayout.prefix(span.text, width: room)
            column = draw(piece, row: row, column: column, style: span.style)
            room -= DisplayWidth.of(piece)
            lastStyle = span.style
        }
        return width > 0 ? draw(String(TextLayout.ellipsis), row: row, column: column, style: lastStyle) : column
    }
}
