import Photos
import TerminalUI

/// What the list adapter asks of the screen that owns it.
@MainActor
protocol PhotoListAdapterDelegate: AnyObject {
    var cells: [PhotoCellViewModel] { get }
    func photoListAdapter(didSelectPhotoAt index: Int)
}

/// The article's adapter: keeps the list's selection and scroll position, moves them on
/// keys, and tells its delegate which picture was chosen. The screen owns the adapter and
/// the adapter holds the screen weakly, so the two never keep each other alive.
@MainActor
final class PhotoListAdapter {
    weak var delegate: (any PhotoListAdapterDelegate)?
    private(set) var selectedIndex: Int?
    /// The first cell on screen, moved the least needed to keep the selection in view.
    private(set) var scrollOffset = 0
    /// Cells on screen at once, from the last layout; what page up/down moves by.
    private var pageSize = 1

    private var count: Int { delegate?.cells.count ?? 0 }

    /// Keeps the selection on the list after the cells change (the first cell for a new list).
    func cellsChanged() {
        selectedIndex = count > 0 ? min(selectedIndex ?? 0, count - 1) : nil
    }

    /// Fits the scroll position to a frame showing `visibleCells` cells, as a scroll view
    /// lays out before drawing: the selection ends up on screen.
    func layout(visibleCells: Int) {
        pageSize = max(1, visibleCells)
        scrollOffset = ListView.scrollOffset(keeping: selectedIndex, visibleRows: visibleCells, count: count, current: scrollOffset)
    }

    func handle(_ key: Key) -> KeyResult {
        guard let selectedIndex else { return .ignored }
        if key == .enter {
            delegate?.photoListAdapter(didSelectPhotoAt: selectedIndex)
            return .handled
        }
        // The arrows and j/k, Page Up/Down, Home/End and g/G, the wheel and a click on a cell.
        return ListView.navigate(key, selection: &self.selectedIndex, count: count, pageSize: pageSize) ? .handled : .ignored
    }
}
