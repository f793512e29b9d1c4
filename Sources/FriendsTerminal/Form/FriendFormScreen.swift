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

    init(viewModel: FriendFormViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.fields.bind(self) { screen, _ in screen.redraw() }
        viewModel.fieldMessages.bind(self) { screen, _ in screen.redraw() }
        viewModel.submitEnabled.bind(self) { screen, _ in screen.redraw() }
        viewModel.showLoadingHud.bind(self) { screen, _ in screen.redraw() }
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
            var editor = LineEditor(text: viewModel.fields.value.value(of: field), cursor: cursors[field])
            let before = editor.text
            guard editor.apply(key) else { return .ignored }
            cursors[field] = editor.cursor
            if editor.text != before { viewModel.fieldChanged(field, to: editor.text) }
        }
        return .handled
    }

    private func handleDiscard(_ key: Key) -> KeyResult {
        switch key {
        case .left, .right, .tab, .backTab:
            discardChoice = discardChoice.toggled
        case .enter:
            if discardChoice == .confirm { viewModel.discardConfirmed() } else { viewModel.discardCancelled() }
        case .character("y"):
            viewModel.discardConfirmed()
        case .escape, .character("n"):
            viewModel.discardCancelled()
        default:
            break
        }
        return .handled
    }

    private func handleConflict(_ key: Key) -> KeyResult {
        let choices = ConflictDialog.Choice.allCases
        let index = choices.firstIndex(of: conflictChoice) ?? 0
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

    func render(size: TerminalSize) -> Canvas {
        var (canvas, content) = ScreenFrame(title: viewModel.title, footer: Self.footer).draw(size: size)
        let area = Rect(row: content.row, column: content.column + 1,
                        width: min(content.width - 2, Self.maximumWidth), height: content.height)
        // Fields and SUBMIT always get a row; messages get rows while there is room.
        var spareRows = area.height - Self.focusOrder.count - 1
        var row = area.row
        if spareRows > 4 {
            row += 1
            spareRows -= 1
        }
        let values = viewModel.fields.value
        let messages = viewModel.fieldMessages.value
        let messageArea = Rect(row: 0, column: area.column + Self.labelWidth + 1, width: 0, height: 0)
        let messageWidth = content.endColumn - messageArea.column - 1
        for field in FriendField.allCases {
            let isFocused = focus == .field(field)
            // A field the user is not in shows its start; the one they are in, its cursor.
            let textField = TextField(
                label: field.displayName, text: values.value(of: field), cursor: isFocused ? cursors[field] : 0,
                isFocused: isFocused, labelWidth: Self.labelWidth
            )
            textField.draw(in: &canvas, at: Rect(row: row, column: area.column, width: area.width, height: 1))
            row += 1
            if let message = messages[field], spareRows > 0 {
                let lines = Self.messageLines(message, width: messageWidth, maximumLines: spareRows)
                for line in lines {
                    canvas.draw(line, row: row, column: messageArea.column, style: Theme.error, width: messageWidth)
                    row += 1
                }
                spareRows -= lines.count
            }
        }
        let submit = Button(title: "SUBMIT", isEnabled: viewModel.submitEnabled.value, isFocused: focus == .submit)
        let submitRow = row + (spareRows > 0 ? 1 : 0)
        submit.draw(in: &canvas, at: Rect(row: submitRow, column: area.column + Self.labelWidth, width: submit.width, height: 1))
        if viewModel.showLoadingHud.value {
            canvas.cursor = nil
            Spinner(message: "Saving...", frame: spinnerFrame).draw(in: &canvas, at: content)
        }
        if let conflict = viewModel.conflict.value {
            canvas.cursor = nil
            ConflictDialog(conflict: conflict, choice: conflictChoice).draw(in: &canvas, at: canvas.bounds)
        } else if let question = viewModel.discardConfirmation.value {
            canvas.cursor = nil
            ConfirmationBox(
                title: question.title, message: question.message, confirmTitle: question.confirmTitle,
                cancelTitle: question.cancelTitle, selection: discardChoice
            ).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
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

    static let footer = Footer(("Tab/⇧Tab", "Move"), ("⏎", "Submit"), ("Esc", "Cancel"))
}
