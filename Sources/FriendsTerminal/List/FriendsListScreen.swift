import FriendsViewModels
import TerminalUI

/// The friends list: rows of "Full Name   phone", the selected friend to act on, search, and
/// more friends loaded as rows come into view. Keys go to the view model's inputs, naming
/// friends by id; the screen keeps only what is about showing (scrolling, the search line being
/// typed, which dialog button is focused).
@MainActor
final class FriendsListScreen: Screen {
    let viewModel: FriendsListViewModel
    private let redraw: @MainActor () -> Void
    /// The first row shown; kept between frames so the list scrolls only as far as needed.
    private(set) var scrollOffset = 0
    /// Rows the list showed in the last frame, for Page Up and Page Down.
    private(set) var visibleRows = 10
    private(set) var search: SearchLine?
    /// The focused button of the delete question.
    private(set) var deleteChoice = ConfirmationBox.Choice.cancel
    private(set) var spinnerFrame = 0
    /// Opens Export or Import (the keys x and i); `nil` where the app cannot exchange vCards.
    var onCardFileTapped: (@MainActor (ContactsFileScreen.Purpose) -> Void)?
    /// The account signed in with, after the title: on a shared server, whose friends these are.
    var signedInAs: String?

    /// The search text being typed, shown on the line above the footer.
    struct SearchLine: Equatable {
        var editor = TextInput()
        var isEditing = true
    }

