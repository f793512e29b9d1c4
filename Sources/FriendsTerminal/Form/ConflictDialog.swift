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
    /// "theirs: " and "mine:   ", before each value; its further lines are indented as far.
    static let sideWidth = 8
    /// Narrower than this beside the field's name, values go under the name instead.
    static let narrowestValue = 12

    var conflict: FriendConflict
    var choice: Choice
    /// The first line of the fields shown, when they are more than the terminal has rows for.
    var offset = 0

    /// An empty value reads "(none)", so that it does not look like a value that failed to draw.
    static func shown(_ value: String) -> String {
        value.isEmpty ? "(none)" : value
    }

    /// The buttons side by side, two columns apart.
    static func width(of buttons: [Button]) -> Int {
        buttons.reduce(0) { $0 + $1.width } + 2 * (buttons.count - 1)
    }

    /// The buttons in rows no wider than `width`: every answer stays in view, however narrow.
    static func rows(of buttons: [Button], width: Int) -> [[Button]] {
        var rows: [[Button]] = []
        for button in buttons {
            if let last = rows.last, !last.isEmpty, Self.width(of: last + [button]) <= width {
                rows[rows.count - 1].append(button)
            } else {
                rows.append([button])
            }
        }
        return rows
    }

    /// Where the dialog goes in `rect`, its buttons, and the fields' lines: each value whole,
    /// wrapped under itself, since the difference between theirs and mine may be anywhere in it.
    struct Layout {
        var box: Rect
        /// One row of buttons, or more where they do not fit side by side.
        var buttonRows: [[Button]]
        var text: ScrollingText
        /// The rows the fields' lines get (their last one says where the text is while it scrolls).
        var textArea: Rect
    }

    func layout(in rect: Rect) -> Layout {
        var buttons = Choice.allCases.map { Button(title: $0.title, isFocused: $0 == choice) }
        if Self.width(of: buttons) > rect.width - 4 {
            buttons = Choice.allCases.map { Button(title: $0.shortTitle, isFocused: $0 == choice) }
        }
        // Wide enough for the values when the terminal is: they are what the person chooses between.
        let widestValue = conflict.fields.flatMap { [$0.theirs, $0.mine] }
            .flatMap { Self.shown($0).split(separator: "\n", omittingEmptySubsequences: false) }
            .map { DisplayWidth.of($0) }.max() ?? 0
        let buttonRows = Self.rows(of: buttons, width: max(1, rect.width - 4))
        let contentWidth = max(buttonRows.map(Self.width(of:)).max() ?? 0, DisplayWidth.of(conflict.title) + 2, 40,
                               Self.labelWidth + Self.sideWidth + widestValue)
        let width = min(contentWidth + 4, rect.width)
        // Too narrow for the values beside the field's name (a terminal of 24 columns): each
        // name on a line of its own, its values under it.
        let isStacked = width - 4 - Self.labelWidth - Self.sideWidth < Self.narrowestValue
        let labelWidth = isStacked ? 0 : Self.labelWidth
        let valueWidth = max(1, width - 4 - labelWidth - Self.sideWidth)
        var lines: [[Span]] = []
        for field in conflict.fields {
            if isStacked { lines.append([Span(field.title, style: Theme.label)]) }
            for (sideIndex, (side, value)) in [("theirs: ", field.theirs), ("mine:   ", field.mine)].enumerated() {
                for (index, part) in TextLayout.wrap(Self.shown(value), width: valueWidth).enumerated() {
                    let label = sideIndex == 0 && index == 0 && !isStacked ? field.title : ""
                    lines.append([
                        Span(TextLayout.pad(label, toWidth: labelWidth), style: Theme.label),
                        Span((index == 0 ? side : String(repeating: " ", count: Self.sideWidth)) + part),
                    ])
                }
            }
        }
        // The box's borders, a blank row above the buttons, and the buttons' rows.
        let frameRows = 3 + buttonRows.count
        let box = rect.centered(width: width, height: min(rect.height, lines.count + frameRows))
        let textArea = Rect(row: box.row + 1, column: box.column + 2, width: max(0, box.width - 4), height: max(0, box.height - frameRows))
        return Layout(box: box, buttonRows: buttonRows, text: ScrollingText(lines: lines, offset: offset), textArea: textArea)
    }

    func draw(in canvas: inout Canvas, at rect: Rect) {
        draw(layout(in: rect), in: &canvas)
    }

    /// Draws the dialog as `layout` places it (a screen that scrolls it reads the layout first).
    func draw(_ layout: Layout, in canvas: inout Canvas) {
        let box = layout.box
        Box(title: conflict.title).draw(in: &canvas, at: box)
        layout.text.draw(in: &canvas, at: layout.textArea)
        for (index, buttons) in layout.buttonRows.enumerated() {
            let row = box.endRow - 1 - layout.buttonRows.count + index
            var column = box.column + max(1, (box.width - Self.width(of: buttons)) / 2)
            for button in buttons {
                button.draw(in: &canvas, at: Rect(row: row, column: column, width: max(0, box.endColumn - 1 - column), height: 1))
                column += button.width + 2
            }
        }
    }
}
