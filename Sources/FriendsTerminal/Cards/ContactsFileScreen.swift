import FriendsAPI
import FriendsViewModels
import TerminalUI

/// Export or Import in the terminal: the path of a vCard file to type (the export's starts as
/// `friends.vcf`, in the directory the app was started from; Tab changes the vCard version it is
/// written in), Enter to go, and what happened:
/// where the export went, or the import's report with each refused card and why. ↑↓ scroll a
/// long report; Escape goes back, once the file is read or written. An export onto a file that is there already asks first, and so
/// does an import of a file that is not UTF-8 (the view model's questions, drawn over the screen).
@MainActor
final class ContactsFileScreen: Screen {
    enum Purpose {
        case exportFile
        case importFile
    }

    let purpose: Purpose
    let viewModel: ContactsFileViewModel
    private let redraw: @MainActor () -> Void
    /// What the user typed as the path (the list's search line keeps its text the same way).
    private(set) var path: TextInput
    private var scrollOffset = 0
    private var visibleRows = 10
    private(set) var spinnerFrame = 0
    /// The focused button of the question asked.
    private(set) var questionChoice = ConfirmationBox.Choice.cancel

    init(_ purpose: Purpose, viewModel: ContactsFileViewModel, redraw: @escaping @MainActor () -> Void) {
        self.purpose = purpose
        self.viewModel = viewModel
        self.redraw = redraw
        path = TextInput(text: purpose == .exportFile ? ContactsFileViewModel.exportFilename : "")
        for output in [viewModel.isImporting, viewModel.isExporting] {
            output.bind(self) { screen, _ in screen.redraw() }
        }
        viewModel.summary.bind(self) { screen, _ in screen.showNewResult() }
        viewModel.errorMessage.bind(self) { screen, _ in screen.showNewResult() }
        viewModel.savedExport.bind(self) { screen, _ in screen.showNewResult() }
        viewModel.exportVersion.bind(self) { screen, _ in screen.redraw() }
        for question in [viewModel.replaceConfirmation, viewModel.encodingConfirmation] {
            question.bind(self) { screen, _ in
                screen.questionChoice = .cancel
                screen.redraw()
            }
        }
    }

    func screenDidAppear() {}

    func tick() {
        guard isBusy else { return }
        spinnerFrame += 1
        redraw()
    }

    private var isBusy: Bool {
        viewModel.isImporting.value || viewModel.isExporting.value
    }

    private func showNewResult() {
        scrollOffset = 0
        redraw()
    }

    // MARK: Keys

    /// The view model's question, if one is asked: replacing a file, or reading one as Windows-1252.
    private var question: ConfirmationPrompt? {
        viewModel.replaceConfirmation.value ?? viewModel.encodingConfirmation.value
    }

    func handle(_ key: Key) -> KeyResult {
        if let question {
            guard let answer = ConfirmationBox(question).answer(to: key, focus: &questionChoice) else { return .handled }
            if viewModel.replaceConfirmation.value != nil {
                if answer == .confirm { viewModel.replaceConfirmed() } else { viewModel.replaceCancelled() }
            } else {
                if answer == .confirm { viewModel.encodingConfirmed() } else { viewModel.encodingCancelled() }
            }
            return .handled
        }
        switch key {
        case .enter:
            guard !isBusy else { return .handled }
            switch purpose {
            case .exportFile: viewModel.exportRequested(toPath: path.text)
            case .importFile: viewModel.importRequested(path: path.text)
            }
            return .handled
        case .tab where purpose == .exportFile:
            if !isBusy { viewModel.nextExportVersionChosen() }
            return .handled
        case .up, .down, .pageUp, .pageDown:
            scrollOffset = Scrolling.offset(after: key, current: scrollOffset, pageSize: visibleRows - 1) ?? scrollOffset
            return .handled
        default:
            // While a file is read or written the screen stays, for its report: left then, the
            // import would go on unseen and its report be lost.
            if isBusy { return .handled }
            // Escape (and ← at the start of the path) go back (see `ScreenStack`).
            guard key != .escape else { return .ignored }
            return path.handle(key) == .ignored ? .ignored : .handled
        }
    }

    // MARK: Drawing

    var title: String {
        purpose == .exportFile ? "Export Friends" : "Import Friends"
    }

    /// The question's keys while it is asked; none while the path is typed (`?` is text there).
    var keyMap: KeyMap? {
        if let question { return .answering(question) }
        return isBusy ? KeyMap(title: title, ("↑↓", "Scroll")) : nil
    }

