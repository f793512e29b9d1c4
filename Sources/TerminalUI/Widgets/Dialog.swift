/// The layout shared by `AlertBox` and `ConfirmationBox`: a bordered box centred over whatever
/// is below, the title in the border, the message wrapped inside, a row of buttons at the bottom.
struct Dialog {
    var title: String
    var message: String
    var buttons: [Button]
    /// Widest the text inside may get, in columns.
    static let maximumTextWidth = 56
    static let buttonGap = 2

    func draw(in canvas: inout Canvas, at rect: Rect) {
        let buttonsWidth = buttons.reduce(0) { $0 + $1.width } + Self.buttonGap * max(0, buttons.count - 1)
        let wanted = max(DisplayWidth.of(message), DisplayWidth.of(title) + 2, buttonsWidth)
        let textWidth = max(1, min(wanted, Self.maximumTextWidth, rect.width - 4))
        let lines = TextLayout.wrap(message, width: textWidth)
        let box = rect.centered(width: textWidth + 4, height: lines.count + 4)
        Box(title: title).draw(in: &canvas, at: box)
        for (index, line) in lines.enumerated() where index < box.height - 4 {
            canvas.draw(line, row: box.row + 1 + index, column: box.column + 2)
        }
        var column = box.column + (box.width - buttonsWidth) / 2
        for button in buttons {
            button.draw(in: &canvas, at: Rect(row: box.endRow - 2, column: max(column, box.column + 1),
                                             width: box.endColumn - 1 - column, height: 1))
            column += button.width + Self.buttonGap
        }
    }
}
