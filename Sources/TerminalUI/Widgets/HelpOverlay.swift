/// The `?` help: a box over the screen listing every key of the screen's `KeyMap`, then the
/// keys every app has, and how to close it. `TerminalApp` draws it; any key closes it, except
/// that on a screen too short for every key ↑↓, PgUp/PgDn, Home/End and the wheel scroll it.
///
/// ```
/// ┌──────────────────────────────┐
/// │ Friends: keys                │
/// │                              │
/// │ ↑↓/jk   Move                 │
/// │ q       Quit                 │
/// │ ...                          │
/// │ Any key closes this help.    │
/// └──────────────────────────────┘
/// ```
public struct HelpOverlay: Sendable {
    public static let closingHint = "Any key closes this help."
    /// The hint while the keys do not all fit.
    public static let scrollingHint = "↑↓ scroll · Esc closes"

    public var keyMap: KeyMap
    /// The first key shown, while they do not all fit.
    public var offset: Int

    public init(keyMap: KeyMap, offset: Int = 0) {
        self.keyMap = keyMap
        self.offset = offset
    }

    /// The screen's keys, then the app's, the keys padded to one column.
    var entries: [(key: String, label: String)] {
        let entries = keyMap.entries + KeyMap.appEntries
        let keyWidth = entries.map { DisplayWidth.of($0.key) }.max() ?? 0
        return entries.map { (TextLayout.pad($0.key, toWidth: keyWidth), $0.label) }
    }

    /// The box in `rect`, and the rows its keys get between the title and the hint.
    private func layout(in rect: Rect) -> (box: Rect, keyRows: Int) {
        let texts = entries.map { $0.key + "  " + $0.label } + [keyMap.title + ": keys", Self.closingHint, Self.scrollingHint]
        let width = min((texts.map { DisplayWidth.of($0) }.max() ?? 0) + 4, rect.width)
        let box = rect.centered(width: width, height: entries.count + 6)
        return (box, max(0, Box.contentRect(of: box).height - 4))
    }

    /// Rows the keys get in `rect`: a page of them, for Page Up and Down.
    public func keyRows(in rect: Rect) -> Int {
        layout(in: rect).keyRows
    }

    /// Whether some keys do not fit in `rect`, so that the help scrolls.
    public func scrolls(in rect: Rect) -> Bool {
        entries.count > keyRows(in: rect)
    }

    /// `offset` kept where the keys shown still fill the rows they get in `rect`.
    public func clampedOffset(in rect: Rect) -> Int {
        Scrolling.clamped(offset, visibleRows: keyRows(in: rect), contentRows: entries.count)
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let rows = entries
        let (box, room) = layout(in: rect)
        Box().draw(in: &canvas, at: box)
        canvas.addTarget(nil, at: rect)
        let inside = Box.contentRect(of: box)
        let textWidth = max(0, inside.width - 2)
        guard inside.height > 0 else { return }
        canvas.draw(keyMap.title + ": keys", row: inside.row, column: inside.column + 1, style: .bold, width: textWidth)
        let first = clampedOffset(in: rect)
        for (index, entry) in rows.dropFirst(first).prefix(room).enumerated() {
            let row = inside.row + 2 + index
            let labelColumn = canvas.draw(entry.key, row: row, column: inside.column + 1, style: .bold, width: textWidth)
            canvas.draw("  " + entry.label, row: row, column: labelColumn, width: max(0, inside.column + 1 + textWidth - labelColumn))
        }
        let scrolls = rows.count > room
        if scrolls, room > 0 {
            let keysArea = Rect(row: inside.row + 2, column: inside.column, width: inside.width, height: room)
            Scrolling.drawIndicators(in: &canvas, at: keysArea, offset: first, contentRows: rows.count)
        }
        if inside.height >= 2 {
            let hint = scrolls ? Self.scrollingHint : Self.closingHint
            canvas.draw(hint, row: inside.endRow - 1, column: inside.column + 1, style: .dim, width: textWidth)
        }
    }
}
