import FriendsAPI
import FriendsViewModels
import TerminalUI

/// "Add Friend" and "Update Friend": a text field per friend field and one per phone number and
/// email address (its label and a ★ on the preferred one beside it, "Add phone" and "Add email"
/// under them), each with its message below it when it has one, and SUBMIT, enabled once the
/// form is valid. Tab and Shift-Tab (or ↓ and ↑) move between them; Enter submits (or adds, on
/// an Add button); Ctrl-N adds a number or address, Ctrl-X removes the one in focus, Ctrl-P makes
/// it preferred and Ctrl-T steps through its labels; Escape leaves (asking first when something
/// was changed). A save that met a change made elsewhere shows the view model's question.
@MainActor
final class FriendFormScreen: Screen {
    enum Focus: Hashable {
        case field(FriendField)
        case entry(ContactEntryKind, ContactEntry.ID)
        case add(ContactEntryKind)
        case submit
    }

    static let labelWidth = 14
    static let maximumWidth = 64

    let viewModel: FriendFormViewModel
    private let redraw: @MainActor () -> Void
    private(set) var focus = Focus.field(.firstname)
    /// Where the cursor is in each field and entry; at the end of the text unless the user moved it.
    private(set) var cursors: [Focus: Int] = [:]
    private(set) var spinnerFrame = 0
    /// The focused button of the discard question and of the conflict question: each starts on the
    /// answer that loses nothing (Cancel; Edit on), as the browser's do, so one Enter decides nothing.
    private(set) var discardChoice = ConfirmationBox.Choice.cancel
    private(set) var conflictChoice = ConflictDialog.Choice.editOn
    /// The conflict's first line shown, and the rows its lines had when last drawn (its page).
    private var conflictOffset = 0
    private var conflictRows = 1
    /// The first content row shown when the form is taller than the terminal.
    private var scrollOffset = 0

    init(viewModel: FriendFormViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.fields.bind(self) { screen, _ in screen.redraw() }
        for kind in ContactEntryKind.allCases {
            viewModel.entries(kind).bind(self) { screen, _ in
                screen.keepFocusOnAnEntryThatIsThere()
                screen.redraw()
            }
        }
        viewModel.fieldMessages.bind(self) { screen, _ in screen.redraw() }
        viewModel.submitEnabled.bind(self) { screen, _ in screen.redraw() }
        viewModel.showLoadingHud.bind(self) { screen, _ in screen.redraw() }
        viewModel.notice.bind(self) { screen, _ in screen.redraw() }
        viewModel.discardConfirmation.bind(self) { screen, _ in
            screen.discardChoice = .cancel
            screen.redraw()
        }
        viewModel.conflict.bind(self) { screen, _ in
            screen.conflictChoice = .editOn
            screen.conflictOffset = 0
            screen.redraw()
        }
    }

    func screenDidAppear() {}

