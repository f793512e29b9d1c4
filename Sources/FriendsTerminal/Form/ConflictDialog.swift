import FriendsAPI
import FriendsViewModels
import TerminalUI

/// The question after a save met a change made elsewhere: each field in question with what is
/// stored now ("theirs") above what the user typed ("mine"), and the three answers.
struct ConflictDialog {
    enum Choice: CaseIterable {
        case keepTheirs, keepMine, editOn

        var title: String {
            switch self {
            case .keepTheirs: "Keep theirs"
            case .keepMine: "Keep mine"
            case .editOn: "Edit on"
            }
        }

        /// What the button says where the three titles do not fit side by side.
        var shortTitle: String {
            switch self {
            case .keepTheirs: "Theirs"
            case .keepMine: "Mine"
            case .editOn: "Edit on"
            }
        }

        /// The answer a click on a button titled `title` gives, however wide the dialog was.
        static func clicked(_ title: String) -> Choice? {
            allCases.first { $0.title == title || $0.shortTitle == title }
        }
    }

    static let labelWidth = 14

    var conflict: FriendConflict
    var choice: Choice

    /// An empty value reads "(none)", so that it does not look like a value that failed to draw.
    static func shown(_ value: String) -> String {
        value.isEmpty ? "(none)" : value
    }

    /// The buttons side by side, two columns apart.
    static func width(of buttons: [Button]) -> Int {
        buttons.reduce(0) { $0 + $1.width } + 2 * (buttons.count - 1)
    }

    func draw(in canvas: inout Canvas, at rect: Rect) {
        var buttons = Choice.allCases.map { Button(title: $0.title, isFocused: $0 == choice) }
        if Self.width(of: buttons) > rect.width - 4 {
            buttons = Choice.allCases.map { Button(title: $0.shortTitle, isFocused: $0 == choice) }
        }
        let buttonsWidth = Self.width(of: buttons)
        // Wide enough for the values when the terminal is: they are what the person chooses between.
        let widestValue = conflict.fields.flatMap { [$0.theirs, $0.mine] }.map { DisplayWidth.of(Self.shown($0)) }.max() ?? 0
        let contentWidth = max(buttonsWidth, DisplayWidth.of(conflict.title) + 2, 40, Self.labelWidth + 8 + widestValue)
        let width = min(contentWidth + 4, rect.width)
        let valueWidth = max(1, width - 4 - Self.labelWidth - 8)
        var lines: [(label: String, text: String)] = []
        for field in conflict.fields {
            lines.append((field.title, "theirs: " + TextLayout.truncate(Self.shown(field.theirs), toWidth: valueWidth)))
            lines.append(("", "mine:   " + TextLayout.truncate(Self.shown(field.mine), toWidth: valueWidth)))
        }
        let box = rect.centered(width: width, height: min(rect.height, lines.count + 4))
        Box(title: conflict.title).draw(in: &canvas, at: box)
        for (index, line) in lines.enumerated() where index < box.height - 4 {
            let row = box.row + 1 + index
            canvas.draw(line.label, row: row, column: box.column + 2, style: Theme.label, width: Self.labelWidth)
            canvas.draw(line.text, row: row, column: box.column + 2 + Self.labelWidth, width: box.width - 4 - Self.labelWidth)
        }
        var column = box.column + max(1, (box.width - buttonsWidth) / 2)
        for button in buttons {
            button.draw(in: &canvas, at: Rect(row: box.endRow - 2, column: column, width: max(0, box.endColumn - 1 - column), height: 1))
            column += button.width + 2
        }
    }
}
