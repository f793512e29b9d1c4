/// Vertical scrolling of content taller than the rows it gets: which content row comes first.
/// A view keeps its offset between frames (as it keeps a list's), passes it through
/// `offset(keeping:...)` or `clamped(...)` when drawing, and moves it with `offset(after:...)`.
public enum Scrolling {
    /// `current` clamped to the content, moved the least needed to show all of `range` (the
    /// focused field, the selected panel); its top wins when it is taller than `visibleRows`.
    public static func offset(keeping range: Range<Int>, visibleRows: Int, contentRows: Int, current: Int) -> Int {
        var offset = clamped(current, visibleRows: visibleRows, contentRows: contentRows)
        if range.upperBound > offset + visibleRows { offset = range.upperBound - visibleRows }
        if range.lowerBound < offset { offset = range.lowerBound }
        return max(0, offset)
    }

    /// Marks `area`'s right edge with "▲" on its first row while content is hidden above and
    /// "▼" on its last while content is hidden below.
    public static func drawIndicators(in canvas: inout Canvas, at area: Rect, offset: Int, contentRows: Int) {
        guard area.height > 0, area.width > 0 else { return }
        if offset > 0 { canvas.draw("▲", row: area.row, column: area.endColumn - 1, style: .dim) }
        if offset + area.height < contentRows { canvas.draw("▼", row: area.endRow - 1, column: area.endColumn - 1, style: .dim) }
    }

    /// `offset` kept between the top and the last offset that still fills the rows.
    public static func clamped(_ offset: Int, visibleRows: Int, contentRows: Int) -> Int {
        min(max(0, offset), max(0, contentRows - visibleRows))
    }

    /// The offset after a scrolling key: ↑/↓ (k/j, the wheel) by one row, Page Up/Down by
    /// `pageSize` rows, Home/End (g/G) to the ends; nil for other keys. Clamp it when drawing.
    public static func offset(after key: Key, current: Int, pageSize: Int) -> Int? {
        switch key {
        case .up, .character("k"): return current - 1
        case .down, .character("j"): return current + 1
        case .pageUp: return current - max(1, pageSize)
        case .pageDown: return current + max(1, pageSize)
        case .home, .character("g"): return 0
        case .end, .character("G"): return Int.max / 2
        default: return key.wheelStep.map { current + $0 }
        }
    }
}

/// Lines of text taller than their area, shown from `offset`, with an indicator on the last
/// row while there is more than fits: "lines 4–9 of 23 · ↑↓ scroll".
public struct ScrollingText: Sendable {
    /// Each line as spans (a label and its value in two styles, say).
    public var lines: [[Span]]
    public var offset: Int

    public init(lines: [[Span]], offset: Int) {
        self.lines = lines
        self.offset = offset
    }

    /// `text` wrapped to `width` columns, in one style.
    public static func wrapping(_ text: String, width: Int, style: Style = .plain) -> [[Span]] {
        TextLayout.wrap(text, width: width).map { [Span($0, style: style)] }
    }

    /// Rows left for text in `rows` rows: one goes to the indicator when the lines do not fit
    /// (unless that would leave none).
    public func textRows(in rows: Int) -> Int {
        hasIndicator(in: rows) ? rows - 1 : rows
    }

    private func hasIndicator(in rows: Int) -> Bool {
        lines.count > rows && rows >= 2
    }

    /// The offset actually shown in `rows` rows.
    public func shownOffset(in rows: Int) -> Int {
        Scrolling.clamped(offset, visibleRows: textRows(in: rows), contentRows: lines.count)
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let rows = textRows(in: rect.height)
        let first = shownOffset(in: rect.height)
        for (index, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            canvas.draw(line, row: rect.row + index, column: rect.column, width: rect.width)
        }
        guard hasIndicator(in: rect.height) else { return }
        let last = min(lines.count, first + rows)
        let indicator = "lines \(first + 1)–\(last) of \(lines.count) · ↑↓ scroll"
        canvas.draw(indicator, row: rect.endRow - 1, column: rect.column, style: .dim, width: rect.width)
    }
}