    func tick() {
        guard viewModel.showLoadingHud.value else { return }
        spinnerFrame += 1
        redraw()
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyResult {
        if viewModel.conflict.value != nil { return handleConflict(key) }
        if viewModel.discardConfirmation.value != nil { return handleDiscard(key) }
        if let target = key.clickedTarget {
            clicked(target)
            return .handled
        }
        switch key {
        case .escape:
            viewModel.cancelButtonTapped()
        case .tab, .down:
            moveFocus(by: 1)
        case .backTab, .up:
            moveFocus(by: -1)
        case .enter:
            if case .add(let kind) = focus, !isSaving { addEntry(kind) } else { viewModel.submitButtonTapped() }
        // While saving, the form's text stays as it is being saved.
        case .ctrl("n") where !isSaving:
            if let kind = focusedKind { addEntry(kind) }
        case .ctrl("x") where !isSaving:
            if case .entry(let kind, let id) = focus { removeEntry(id, of: kind) }
        case .ctrl("p") where !isSaving:
            if case .entry(_, let id) = focus { viewModel.makePreferredTapped(id) }
        case .ctrl("t") where !isSaving:
            if let entry = focusedEntry { viewModel.entryLabelChosen(entry.id, label: entry.nextLabel) }
        default:
            return edit(with: key)
        }
        return .handled
    }

    /// A key for the text in focus: typing, deleting, moving the cursor.
    private func edit(with key: Key) -> KeyResult {
        guard !isSaving, let text = focusedText else { return .ignored }
        var input = TextInput(text: text, cursor: cursors[focus])
        let outcome = input.handle(key)
        guard outcome != .ignored else { return .ignored }
        cursors[focus] = input.cursor
        guard outcome == .edited else { return .handled }
        switch focus {
        case .field(let field): viewModel.fieldChanged(field, to: input.text)
        case .entry(_, let id): viewModel.entryChanged(id, to: input.text)
        case .add, .submit: break
        }
        return .handled
    }

    private func clicked(_ target: MouseTarget) {
        switch target {
        case .button(let title) where title == viewModel.submitTitle.uppercased():
            viewModel.submitButtonTapped()
        case .button(let title):
            if let kind = ContactEntryKind.allCases.first(where: { Self.addTitle($0) == title }) { addEntry(kind) }
        case .item(let name):
            if let field = FriendField.allCases.first(where: { $0.displayName == name }) {
                focus = .field(field)
            } else if let entry = ContactEntryKind.allCases.lazy.flatMap({ self.viewModel.entries($0).value })
                .first(where: { Self.targetName($0.id) == name }) {
                focus = .entry(entry.kind, entry.id)
            }
        default:
            break
        }
    }

    private var isSaving: Bool {
        viewModel.showLoadingHud.value
    }

    private func addEntry(_ kind: ContactEntryKind) {
        guard let id = viewModel.addEntryTapped(kind) else { return }
        focus = .entry(kind, id)
    }

    /// Removes the entry; the focus goes to the one after it (or the Add button).
    private func removeEntry(_ id: ContactEntry.ID, of kind: ContactEntryKind) {
        let entries = viewModel.entries(kind).value
        let next = entries.drop { $0.id != id }.dropFirst().first
        focus = next.map { .entry(kind, $0.id) } ?? .add(kind)
        viewModel.removeEntryTapped(id)
    }

    private func handleDiscard(_ key: Key) -> KeyResult {
        guard let question = viewModel.discardConfirmation.value,
              let answer = ConfirmationBox(question).answer(to: key, focus: &discardChoice) else { return .handled }
        if answer == .confirm { viewModel.discardConfirmed() } else { viewModel.discardCancelled() }
        return .handled
    }

    private func handleConflict(_ key: Key) -> KeyResult {
        let choices = ConflictDialog.Choice.allCases
        let index = choices.firstIndex(of: conflictChoice) ?? 0
        if case .button(let title)? = key.clickedTarget, let clicked = ConflictDialog.Choice.clicked(title) {
            conflictChoice = clicked
            return handleConflict(.enter)
        }
        switch key {
        // The arrows stop at either end (an answer is not one key away round the back); Tab goes round.
        case .left:
            conflictChoice = choices[max(index - 1, 0)]
        case .right:
            conflictChoice = choices[min(index + 1, choices.count - 1)]
        case .backTab:
            conflictChoice = choices[(index + choices.count - 1) % choices.count]
        case .tab:
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
            // ↑↓, PgUp/PgDn, Home/End and the wheel scroll fields that do not all fit.
            if let offset = Scrolling.offset(after: key, current: conflictOffset, pageSize: conflictRows) {
                conflictOffset = max(0, offset)
            }
        }
        return .handled
    }

    private func moveFocus(by step: Int) {
        let order = focusOrder
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + step + order.count) % order.count]
    }

    /// Every place the focus can be, in the form's order: the fields, each entry and its list's
    /// Add button, SUBMIT.
    var focusOrder: [Focus] {
        FriendFormViewModel.parts.flatMap { part -> [Focus] in
            switch part {
            case .field(let field): [.field(field)]
            case .entries(let kind): viewModel.entries(kind).value.map { .entry(kind, $0.id) } + [.add(kind)]
            }
        } + [.submit]
    }

    /// An entry removed (here or by a merge) leaves the focus on its list's Add button.
    private func keepFocusOnAnEntryThatIsThere() {
        guard case .entry(let kind, let id) = focus, !viewModel.entries(kind).value.contains(where: { $0.id == id }) else { return }
        focus = .add(kind)
    }

    private var focusedKind: ContactEntryKind? {
        switch focus {
        case .entry(let kind, _), .add(let kind): kind
        case .field, .submit: nil
        }
    }

    private var focusedEntry: ContactEntry? {
        guard case .entry(let kind, let id) = focus else { return nil }
        return viewModel.entries(kind).value.first { $0.id == id }
    }

    private var focusedText: String? {
        switch focus {
        case .field(let field): viewModel.fields.value.value(of: field)
        case .entry: focusedEntry?.value
        case .add, .submit: nil
        }
    }

    /// "Add phone", "Add email": the buttons under the lists.
    static func addTitle(_ kind: ContactEntryKind) -> String {
        "Add \(kind.title.lowercased())"
    }

    /// What a click on an entry reaches the screen as.
    static func targetName(_ id: ContactEntry.ID) -> String {
        "entry \(id)"
    }

    // MARK: Drawing

    /// The form's keys; while a question is asked, the question's (its footer and `?` say what
    /// Esc does there: on a conflict, Edit on). None while a text field has the focus: `?` is
    /// text there (the footer still lists the keys), and shows them from a button.
    var keyMap: KeyMap? {
        if viewModel.conflict.value != nil { return Self.conflictKeys }
        if let question = viewModel.discardConfirmation.value { return .answering(question) }
        return focusedText == nil ? formKeys : nil
    }

    private var formKeys: KeyMap {
        KeyMap(
            title: viewModel.title, ("Tab/⇧Tab", "Move"), ("⏎", "Submit"), ("^N", "Add phone/email"),
            ("^X", "Remove phone/email"), ("^P", "Make preferred"), ("^T", "Next label"), ("Esc", "Cancel")
        )
    }

    static let conflictKeys = KeyMap(title: "Changed Elsewhere", entries: [
        KeyMap.Entry(key: "←→", label: "Choose"), KeyMap.Entry(key: "⏎", label: "Confirm"), KeyMap.Entry(key: "Esc", label: "Edit on"),
        KeyMap.Entry(key: "↑↓/PgUp/PgDn", label: "Scroll the fields", isHelpOnly: true),
    ])

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    /// A notice above the footer, wrapped (it says what to do next: "… Submit adds what the form
    /// holds as a new friend"), in at most `rows` lines, the last cut with "…" if it goes on.
    static func noticeLines(_ notice: String, width: Int, rows: Int) -> [String] {
        let lines = TextLayout.wrap(notice, width: width)
        guard lines.count > rows else { return lines }
        return lines.prefix(rows - 1) + [TextLayout.truncate(lines[(rows - 1)...].joined(separator: " "), toWidth: width)]
    }

    /// The fields with their messages, then SUBMIT, scrolled so the focused one shows.
    func render(size: TerminalSize) -> Canvas {
        let frame = keyMap.map { ScreenFrame(title: viewModel.title, keyMap: $0) } ?? ScreenFrame(title: viewModel.title, typingWith: formKeys)
        var (canvas, content) = frame.draw(size: size)
        if let notice = viewModel.notice.value, content.height > 2 {
            let lines = Self.noticeLines(notice, width: max(1, content.width - 2), rows: max(1, min(3, content.height / 3)))
            let (fields, noticeRows) = content.dividedAtRow(content.height - lines.count)
            content = fields
            for (index, line) in lines.enumerated() {
                canvas.draw(line, row: noticeRows.row + index, column: 1, style: Theme.error, width: max(0, noticeRows.width - 2))
            }
        }
        let area = Rect(row: content.row, column: content.column + 1,
                        width: min(content.width - 2, Self.maximumWidth), height: content.height)
        let blocks = layout(
            column: area.column, width: area.width, messageWidth: content.endColumn - area.column - Self.labelWidth - 2,
            maximumMessageLines: min(20, max(1, area.height - 1))
        )
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
            let dialog = ConflictDialog(conflict: conflict, choice: conflictChoice, offset: conflictOffset)
            let layout = dialog.layout(in: canvas.bounds)
            conflictRows = max(1, layout.text.textRows(in: layout.textArea.height))
            conflictOffset = layout.text.shownOffset(in: layout.textArea.height)
            dialog.draw(layout, in: &canvas)
        } else if let question = viewModel.discardConfirmation.value {
            canvas.cursor = nil
            ConfirmationBox(question, selection: discardChoice).draw(in: &canvas, at: canvas.bounds)
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
}
