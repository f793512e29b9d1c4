import FriendsAPI
import FriendsViewModels
import TerminalUI

/// The form's rows, part by part, each drawn where `render` puts it:
///
/// ```
///  Organization  [                                                ]
///  Phone         ★ mobile  [0501234567                            ]
///                  work    [+44 20 7946 0000                      ]
///                [ Add phone ]
/// ```
extension FriendFormScreen {
    struct Block {
        var focus: Focus?
        var height: Int
        var draw: (inout Canvas, Int) -> Void
    }

    /// Columns of an entry's label, after the ★ that marks the preferred one.
    static let entryLabelWidth = 8
    /// The ★, the label and a space.
    static let chipWidth = entryLabelWidth + 3

    /// The hint that says which names a friend needs, each part of the form with its messages
    /// below, then SUBMIT after a blank row. A message is cut to `maximumMessageLines`, so that a
    /// field and its message fit on a small screen.
    func layout(column: Int, width: Int, messageWidth: Int, maximumMessageLines: Int) -> [Block] {
        let hint = viewModel.nameHint
        var blocks = [Block(focus: nil, height: 1) { canvas, row in
            canvas.draw(hint, row: row, column: column, style: Theme.placeholder, width: width)
        }]
        for part in FriendFormViewModel.parts {
            switch part {
            case .field(let field):
                blocks.append(fieldBlock(field, column: column, width: width, messageWidth: messageWidth, maximumMessageLines: maximumMessageLines))
            case .entries(let kind):
                blocks += entryBlocks(kind, column: column, width: width, messageWidth: messageWidth, maximumMessageLines: maximumMessageLines)
            }
        }
        let submit = Button(title: viewModel.submitTitle.uppercased(), isEnabled: viewModel.submitEnabled.value, isFocused: focus == .submit)
        let submitColumn = width >= Self.labelWidth + submit.width ? Self.labelWidth : 0
        blocks.append(Block(focus: .submit, height: 2) { canvas, row in
            submit.draw(in: &canvas, at: Rect(row: row + 1, column: column + submitColumn, width: min(submit.width, width), height: 1))
        })
        return blocks
    }

    /// A text field (its label beside it, or above it where the row is narrow) and its message.
    private func fieldBlock(_ field: FriendField, column: Int, width: Int, messageWidth: Int, maximumMessageLines: Int) -> Block {
        let isFocused = focus == .field(field)
        // A field the user is not in shows its start; the one they are in, its cursor.
        let textField = TextField(
            label: field.displayName, text: viewModel.fields.value.value(of: field), cursor: isFocused ? cursors[focus] : 0,
            isFocused: isFocused, labelWidth: Self.labelWidth
        )
        let fieldHeight = textField.height(forWidth: width)
        let isStacked = fieldHeight > 1
        let messageColumnOffset = isStacked ? 1 : Self.labelWidth + 1
        let lineWidth = isStacked ? width - 1 : messageWidth
        let lines = viewModel.fieldMessages.value[field].map { Self.messageLines($0, width: lineWidth, maximumLines: maximumMessageLines) } ?? []
        return Block(focus: .field(field), height: fieldHeight + lines.count) { canvas, row in
            textField.draw(in: &canvas, at: Rect(row: row, column: column, width: width, height: fieldHeight))
            Self.draw(lines, in: &canvas, row: row + fieldHeight, column: column + messageColumnOffset, width: lineWidth)
        }
    }

    /// The list's title, each entry (★ when preferred, its label, its text field, its message)
    /// and its Add button. Where the row is narrow the title takes a row of its own and the
    /// entries start at the left edge.
    private func entryBlocks(_ kind: ContactEntryKind, column: Int, width: Int, messageWidth: Int, maximumMessageLines: Int) -> [Block] {
        let entries = viewModel.entries(kind).value
        let isStacked = width < Self.labelWidth + Self.chipWidth + TextField.minimumFieldWidth + 2
        let indent = isStacked ? 0 : Self.labelWidth
        let title = kind.title
        var blocks: [Block] = []
        if isStacked {
            blocks.append(Block(focus: nil, height: 1) { canvas, row in
                canvas.draw(title, row: row, column: column, width: width)
            })
        }
        for entry in entries {
            let isFocused = focus == .entry(kind, entry.id)
            let textField = TextField(
                label: "", text: entry.value, cursor: isFocused ? cursors[focus] : 0, isFocused: isFocused, labelWidth: 0
            )
            let chip = (entry.isPreferred ? "★ " : "  ") + TextLayout.pad(entry.labelTitle, toWidth: Self.entryLabelWidth) + " "
            let boxColumn = column + indent + Self.chipWidth
            let boxWidth = max(0, width - indent - Self.chipWidth)
            // Where the row is narrow, the message takes the whole width under the entry.
            let messageColumn = isStacked ? column + 1 : boxColumn + 1
            let lineWidth = max(1, isStacked ? width - 1 : messageWidth - Self.chipWidth)
            let lines = entry.message.map { Self.messageLines($0, width: lineWidth, maximumLines: maximumMessageLines) } ?? []
            let showsTitle = !isStacked && entry.position == 1
            blocks.append(Block(focus: .entry(kind, entry.id), height: 1 + lines.count) { canvas, row in
                if showsTitle { canvas.draw(title, row: row, column: column, width: Self.labelWidth) }
                canvas.draw(chip, row: row, column: column + indent, style: isFocused ? .bold : Theme.label, width: Self.chipWidth)
                textField.draw(in: &canvas, at: Rect(row: row, column: boxColumn, width: boxWidth, height: 1))
                canvas.addTarget(.item(Self.targetName(entry.id)), at: Rect(row: row, column: column + indent, width: width - indent, height: 1))
                Self.draw(lines, in: &canvas, row: row + 1, column: messageColumn, width: lineWidth)
            })
        }
        let add = Button(title: Self.addTitle(kind), isFocused: focus == .add(kind))
        let showsTitle = !isStacked && entries.isEmpty
        blocks.append(Block(focus: .add(kind), height: 1) { canvas, row in
            if showsTitle { canvas.draw(title, row: row, column: column, width: Self.labelWidth) }
            add.draw(in: &canvas, at: Rect(row: row, column: column + indent, width: min(add.width, width - indent), height: 1))
        })
        return blocks
    }

    private static func draw(_ lines: [String], in canvas: inout Canvas, row: Int, column: Int, width: Int) {
        for (index, line) in lines.enumerated() {
            canvas.draw(line, row: row + index, column: column, style: Theme.error, width: width)
        }
    }
}
