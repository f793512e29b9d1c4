/// The layout shared by `AlertBox` and `ConfirmationBox`: a bordered box centred over whatever
/// is below, the title in bold above the message, both wrapped (never cut inside the border),
/// a row of buttons at the bottom. Clicks reach only its buttons while it is shown.
///
/// ```
/// ┌──────────────────────────────────────────┐
/// │ Could not connect to server. Check your  │
/// │ network and try again later.             │
/// │                                          │
/// │ Could not remove Ada Lovelace.           │
/// │                                          │
/// │                  [ OK ]                  │
/// └──────────────────────────────────────────┘
/// ```
struct Dialog {
    var title: String
    var message: String
    var buttons: [Button]
    /// Widest the text inside may get, in columns.
    static let maximumTextWidth = 56
    static let buttonGap = 2

    func draw(in canvas: inout Canvas, at rect: Rect) {
        let buttonsWidth = buttons.reduce(0) { $0 + $1.width } + Self.buttonGap * max(0, buttons.count - 1)
        let wanted = max(DisplayWidth.of(message), DisplayWidth.of(title), buttonsWidth)
        let textWidth = max(1, min(wanted, Self.maximumTextWidth, rect.width - 4))
        let titleLines = title.isEmpty ? [] : TextLayout.wrap(title, width: textWidth)
        let messageLines = message.isEmpty ? [] : TextLayout.wrap(message, width: textWidth)
        // The title, a blank row, the message, a blank row, the buttons; short of rows, the
        // blank rows go before any text does.
        var lines: [(String, Style)] = titleLines.map { ($0, Style.bold) }
        let hasRoom = { (rows: Int) in rows <= rect.height }
        if !titleLines.isEmpty, !messageLines.isEmpty, hasRoom(titleLines.count + messageLines.count + 5) {
            lines.append(("", .plain))
        }
        lines += messageLines.map { ($0, Style.plain) }
        let gap = hasRoom(lines.count + 4) ? 1 : 0
        let box = rect.centered(width: textWidth + 4, height: lines.count + 3 + gap)
        Box().draw(in: &canvas, at: box)
        canvas.addTarget(nil, at: rect)
        let textRows = max(0, box.height - 3 - gap)
        var shown = Array(lines.prefix(textRows))
        // Cut short by a small window: the last line shown ends in "…", so it does not read as the end.
        if lines.count > textRows, let last = shown.indices.last {
            shown[last].0 = TextLayout.cutShort(shown[last].0, toWidth: textWidth)
        }
        for (index, (line, style)) in shown.enumerated() {
            canvas.draw(line, row: box.row + 1 + index, column: box.column + 2, style: style, width: textWidth)
        }
        // Centred; in a box too narrow for them all, from its left edge, the last ones cut by the border.
        var column = max(box.column + (box.width - buttonsWidth) / 2, box.column + 1)
        for button in buttons where column < box.endColumn - 1 {
            button.draw(in: &canvas, at: Rect(row: box.endRow - 2, column: column, width: box.endColumn - 1 - column, height: 1))
            column += button.width + Self.buttonGap
        }
    }
}
