import Binding
import Scoreboard
import TerminalUI

/// The saved games, newest first; open one, start a new one, delete one. Keys go to the view
/// model's inputs, naming games by id; the screen keeps only what is about showing (scrolling,
/// which button of the delete question is focused, a notice from the launcher).
@MainActor
public final class GameListScreen: TerminalView {
    public let viewModel: GameListViewModel
    private let redraw: @MainActor () -> Void
    private var scrollOffset = 0
    /// Rows the list showed in the last frame, for Page Up and Page Down.
    private var visibleRows = 10
    /// The focused button of the delete question.
    private var deleteChoice = ConfirmationBox.Choice.cancel
    private var notice: AlertBox?

    /// `notice`, when given, is shown in an alert over the list until the user dismisses it.
    public init(viewModel: GameListViewModel, notice: AlertBox? = nil, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.notice = notice
        self.redraw = redraw
        viewModel.rows.bind(self) { screen, _ in screen.redraw() }
        viewModel.selectedGameID.bind(self) { screen, _ in screen.redraw() }
        viewModel.errorMessage.bind(self) { screen, _ in screen.redraw() }
        viewModel.deleteConfirmation.bind(self) { screen, _ in
            screen.deleteChoice = .cancel
            screen.redraw()
        }
    }

    private var rows: [GameListRow] { viewModel.rows.value }

    private var selectedIndex: Int? {
        viewModel.selectedGameID.value.flatMap { id in rows.firstIndex { $0.id == id } }
    }

    public func handle(_ key: Key) -> KeyResult {
        if notice != nil {
            if [.enter, .escape, .character(" ")].contains(key) || key.clickedTarget != nil { notice = nil }
            return .handled
        }
        if let question = viewModel.deleteConfirmation.value {
            handleDeletion(key, question)
            return .handled
        }
        if let move = ListView.Move(key, pageSize: max(1, visibleRows - 1)) {
            return select(move) ? .handled : .ignored
        }
        let selected = viewModel.selectedGameID.value
        switch key {
        case .enter:
            if let selected { viewModel.openTapped(id: selected) }
        case .character("n"):
            viewModel.newGameButtonTapped()
        case .character("d"), .delete:
            guard let selected else { return .ignored }
            viewModel.deleteTapped(id: selected)
        case .character("q"), .escape:
            return .quit
        default:
            return .ignored
        }
        return .handled
    }

    /// False for a click past the rows.
    private func select(_ move: ListView.Move) -> Bool {
        switch move {
        case .by(let offset): viewModel.selectionMoved(by: offset)
        case .toStart: viewModel.selectionMovedToStart()
        case .toEnd: viewModel.selectionMovedToEnd()
        case .toRow(let index):
            guard rows.indices.contains(index) else { return false }
            viewModel.gameSelected(id: rows[index].id)
        }
        return true
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw("Scoreboard · " + viewModel.title.value, row: 0, column: 1, style: .bold, width: size.columns - 1)
        let listArea = Rect(row: 2, column: 0, width: size.columns, height: max(0, size.rows - 4))
        visibleRows = max(1, listArea.height)
        if rows.isEmpty {
            canvas.draw("No games yet. Press n to start one.", row: listArea.row, column: 2, width: size.columns - 2)
        } else {
            let selectedIndex = self.selectedIndex
            scrollOffset = ListView.scrollOffset(
                keeping: selectedIndex, visibleRows: listArea.height, count: rows.count, current: scrollOffset)
            ListView(count: rows.count, selectedIndex: selectedIndex, scrollOffset: scrollOffset) { [rows] index in
                ListView.Row("\(rows[index].teams)  \(rows[index].score)", detail: rows[index].status)
            }
            .draw(in: &canvas, at: listArea)
        }
        if let message = viewModel.errorMessage.value {
            canvas.draw("! " + message, row: size.rows - 2, column: 0, style: .foreground(.red), width: size.columns)
        }
        Footer(keys).draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        if let question = viewModel.deleteConfirmation.value {
            ConfirmationBox(question, selection: deleteChoice).draw(in: &canvas, at: canvas.bounds)
        }
        notice?.draw(in: &canvas, at: canvas.bounds)
        return canvas
    }

    /// Shown again after a game or the creator: games may have changed.
    func screenAppeared() {
        viewModel.screenAppeared()
    }

    public var keyMap: KeyMap? { keys }

    private var keys: KeyMap {
        if viewModel.deleteConfirmation.value != nil { return KeyMap(title: "Delete game", ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel")) }
        if notice != nil { return KeyMap(title: "Notice", ("⏎", "OK")) }
        return KeyMap(title: "Games", ("↑↓", "Move"), ("⏎", "Open"), ("n", "New game"), ("d", "Delete"), ("q", "Quit"))
    }

    /// The title, one game and the footer.
    public var minimumSize: TerminalSize { TerminalSize(rows: 5, columns: 20) }

    private func handleDeletion(_ key: Key, _ question: GameDeletionPrompt) {
        if let choice = ConfirmationBox(question).answer(to: key, focus: &deleteChoice) { answer(choice) }
    }

    private func answer(_ choice: ConfirmationBox.Choice) {
        if choice == .confirm { viewModel.deleteConfirmed() } else { viewModel.deleteCancelled() }
    }
}
