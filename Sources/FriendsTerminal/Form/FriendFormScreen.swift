import FriendsAPI
import FriendsViewModels
import TerminalUI

/// "Add Friend" and "Update Friend": a text field per friend field, each with its message
/// below it when it has one, and SUBMIT, enabled once the form is valid. Tab and Shift-Tab
/// (or ↓ and ↑) move between them; Enter submits; Escape leaves (asking first when something
/// was changed). A save that met a change made elsewhere shows the view model's question.
@MainActor
final class FriendFormScreen: Screen {
    enum Focus: Hashable {
        case field(FriendField)
        case submit
    }

    static let focusOrder: [Focus] = FriendField.allCases.map(Focus.field) + [.submit]
    static let labelWidth = 14
    static let maximumWidth = 64

    let viewModel: FriendFormViewModel
    private let redraw: @MainActor () -> Void
    private(set) var focus = Focus.field(.firstname)
    /// Where the cursor is in each field; at the end of the text unless the user moved it.
    private var cursors: [FriendField: Int] = [:]
    private(set) var spinnerFrame = 0
    /// The focused button of the discard question and of the conflict question.
    private(set) var discardChoice = ConfirmationBox.Choice.cancel
    private(set) var conflictChoice = ConflictDialog.Choice.keepMine
    /// The first content row shown when the form is taller than the terminal.
    private var scrollOffset = 0

    init(viewModel: FriendFormViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.fields.bind(self) { screen, _ in screen.redraw() }
        viewModel.fieldMessages.bind(self) { screen, _ in screen.redraw() }
        viewModel.submitEnabled.bind(self) { screen, _ in screen.redraw() }
        viewModel.showLoadingHud.bind(self) { screen, _ in screen.redraw() }
        viewModel.changedElsewhereNotice.bind(self) { screen, _ in screen.redraw() }
        viewModel.discardConfirmation.bind(self) { screen, _ in
            screen.discardChoice = .cancel
            screen.redraw()
        }
        viewModel.conflict.bind(self) { screen, _ in
            screen.conflictChoice = .keepMine
            screen.redraw()
        }
    }

    func screenDidAppear() {}

