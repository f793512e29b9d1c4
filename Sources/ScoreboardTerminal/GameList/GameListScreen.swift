import Binding
import Scoreboard
import TerminalUI

/// The saved games, newest first; open one, start a new one, delete one.
@MainActor
public final class GameListScreen: TerminalView {
    public let viewModel: GameListViewModel
    private let redraw: @MainActor () -> Void
    private var selectedIndex = 0
    private var scrollOffset = 0
    /// Rows the list showed in the last frame, for Page Up and Page Down.
    private var visibleRows = 10
    /// The game the user asked to delete, while the question is on screen.
    private var deletion: (index: Int, box: ConfirmationBox)?
    private var notice: AlertBox?

    /// `notice`, when given, is shown in an alert over the list until the user dismisses it.
    public init(viewModel: GameListViewModel, notice: AlertBox? = nil, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.notice = notice
        self.redraw = redraw
        viewModel.rows.bind(self) { screen, rows in
            screen.selectedIndex = min(screen.selectedIndex, max(0, rows.count - 1))
            screen.redraw()
        }
        viewModel.errorMessage.bind(self) { screen, _ in screen.redraw() }
    }

    private var rows: [GameListRow] { viewModel.rows.value }

    public func handle(_ key: Key) -> KeyResult {
        if notice != nil {
            if [.enter, .escape, .character(" ")].contains(key) || key.clickedTarget != nil { notice = nil }
            return .handled
        }
        if let deletion {
            handleDeletion(key, deletion)
            return .handled
        }
        var selection: Int? = selectedIndex
        if ListView.navigate(key, selection: &selection, count: rows.count, pageSize: max(1, visibleRows - 1)) {
            selectedIndex = selection ?? 0
            return .handled
        }
        switch key {
        case .enter:
            viewModel.gameSelected(at: selectedIndex)
        case .character("n"):
            viewModel.newGameButtonTapped()
        case .character("d"), .delete:
            guard rows.indices.contains(selectedIndex) else { return .ignored }
            let row = rows[selectedIndex]
            deletion = (selectedIndex, ConfirmationBox(
                title: "Delete game?", message: "\(row.teams), \(row.score), will be deleted.",
                confirmTitle: "Delete", cancelTitle: "Cancel"))
        case .character("q"), .escape:
            return .quit
        default:
            return .ignored
        }
        return .handled
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw("Scoreboard · " + viewModel.title.value, row: 0, column: 1, style: .bold, width: size.columns - 1)
        let listArea = Rect(row: 2, column: 0, width: size.columns, height: max(0, size.rows - 4))
        visibleRows = max(1, listArea.height)
        if rows.isEmpty {
            canvas.draw("No games yet. Press n to start one.", row: listArea.row, column: 2, width: size.columns - 2)
        } else {
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
        deletion?.box.draw(in: &canvas, at: canvas.bounds)
        notice?.draw(in: &canvas, at: canvas.bounds)
        return canvas
    }

    /// Shown again after a game or the creator: games may have changed.
    func screenAppeared() {
        viewModel.screenAppeared()
    }

    public var keyMap: KeyMap? { keys }

    private var keys: KeyMap {
        if deletion != nil { return KeyMap(title: "Delete game", ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel")) }
        if notice != nil { return KeyMap(title: "Notice", ("⏎", "OK")) }
        return KeyMap(title: "Games", ("↑↓", "Move"), ("⏎", "Open"), ("n", "New game"), ("d", "Delete"), ("q", "Quit"))
    }

    /// The title, one game and the footer.
    public var minimumSize: TerminalSize { TerminalSize(rows: 5, columns: 20) }

    private func handleDeletion(_ key: Key, _ deletion: (index: Int, box: ConfirmationBox)) {
        if let choice = deletion.box.clickedChoice(key) {
            self.deletion = nil
            if choice == .confirm { viewModel.deleteConfirmed(at: deletion.index) }
            return
        }
        switch key {
        case .left, .right, .tab, .backTab:
            var box = deletion.box
            box.selection = box.selection.toggled
            self.deletion = (deletion.index, box)
        case .enter:
            self.deletion = nil
            if deletion.box.selection == .confirm {
                viewModel.deleteConfirmed(at: deletion.index)
            }
        case .escape:
            self.deletion = nil
        default:
            break
        }
    }
}