    init(viewModel: FriendsListViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.friendCells.bind(self) { screen, _ in screen.redraw() }
        viewModel.selectedFriendID.bind(self) { screen, _ in screen.redraw() }
        viewModel.showLoadingHud.bind(self) { screen, _ in screen.redraw() }
        viewModel.title.bind(self) { screen, _ in screen.redraw() }
        viewModel.searchSummary.bind(self) { screen, _ in screen.redraw() }
        viewModel.statusMessage.bind(self) { screen, _ in screen.redraw() }
        viewModel.connectionStatus.bind(self) { screen, _ in screen.redraw() }
        viewModel.deleteConfirmation.bind(self) { screen, _ in
            screen.deleteChoice = .cancel
            screen.redraw()
        }
        viewModel.onSearchEnded = { [weak self] in
            self?.search = nil
            self?.redraw()
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

    // MARK: Keys

    func handle(_ key: Key) -> KeyResult {
        if viewModel.deleteConfirmation.value != nil { return handleConfirmation(key) }
        if search?.isEditing == true { return handleSearch(key) }
        if let move = ListView.Move(key, pageSize: max(1, visibleRows - 1)) {
            select(move)
            return .handled
        }
        let selected = viewModel.selectedFriendID.value
        switch key {
        case .enter: if let selected { viewModel.openTapped(id: selected) }
        case .character("a"): viewModel.addButtonTapped()
        case .character("e"): if let selected { viewModel.editTapped(id: selected) }
        case .character("d"): if let selected { viewModel.deleteTapped(id: selected) }
        case .character("r"): viewModel.refreshRequested()
        case .character("/"): startSearch()
        case .character("x") where onCardFileTapped != nil: onCardFileTapped?(.exportFile)
        case .character("i") where onCardFileTapped != nil: onCardFileTapped?(.importFile)
        case .escape where search != nil: endSearch()
        case .character("q"): return .quit
        default: return .ignored
        }
        return .handled
    }

    private func select(_ move: ListView.Move) {
        switch move {
        case .by(let offset): viewModel.selectionMoved(by: offset)
        case .toStart: viewModel.selectionMovedToStart()
        case .toEnd: viewModel.selectionMovedToEnd()
        case .toRow(let index):
            // A click on a friend's row selects that friend; the placeholder rows have no friend.
            let cells = viewModel.friendCells.value
            if cells.indices.contains(index), let id = cells[index].friendID { viewModel.friendSelected(id: id) }
        }
    }

    private func handleConfirmation(_ key: Key) -> KeyResult {
        guard let question = viewModel.deleteConfirmation.value,
              let answer = ConfirmationBox(question).answer(to: key, focus: &deleteChoice) else { return .handled }
        if answer == .confirm { viewModel.deleteConfirmed() } else { viewModel.deleteCancelled() }
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
        if viewModel.deleteConfirmation.value != nil { return Self.confirmKeys }
        var keys = onCardFileTapped == nil ? Self.keys : Self.keysWithCardFiles
        if search != nil { keys = Self.searching(keys) }
        return viewModel.selectedFriendID.value == nil ? Self.withoutFriendActions(keys) : keys
    }

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    func render(size: TerminalSize) -> Canvas {
        let footer = search?.isEditing == true ? Self.searchFooter : Footer(keyMap ?? Self.keys)
        let connection = viewModel.connectionStatus.value.map { state in
            (text: state.statusText, style: state == .live ? Theme.live : Theme.notLive)
        }
        let title = viewModel.title.value + (signedInAs.map { " · \($0)" } ?? "")
        var (canvas, content) = ScreenFrame(title: title, footer: footer, status: connection).draw(size: size)
        var listArea = content
        if let status = viewModel.statusMessage.value, listArea.height > 1 {
            let (rows, statusRow) = listArea.dividedAtRow(listArea.height - 1)
            listArea = rows
            canvas.draw(status, row: statusRow.row, column: 1, style: Theme.status, width: max(0, statusRow.width - 2))
        }
        if let search, listArea.height > 1 {
            let (rows, searchRow) = listArea.dividedAtRow(listArea.height - 1)
            listArea = rows
            draw(search, in: &canvas, at: searchRow)
        }
        drawList(in: &canvas, at: listArea)
        if viewModel.showLoadingHud.value {
            Spinner(frame: spinnerFrame).draw(in: &canvas, at: content)
        }
        if let confirmation = viewModel.deleteConfirmation.value {
            canvas.cursor = nil
            ConfirmationBox(confirmation, selection: deleteChoice).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    /// Draws the rows, scrolled to show the selected friend, and tells the view model which
    /// friends came into view (it loads the next page when they near the end).
    private func drawList(in canvas: inout Canvas, at area: Rect) {
        let cells = viewModel.friendCells.value
        let selection = viewModel.selectedFriendID.value.flatMap { id in cells.firstIndex { $0.friendID == id } }
        visibleRows = max(1, area.height)
        scrollOffset = ListView.scrollOffset(keeping: selection, visibleRows: area.height, count: cells.count, current: scrollOffset)
        ListView(count: cells.count, selectedIndex: selection, scrollOffset: scrollOffset) { cells[$0].row }
            .draw(in: &canvas, at: area)
        let shown = cells[min(scrollOffset, cells.count)..<min(scrollOffset + area.height, cells.count)]
        viewModel.visibleRowsChanged(lastFriendID: shown.last { $0.friendID != nil }?.friendID)
    }

    private func draw(_ search: SearchLine, in canvas: inout Canvas, at row: Rect) {
        guard row.height > 0 else { return }
        let column = canvas.draw("Search: ", row: row.row, column: 1, style: .bold)
        var fieldEnd = row.endColumn
        if let summary = viewModel.searchSummary.value {
            let summaryColumn = max(column + 10, row.endColumn - DisplayWidth.of(summary) - 1)
            canvas.draw(summary, row: row.row, column: summaryColumn, style: Theme.label, width: max(0, row.endColumn - summaryColumn - 1))
            fieldEnd = summaryColumn - 1
        }
        let field = TextField(label: "", text: search.editor.text, cursor: search.editor.cursor, isFocused: search.isEditing, labelWidth: 0)
        field.draw(in: &canvas, at: Rect(row: row.row, column: column, width: max(0, fieldEnd - column), height: 1))
    }

    static let keys = KeyMap(title: "Friends", entries: [
        KeyMap.Entry(key: "↑↓/jk", label: "Move"), KeyMap.Entry(key: "⏎", label: "Open"), KeyMap.Entry(key: "a", label: "Add"),
        KeyMap.Entry(key: "e", label: "Edit"), KeyMap.Entry(key: "d", label: "Delete"), KeyMap.Entry(key: "r", label: "Refresh"),
        KeyMap.Entry(key: "/", label: "Search"),
        KeyMap.Entry(key: "PgUp/PgDn", label: "A page up or down", isHelpOnly: true),
        KeyMap.Entry(key: "Home/End", label: "The first or last friend", isHelpOnly: true),
        KeyMap.Entry(key: "q", label: "Quit"),
    ])
    /// The keys with Export and Import, before Quit.
    static let keysWithCardFiles = KeyMap(
        title: "Friends",
        entries: keys.entries.dropLast() + [KeyMap.Entry(key: "x", label: "Export"), KeyMap.Entry(key: "i", label: "Import")]
            + keys.entries.suffix(1)
    )

    /// While a search shows, Esc clears it: the footer says so where it said "/ Search" (which the
    /// help still lists, to change the search).
    static func searching(_ keys: KeyMap) -> KeyMap {
        var entries = keys.entries
        guard let index = entries.firstIndex(where: { $0.key == "/" }) else { return keys }
        entries[index] = KeyMap.Entry(key: "Esc", label: "Clear search")
        entries.insert(KeyMap.Entry(key: "/", label: "Change the search", isHelpOnly: true), at: index + 1)
        return KeyMap(title: keys.title, entries: entries)
    }
    /// With no friend shown (none yet, a search that matches nobody, a list that failed to load)
    /// there is nobody to move to, open, edit or delete.
    static func withoutFriendActions(_ keys: KeyMap) -> KeyMap {
        KeyMap(title: keys.title, entries: keys.entries.filter { !friendActionKeys.contains($0.key) })
    }
    static let friendActionKeys: Set<String> = ["↑↓/jk", "⏎", "e", "d", "PgUp/PgDn", "Home/End"]
    static let searchFooter = Footer(("type", "to search"), ("⏎", "Done"), ("Esc", "Clear"))
    static let confirmKeys = KeyMap(title: "Delete Friend", ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel"))
}

private extension FriendsListCell {
    var row: ListView.Row {
        switch self {
        case .normal(let friend): ListView.Row(friend.fullName, detail: friend.phonenumberText)
        case .error(let message): ListView.Row(message, style: Theme.error)
        case .empty(let message): ListView.Row(message, style: Theme.placeholder)
        }
    }
}
