/// A scrolling list of rows with one selected row.
///
/// Rows are asked for by index, and only for the rows on screen, so a list of any length
/// costs the same to draw. The selected row is marked with ">" and drawn inverse; "▲" and "▼"
/// in the last column mark rows out of view above and below. The view
/// that owns the list keeps `scrollOffset` between frames; `scrollOffset(keeping:...)`
/// moves it just enough to keep the selection visible:
///
/// ```swift
/// offset = ListView.scrollOffset(keeping: selected, visibleRows: rect.height, count: rows.count, current: offset)
/// ListView(count: rows.count, selectedIndex: selected, scrollOffset: offset) { rows[$0] }
///     .draw(in: &canvas, at: rect)
/// ```
public struct ListView {
    /// One row: a title on the left and an optional detail right-aligned.
    public struct Row: Hashable, Sendable, ExpressibleByStringLiteral {
        public var title: String
        public var detail: String
        public var style: Style

        public init(_ title: String, detail: String = "", style: Style = .plain) {
            self.title = title
            self.detail = detail
            self.style = style
        }

        public init(stringLiteral title: String) {
            self.init(title)
        }
    }

    public var count: Int
    public var selectedIndex: Int?
    public var scrollOffset: Int
    public var row: (Int) -> Row

    public init(count: Int, selectedIndex: Int?, scrollOffset: Int = 0, row: @escaping (Int) -> Row) {
        self.count = max(0, count)
        self.selectedIndex = selectedIndex
        self.scrollOffset = scrollOffset
        self.row = row
    }

    public init(rows: [Row], selectedIndex: Int?, scrollOffset: Int = 0) {
        self.init(count: rows.count, selectedIndex: selectedIndex, scrollOffset: scrollOffset) { rows[$0] }
    }

    /// The first visible row: `current` clamped to the list, moved the least needed to show `selection`.
    public static func scrollOffset(keeping selection: Int?, visibleRows: Int, count: Int, current: Int) -> Int {
        guard count > 0, visibleRows > 0 else { return 0 }
        var offset = min(max(0, current), max(0, count - visibleRows))
        if let selection = selection.map({ min(max(0, $0), count - 1) }) {
            if selection < offset { offset = selection }
            if selection >= offset + visibleRows { offset = selection - visibleRows + 1 }
        }
        return offset
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let offset = Self.scrollOffset(keeping: selectedIndex, visibleRows: rect.height, count: count, current: scrollOffset)
        let visible = offset..<min(count, offset + rect.height)
        let rows = visible.map(row)
        // The last column says where rows are out of view (▲ ▼), and rows then leave it free. Rows
        // with details always do, so that the details stay in one column as the list grows past
        // the screen or a search shortens it.
        let showsMarks = count > rect.height && rect.width > 3
        let leavesLastColumn = rect.width > 3 && (showsMarks || rows.contains { !$0.detail.isEmpty })
        for (index, row) in zip(visible, rows) {
            let line = Rect(row: rect.row + index - offset, column: rect.column,
                            width: leavesLastColumn ? rect.width - 1 : rect.width, height: 1)
            draw(row, isSelected: index == selectedIndex, in: &canvas, at: line)
            // A click on the mark's column still picks the row.
            canvas.addTarget(.row(index), at: Rect(row: line.row, column: line.column, width: rect.width, height: 1))
        }
        if showsMarks { Scrolling.drawIndicators(in: &canvas, at: rect, offset: offset, contentRows: count) }
    }

    private func draw(_ row: Row, isSelected: Bool, in canvas: inout Canvas, at line: Rect) {
        let marker = isSelected ? "> " : "  "
        let room = line.width - 2
        guard room > 0 else { return }
        canvas.fill(line, style: row.style)
        canvas.draw(marker, row: line.row, column: line.column, style: row.style)
        var titleWidth = room
        if !row.detail.isEmpty, room >= 3 {
            // The detail gets what the title leaves, and at least half the row when both are long;
            // the title the rest, less a one-column gap.
            let detailRoom = max(room / 2, room - DisplayWidth.of(row.title) - 1)
            let detail = TextLayout.truncate(row.detail, toWidth: detailRoom)
            let detailWidth = DisplayWidth.of(detail)
            titleWidth = room - detailWidth - 1
            canvas.draw(detail, row: line.row, column: line.endColumn - detailWidth, style: row.style)
        }
        canvas.draw(row.title, row: line.row, column: line.column + 2, style: row.style, width: titleWidth)
        if isSelected { canvas.applyStyle(.inverse, to: line) }
    }
}