    private var pathKeys: KeyMap {
        switch purpose {
        case .exportFile: KeyMap(title: title, ("⏎", "Export"), ("Tab", "Version"), ("↑↓", "Scroll"), ("Esc", "Back"))
        case .importFile: KeyMap(title: title, ("⏎", "Import"), ("↑↓", "Scroll"), ("Esc", "Back"))
        }
    }

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    /// The path (and the export's version), a line saying what Enter does, then the outcome; the
    /// question over them.
    func render(size: TerminalSize) -> Canvas {
        var canvas = renderPathAndOutcome(size: size)
        if let question {
            canvas.cursor = nil
            ConfirmationBox(question, selection: questionChoice).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    private func renderPathAndOutcome(size: TerminalSize) -> Canvas {
        let frame = keyMap.map { ScreenFrame(title: title, keyMap: $0) } ?? ScreenFrame(title: title, typingWith: pathKeys)
        var (canvas, content) = frame.draw(size: size)
        let top = content.height > 4 ? 1 : 0
        let area = Rect(row: content.row + top, column: content.column + 1, width: content.width - 2, height: content.height - top)
        guard area.height > 0, area.width > 0 else { return canvas }
        let labelWidth = purpose == .exportFile ? 9 : 6
        let field = TextField(label: "File", text: path.text, cursor: path.cursor, isFocused: !isBusy, labelWidth: labelWidth)
        field.draw(in: &canvas, at: Rect(row: area.row, column: area.column, width: area.width, height: 1))
        var fieldRows = 1
        if purpose == .exportFile, area.height > 1 {
            canvas.draw("Version", row: area.row + 1, column: area.column, width: labelWidth)
            let choice = viewModel.exportVersionChoice.title
            canvas.draw(choice, row: area.row + 1, column: area.column + labelWidth + 1, style: .bold, width: max(0, area.width - labelWidth - 1))
            fieldRows = 2
        }
        let below = Rect(row: area.row + fieldRows + 1, column: area.column, width: area.width, height: area.height - fieldRows - 1)
        guard below.height > 0 else { return canvas }
        if isBusy {
            canvas.cursor = nil
            let message = purpose == .exportFile ? "Exporting..." : "Importing..."
            Spinner(message: message, frame: spinnerFrame).draw(in: &canvas, at: below)
            return canvas
        }
        let text = ScrollingText(lines: lines(width: below.width), offset: scrollOffset)
        scrollOffset = text.shownOffset(in: below.height)
        visibleRows = max(1, text.textRows(in: below.height))
        text.draw(in: &canvas, at: below)
        return canvas
    }

    /// What Enter does, then what the last export or import did.
    private func lines(width: Int) -> [[Span]] {
        let hint = purpose == .exportFile
            ? "Enter writes every friend into this vCard file, which contact apps import. \(viewModel.exportVersionChoice.hint)"
            : "Enter adds the cards of this vCard file; a card already here updates its friend."
        var lines = ScrollingText.wrapping(hint, width: width, style: Theme.label) + [[]]
        switch purpose {
        case .exportFile:
            if let export = viewModel.savedExport.value {
                let style = if case .written = export { Theme.status } else { Theme.error }
                lines += ScrollingText.wrapping(export.message, width: width, style: style)
            }
        case .importFile:
            if let error = viewModel.errorMessage.value {
                lines += ScrollingText.wrapping(error, width: width, style: Theme.error)
            }
            if let summary = viewModel.summary.value {
                lines += ScrollingText.wrapping(summary.headline, width: width, style: .bold)
                lines += ScrollingText.wrapping(summary.counts.joined(separator: ", "), width: width)
                if !summary.failures.isEmpty {
                    lines += [[], [Span("Not imported", style: .bold)]]
                    for failure in summary.failures {
                        lines += ScrollingText.wrapping(Self.text(of: failure), width: width, style: Theme.error)
                    }
                }
                if !summary.remarks.isEmpty {
                    lines += [[], [Span("Imported, not all shown", style: .bold)]]
                    for remark in summary.remarks {
                        lines += ScrollingText.wrapping(Self.text(of: remark), width: width)
                    }
                }
            }
        }
        return lines
    }

    /// "Card 2 (Cut Short): The card ends without END:VCARD.", as the browser's report says it.
    static func text(of failure: ImportReport.Failure) -> String {
        cardLine(failure.index, failure.name, failure.reason)
    }

    /// "Card 3 (Ada Lovelace): Its birthday "soon" is not a date Friends can show; the card keeps it."
    static func text(of remark: ImportReport.Remark) -> String {
        cardLine(remark.index, remark.name, remark.remark)
    }

    private static func cardLine(_ index: Int, _ name: String, _ text: String) -> String {
        "Card \(index)\(name.isEmpty ? "" : " (\(name))"): \(text)"
    }
}
