import FriendsViewModels
import TerminalUI

/// The friends list: rows of "Full Name   phone", a selection to act on, search, and more
/// friends loaded as the selection nears the end. Keys go to the view model's inputs; the
/// screen keeps only what is about showing (selection, scrolling, the search line, a dialog).
@MainActor
final class FriendsListScreen: Screen {
    /// Load the next page when the selection gets this close to the last friend.
    static let nextPageDistance = 5

    let viewModel: FriendsListViewModel
    private let redraw: @MainActor () -> Void
    private(set) var selectedIndex = 0
    /// The first row shown; kept between frames so the list scrolls only as far as needed.
    private(set) var scrollOffset = 0
    /// Rows the list showed in the last frame, for Page Up and Page Down.
    private(set) var visibleRows = 10
    private(set) var search: SearchLine?
    private(set) var pendingDeletion: PendingDeletion?
    private(set) var spinnerFrame = 0

    /// The search text being typed, shown on the line above the footer.
    struct SearchLine: Equatable {
        var editor = TextInput()
        var isEditing = true
    }

    /// The "really delete?" question, for one friend.
    struct PendingDeletion: Equatable {
        var index: Int
        var name: String
        var choice: ConfirmationBox.Choice = .cancel
    }

    init(viewModel: FriendsListViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.friendCells.bind(self) { screen, _ in screen.redraw() }
        viewModel.showLoadingHud.bind(self) { screen, _ in screen.redraw() }
        viewModel.title.bind(self) { screen, _ in screen.redraw() }
    }

    func screenDidAppear() {
        viewModel.viewAppeared()
    }

    func tick() {
        if viewModel.showLoadingHud.value { spinnerFrame += 1 }
    }

    // MARK: Keys

    func handle(_ key: Key) -> KeyResult {
        if pendingDeletion != nil { return handleConfirmation(key) }
        if search?.isEditing == true { return handleSearch(key) }
        switch key {
        case .up, .character("k"): select(selectedIndex - 1)
        case .down, .character("j"): select(selectedIndex + 1)
        case .pageUp: select(selectedIndex - max(1, visibleRows - 1))
        case .pageDown: select(selectedIndex + max(1, visibleRows - 1))
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(viewModel.friendCells.value.count - 1)
        case .enter: viewModel.friendSelected(at: selectedIndex)
        case .character("a"): viewModel.addButtonTapped()
        case .character("e"): viewModel.editButtonTapped(at: selectedIndex)
        case .character("d"): askToDelete()
        case .character("r"): viewModel.refreshRequested()
        case .character("/"): startSearch()
        case .escape where search != nil: endSearch()
        case .character("q"): return .quit
        default: return .ignored
        }
        return .handled
    }

    private func select(_ index: Int) {
        let cells = viewModel.friendCells.value
        selectedIndex = min(max(0, index), max(0, cells.count - 1))
        let friendCount = cells.filter(\.isFriend).count
        if selectedIndex >= friendCount - Self.nextPageDistance {
            viewModel.loadNextPage()
        }
    }

    private func askToDelete() {
        let cells = viewModel.friendCells.value
        guard cells.indices.contains(selectedIndex), case .normal(let friend) = cells[selectedIndex] else { return }
        pendingDeletion = PendingDeletion(index: selectedIndex, name: friend.fullName)
    }

    private func handleConfirmation(_ key: Key) -> KeyResult {
        guard var deletion = pendingDeletion else { return .ignored }
        switch key {
        case .left, .right, .tab, .backTab:
            deletion.choice = deletion.choice.toggled
            pendingDeletion = deletion
        case .enter:
            pendingDeletion = nil
            if deletion.choice == .confirm { viewModel.deleteConfirmed(at: deletion.index) }
        case .character("y"):
            pendingDeletion = nil
            viewModel.deleteConfirmed(at: deletion.index)
        case .escape, .character("n"):
            pendingDeletion = nil
        default:
            break
        }
        return .handled
    }

