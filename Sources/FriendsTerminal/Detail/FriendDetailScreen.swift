import FriendsViewModels
import TerminalUI

/// One friend: initials as the avatar (a terminal cannot show the picture), then what the card
/// holds, section by section as the view model gives it: every phone and email with its label,
/// the addresses line by line, the birthday, the organization and the notes.
@MainActor
final class FriendDetailScreen: Screen {

    let viewModel: FriendDetailViewModel
    private let redraw: @MainActor () -> Void
    /// The first line shown when the details are taller than the screen.
    private var scrollOffset = 0
    /// Lines the text showed in the last frame, for Page Up and Page Down.
    private var visibleRows = 10
    /// The focused button of the delete question.
    private(set) var deleteChoice = ConfirmationBox.Choice.cancel
    private var spinnerFrame = 0

    init(viewModel: FriendDetailViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.fullName.bind(self) { screen, _ in screen.redraw() }
        viewModel.initials.bind(self) { screen, _ in screen.redraw() }
        viewModel.sections.bind(self) { screen, _ in screen.redraw() }
        viewModel.removedMessage.bind(self) { screen, _ in screen.redraw() }
        viewModel.offersEditAndDelete.bind(self) { screen, _ in screen.redraw() }
        viewModel.showLoadingHud.bind(self) { screen, _ in screen.redraw() }
        viewModel.deleteConfirmation.bind(self) { screen, _ in
            screen.deleteChoice = .cancel
            screen.redraw()
        }
    }

    func screenDidAppear() {
        viewModel.viewAppeared()
    }

    func tick() {
        guard viewModel.showLoadingHud.value else { return }
        spinnerFrame += 1
        redraw()
    }

    func handle(_ key: Key) -> KeyResult {
        if let question = viewModel.deleteConfirmation.value {
            if let answer = ConfirmationBox(question).answer(to: key, focus: &deleteChoice) {
                if answer == .confirm { viewModel.deleteConfirmed() } else { viewModel.deleteCancelled() }
            }
            return .handled
        }
        switch key {
        case .character("e"):
            viewModel.editButtonTapped()
            return .handled
        case .character("d"):
            viewModel.deleteButtonTapped()
            return .handled
        case .character("q"):
            return .quit
        default:
            // Escape and ← go back (see `ScreenStack`).
            guard let offset = Scrolling.offset(after: key, current: scrollOffset, pageSize: visibleRows - 1) else {
                return .ignored
            }
            scrollOffset = offset
            return .handled
        }
    }

    var keyMap: KeyMap? {
        if viewModel.deleteConfirmation.value != nil { return FriendsListScreen.confirmKeys }
        return viewModel.offersEditAndDelete.value ? Self.keys : Self.removedKeys
    }

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    /// The avatar and the sections, scrolled when they are taller than the screen; the delete
    /// question and the spinner over them.
    func render(size: TerminalSize) -> Canvas {
        var (canvas, content) = ScreenFrame(title: viewModel.fullName.value, keyMap: keyMap ?? Self.keys).draw(size: size)
        drawDetails(in: &canvas, at: content)
        if viewModel.showLoadingHud.value {
            Spinner(frame: spinnerFrame).draw(in: &canvas, at: content)
        }
        if let confirmation = viewModel.deleteConfirmation.value {
            canvas.cursor = nil
            ConfirmationBox(confirmation, selection: deleteChoice).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    private func drawDetails(in canvas: inout Canvas, at content: Rect) {
        // A blank row under the rule where there is room for it.
        let top = content.height > 4 ? 1 : 0
        let area = Rect(row: content.row + top, column: content.column + 2, width: content.width - 3, height: content.height - top)
        if let removed = viewModel.removedMessage.value {
            let message = TextLayout.wrap(removed, width: max(1, area.width)).map { [Span($0, style: Theme.error)] }
            ScrollingText(lines: message, offset: 0).draw(in: &canvas, at: area)
            return
        }
        var lines = [[Span(" \(viewModel.initials.value) ", style: Theme.avatar)], []]
        // A name the title row cuts is shown whole under the avatar.
        let name = viewModel.fullName.value
        if DisplayWidth.of(name) > canvas.size.columns - 2 {
            lines += TextLayout.wrap(name, width: max(1, area.width)).map { [Span($0, style: .bold)] } + [[]]
        }
        lines += Self.lines(of: viewModel.sections.value, width: area.width)
        let text = ScrollingText(lines: lines, offset: scrollOffset)
        scrollOffset = text.shownOffset(in: area.height)
        visibleRows = max(1, text.textRows(in: area.height))
        text.draw(in: &canvas, at: area)
    }

    /// Three columns: the section's title on its first row, the row's label ("mobile"), and the
    /// value, wrapped; an address takes a line for each of its lines. A narrow screen gives the
    /// title and label columns at most a third and a quarter of its width.
    static func lines(of sections: [ContactSection], width: Int) -> [[Span]] {
        guard !sections.isEmpty else { return [[Span("No details", style: Theme.placeholder)]] }
        let widest = { (texts: [String]) in texts.map { DisplayWidth.of($0) }.max() ?? 0 }
        let titleWidth = min(max(8, widest(sections.map(\.title)) + 2), max(4, width / 3))
        let labels = sections.flatMap { $0.rows.map(\.label) }
        let labelWidth = widest(labels) == 0 ? 0 : min(widest(labels) + 2, max(4, width / 4))
        let valueWidth = max(1, width - titleWidth - labelWidth)
        var lines: [[Span]] = []
        for section in sections {
            for (rowIndex, row) in section.rows.enumerated() {
                let values = row.lines.flatMap { TextLayout.wrap($0, width: valueWidth) }
                for (lineIndex, value) in values.enumerated() {
                    let title = rowIndex == 0 && lineIndex == 0 ? section.title : ""
                    let label = lineIndex == 0 ? row.label : ""
                    lines.append([
                        Span(column(title, titleWidth), style: Theme.label),
                        Span(column(label, labelWidth), style: Theme.placeholder),
                        Span(value),
                    ])
                }
            }
        }
        return lines
    }

    /// `text` in a column of `width`, cut with "…" to leave at least one space before the next.
    private static func column(_ text: String, _ width: Int) -> String {
        width == 0 ? "" : TextLayout.pad(text, toWidth: width - 1) + " "
    }

    /// The way out comes last: a footer short of room keeps the last key.
    static let keys = KeyMap(title: "Friend", ("e", "Edit"), ("d", "Delete"), ("↑↓", "Scroll"), ("q", "Quit"), ("Esc", "Back"))
    /// A friend deleted elsewhere: nothing to do but go back.
    static let removedKeys = KeyMap(title: "Friend", ("q", "Quit"), ("Esc", "Back"))
}
