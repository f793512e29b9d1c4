import Photos
import TerminalUI

/// The article's adapter: keeps the list's scroll position, and turns keys into the view
/// model's inputs, naming pictures by id. The selection is the view model's; the adapter only
/// finds the row it is on, by a table of rows by id made once per list rather than a search
/// of every cell each frame (a catalog can hold hundreds of thousands). The screen owns the
/// adapter and the view model; neither holds the screen, so nothing keeps it alive.
@MainActor
final class PhotoListAdapter {
    private let viewModel: PhotoListViewModel
    /// The first cell on screen, moved the least needed to keep the selection in view.
    private(set) var scrollOffset = 0
    /// Cells on screen at once, from the last layout; what page up/down moves by.
    private var pageSize = 1
    /// The row of each picture shown, by id.
    private var rowsByID: [Int: Int] = [:]

    init(viewModel: PhotoListViewModel) {
        self.viewModel = viewModel
        indexRows(of: viewModel.cells.value)
        viewModel.cells.bind(self) { adapter, cells in adapter.indexRows(of: cells) }
    }

    private var cells: [PhotoCellViewModel] { viewModel.cells.value }

    /// The row of the selected picture.
    var selectedIndex: Int? {
        viewModel.selectedPhotoID.value.flatMap { rowsByID[$0] }
    }

    private func indexRows(of cells: [PhotoCellViewModel]) {
        // The first row wins when ids repeat, as a search from the top would find.
        rowsByID = Dictionary(cells.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Fits the scroll position to a frame showing `visibleCells` cells, as a scroll view
    /// lays out before drawing: the selection ends up on screen.
    func layout(visibleCells: Int) {
        pageSize = max(1, visibleCells)
        scrollOffset = ListView.scrollOffset(keeping: selectedIndex, visibleRows: visibleCells, count: cells.count, current: scrollOffset)
    }

    func handle(_ key: Key) -> KeyResult {
        guard let selected = viewModel.selectedPhotoID.value else { return .ignored }
        if key == .enter {
            viewModel.openTapped(id: selected)
            return .handled
        }
        // The arrows and j/k, Page Up/Down, Home/End and g/G, the wheel and a click on a cell.
        guard let move = ListView.Move(key, pageSize: pageSize) else { return .ignored }
        switch move {
        case .by(let offset): viewModel.selectionMoved(by: offset)
        case .toStart: viewModel.selectionMovedToStart()
        case .toEnd: viewModel.selectionMovedToEnd()
        case .toRow(let index):
            guard cells.indices.contains(index) else { return .ignored }
            viewModel.photoSelected(id: cells[index].id)
        }
        return .handled
    }
}