    private func startSearch() {
        var line = search ?? SearchLine()
        line.isEditing = true
        search = line
    }

    private func endSearch() {
        search = nil
        viewModel.searchTextChanged("")
    }

    private func handleSearch(_ key: Key) -> KeyResult {
        guard var line = search else { return .ignored }
        switch key {
        case .escape:
            endSearch()
        case .enter, .down, .up, .tab:
            line.isEditing = false
            search = line.editor.text.isEmpty ? nil : line
        default:
            let outcome = line.editor.handle(key)
            guard outcome != .ignored else { return .ignored }
            search = line
            if outcome == .edited { viewModel.searchTextChanged(line.editor.text) }
        }
        return .handled
    }

    // MARK: Drawing

    /// The list's keys; while a search is typed, `?` is text and the footer says how to finish.
    var keyMap: KeyMap? {
        if search?.isEditing == true { return nil }
        return pendingDeletion != nil ? Self.confirmKeys : Self.keys
    }

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    func render(size: TerminalSize) -> Canvas {
        let footer = search?.isEditing == true ? Self.searchFooter : Footer(keyMap ?? Self.keys)
        var (canvas, content) = ScreenFrame(title: viewModel.title.value, footer: footer).draw(size: size)
        var listArea = content
        if let search {
            let (rows, searchRow) = content.dividedAtRow(content.height - 1)
            listArea = rows
            draw(search, in: &canvas, at: searchRow)
        }
        drawList(in: &canvas, at: listArea)
        if viewModel.showLoadingHud.value {
            Spinner(frame: spinnerFrame).draw(in: &canvas, at: content)
        }
        if let pendingDeletion {
            canvas.cursor = nil
            ConfirmationBox(
                title: "Delete Friend", message: "Remove \(pendingDeletion.name)?",
                confirmTitle: "Delete", cancelTitle: "Cancel", selection: pendingDeletion.choice
            ).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    private func drawList(in canvas: inout Canvas, at area: Rect) {
        let cells = viewModel.friendCells.value
        let selection = cells.isEmpty ? nil : min(selectedIndex, cells.count - 1)
        visibleRows = max(1, area.height)
        scrollOffset = ListView.scrollOffset(keeping: selection, visibleRows: area.height, count: cells.count, current: scrollOffset)
        ListView(count: cells.count, selectedIndex: selection, scrollOffset: scrollOffset) { cells[$0].row }
            .draw(in: &canvas, at: area)
    }

    private func draw(_ search: SearchLine, in canvas: inout Canvas, at row: Rect) {
        guard row.height > 0 else { return }
        let label = "Search: "
        let column = canvas.draw(label, row: row.row, column: 1, style: .bold)
        let field = TextField(label: "", text: search.editor.text, cursor: search.editor.cursor, isFocused: search.isEditing, labelWidth: 0)
        field.draw(in: &canvas, at: Rect(row: row.row, column: column, width: row.endColumn - column, height: 1))
    }

    static let keys = KeyMap(
        title: "Friends",
        ("↑↓/jk", "Move"), ("⏎", "Open"), ("a", "Add"), ("e", "Edit"), ("d", "Delete"),
        ("r", "Refresh"), ("/", "Search"), ("q", "Quit")
    )
    static let searchFooter = Footer(("type", "to search"), ("⏎", "Done"), ("Esc", "Clear"))
    static let confirmKeys = KeyMap(title: "Delete Friend", ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel"))
}

private extension FriendsListCell {
    var isFriend: Bool {
        if case .normal = self { true } else { false }
    }

    var row: ListView.Row {
        switch self {
        case .normal(let friend): ListView.Row(friend.fullName, detail: friend.phonenumberText)
        case .error(let message): ListView.Row(message, style: Theme.error)
        case .empty: ListView.Row(FriendsListCell.emptyText, style: Theme.placeholder)
        }
    }
}
