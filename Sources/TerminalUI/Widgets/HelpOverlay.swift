/// The `?` help: a box over the screen listing every key of the screen's `KeyMap`, then the
/// keys every app has, and how to close it. `TerminalApp` draws it; any key closes it.
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

    public var keyMap: KeyMap

    public init(keyMap: KeyMap) {
        self.keyMap = keyMap
    }

    /// The screen's keys, then the app's, the keys padded to one column.
    var entries: [(key: String, label: String)] {
        let entries = keyMap.entries + KeyMap.appEntries
        let keyWidth = entries.map { DisplayWidth.of($0.key) }.max() ?? 0
        return entries.map { (TextLayout.pad($0.key, toWidth: keyWidth), $0.label) }
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let rows = entries
        let texts = rows.map { $0.key + "  " + $0.label } + [keyMap.title + ": keys", Self.closingHint]
        let width = min((texts.map { DisplayWidth.of($0) }.max() ?? 0) + 4, rect.width)
        let box = rect.centered(width: width, height: rows.count + 6)
        Box().draw(in: &canvas, at: box)
        canvas.addTarget(nil, at: rect)
        let inside = Box.contentRect(of: box)
        let textWidth = max(0, inside.width - 2)
        guard inside.height > 0 else { return }
        canvas.draw(keyMap.title + ": keys", row: inside.row, column: inside.column + 1, style: .bold, width: textWidth)
        // Rows between the title and the closing hint; the last one says "…" when keys are left out.
        let room = max(0, inside.height - 4)
        for (index, entry) in rows.prefix(room).enumerated() {
            let row = inside.row + 2 + index
            if index == room - 1, rows.count > room {
                canvas.draw(String(TextLayout.ellipsis), row: row, column: inside.column + 1)
                continue
            }
            let labelColumn = canvas.draw(entry.key, row: row, column: inside.column + 1, style: .bold, width: textWidth)
            canvas.draw("  " + entry.label, row: row, column: labelColumn, width: max(0, inside.column + 1 + textWidth - labelColumn))
        }
        if inside.height >= 2 {
            canvas.draw(Self.closingHint, row: inside.endRow - 1, column: inside.column + 1, style: .dim, width: textWidth)
        }
    }
}