    func tick() {
        if viewModel.showLoadingHud.value { spinnerFrame += 1 }
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyResult {
        if viewModel.conflict.value != nil { return handleConflict(key) }
        if viewModel.discardConfirmation.value != nil { return handleDiscard(key) }
        switch key.clickedTarget {
        case .button("SUBMIT")?:
            viewModel.submitButtonTapped()
            return .handled
        case .item(let label)?:
            if let field = FriendField.allCases.first(where: { $0.displayName == label }) { focus = .field(field) }
            return .handled
        default:
            break
        }
        switch key {
        case .escape:
            viewModel.cancelButtonTapped()
        case .tab, .down:
            moveFocus(by: 1)
        case .backTab, .up:
            moveFocus(by: -1)
        case .enter:
            viewModel.submitButtonTapped()
        default:
            guard case .field(let field) = focus, !viewModel.showLoadingHud.value else { return .ignored }
            var input = TextInput(text: viewModel.fields.value.value(of: field), cursor: cursors[field])
            let outcome = input.handle(key)
            guard outcome != .ignored else { return .ignored }
            cursors[field] = input.cursor
            if outcome == .edited { viewModel.fieldChanged(field, to: input.text) }
        }
        return .handled
    }

    private func handleDiscard(_ key: Key) -> KeyResult {
        guard let question = viewModel.discardConfirmation.value,
              let answer = ConfirmationBox.Choice.answer(to: key, of: question, focus: &discardChoice) else { return .handled }
        if answer == .confirm { viewModel.discardConfirmed() } else { viewModel.discardCancelled() }
        return .handled
    }

    private func handleConflict(_ key: Key) -> KeyResult {
        let choices = ConflictDialog.Choice.allCases
        let index = choices.firstIndex(of: conflictChoice) ?? 0
        if case .button(let title)? = key.clickedTarget, let clicked = choices.first(where: { $0.title == title }) {
            conflictChoice = clicked
            return handleConflict(.enter)
        }
        switch key {
        case .left, .backTab:
            conflictChoice = choices[(index + choices.count - 1) % choices.count]
        case .right, .tab:
            conflictChoice = choices[(index + 1) % choices.count]
        case .enter:
            switch conflictChoice {
            case .keepTheirs: viewModel.keepTheirsTapped()
            case .keepMine: viewModel.keepMineTapped()
            case .editOn: viewModel.editOnTapped()
            }
        case .escape:
            viewModel.editOnTapped()
        default:
            break
        }
        return .handled
    }

    private func moveFocus(by step: Int) {
        let order = Self.focusOrder
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + step + order.count) % order.count]
    }

    // MARK: Drawing

    var keyMap: KeyMap? {
        KeyMap(title: viewModel.title, ("Tab/⇧Tab", "Move"), ("⏎", "Submit"), ("Esc", "Cancel"))
    }

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    /// The fields with their messages, then SUBMIT, scrolled so the focused one shows.
    func render(size: TerminalSize) -> Canvas {
        var (canvas, content) = ScreenFrame(title: viewModel.title, keyMap: keyMap!).draw(size: size)
        if let notice = viewModel.changedElsewhereNotice.value, content.height > 2 {
            let (fields, noticeRow) = content.dividedAtRow(content.height - 1)
            content = fields
            canvas.draw(notice, row: noticeRow.row, column: 1, style: Theme.error, width: max(0, noticeRow.width - 2))
        }
        let area = Rect(row: content.row, column: content.column + 1,
                        width: min(content.width - 2, Self.maximumWidth), height: content.height)
        let blocks = layout(column: area.column, width: area.width, messageWidth: content.endColumn - area.column - Self.labelWidth - 2)
        let contentRows = blocks.reduce(0) { $0 + $1.height }
        // A blank row under the rule when everything fits with it.
        let top = contentRows < area.height ? 1 : 0
        var row = 0
        var focused = 0..<0
        for block in blocks {
            if block.focus == focus { focused = row..<(row + block.height) }
            row += block.height
        }
        scrollOffset = Scrolling.offset(keeping: focused, visibleRows: area.height - top, contentRows: contentRows, current: scrollOffset)
        row = area.row + top - scrollOffset
        for block in blocks {
            defer { row += block.height }
            guard row >= area.row, row + block.height <= area.endRow else { continue }
            block.draw(&canvas, row)
        }
        Scrolling.drawIndicators(in: &canvas, at: content.inset(top: top), offset: scrollOffset, contentRows: contentRows)
        if viewModel.showLoadingHud.value {
            canvas.cursor = nil
            Spinner(message: "Saving...", frame: spinnerFrame).draw(in: &canvas, at: content)
        }
        if let conflict = viewModel.conflict.value {
            canvas.cursor = nil
            ConflictDialog(conflict: conflict, choice: conflictChoice).draw(in: &canvas, at: canvas.bounds)
        } else if let question = viewModel.discardConfirmation.value {
            canvas.cursor = nil
            ConfirmationBox(question, selection: discardChoice).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    private struct Block {
        var focus: Focus
        var height: Int
        var draw: (inout Canvas, Int) -> Void
    }

    /// Each field (its label beside it, or above it where the row is narrow) with its message
    /// below, then SUBMIT after a blank row.
    private func layout(column: Int, width: Int, messageWidth: Int) -> [Block] {
        let values = viewModel.fields.value
        let messages = viewModel.fieldMessages.value
        var blocks: [Block] = []
        for field in FriendField.allCases {
            let isFocused = focus == .field(field)
            // A field the user is not in shows its start; the one they are in, its cursor.
            let textField = TextField(
                label: field.displayName, text: values.value(of: field), cursor: isFocused ? cursors[field] : 0,
                isFocused: isFocused, labelWidth: Self.labelWidth
            )
            let fieldHeight = textField.height(forWidth: width)
            let isStacked = fieldHeight > 1
            let messageColumnOffset = isStacked ? 1 : Self.labelWidth + 1
            let lineWidth = isStacked ? width - 1 : messageWidth
            let lines = messages[field].map { Self.messageLines($0, width: lineWidth, maximumLines: 20) } ?? []
            blocks.append(Block(focus: .field(field), height: fieldHeight + lines.count) { canvas, row in
                textField.draw(in: &canvas, at: Rect(row: row, column: column, width: width, height: fieldHeight))
                for (index, line) in lines.enumerated() {
                    canvas.draw(line, row: row + fieldHeight + index, column: column + messageColumnOffset,
                                style: Theme.error, width: lineWidth)
                }
            })
        }
        let submit = Button(title: "SUBMIT", isEnabled: viewModel.submitEnabled.value, isFocused: focus == .submit)
        let submitColumn = width >= Self.labelWidth + submit.width ? Self.labelWidth : 0
        blocks.append(Block(focus: .submit, height: 2) { canvas, row in
            submit.draw(in: &canvas, at: Rect(row: row + 1, column: column + submitColumn, width: min(submit.width, width), height: 1))
        })
        return blocks
    }

    /// "! message" wrapped to `width`, cut with "…" after `maximumLines` lines.
    static func messageLines(_ message: String, width: Int, maximumLines: Int) -> [String] {
        var lines = TextLayout.wrap(message, width: max(1, width - 2))
        if lines.count > maximumLines {
            let cut = lines[maximumLines - 1] + " " + lines[maximumLines]
            lines = Array(lines.prefix(maximumLines))
            lines[maximumLines - 1] = TextLayout.truncate(cut, toWidth: max(1, width - 2))
        }
        return lines.enumerated().map { index, line in (index == 0 ? "! " : "  ") + line }
    }
}
