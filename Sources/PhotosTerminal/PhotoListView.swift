import Photos
import TerminalUI

/// The "Popular" screen, drawn from what the list view model shows and what the screen
/// keeps (selection, scroll position, a presented alert). A pure function of these and the size:
///
/// ```
///  Popular                                              24 pictures
/// ─────────────────────────────────────────────────────────────────
/// > Harbour at First Light                    For sale  2024-05-02
///     Fujifilm X-T4 - Fishing boats waiting for the tide
///   Salt Flats                                          2024-05-01
///     Nikon Z6
/// ↑↓ Move  ⏎ Open  r Reload  q Quit
/// ```
/// A spinner covers it while loading, an alert with OK when one is presented.
public struct PhotoListView {
    public static let emptyText = "No pictures. Press r to reload."
    public static let keys = KeyMap(title: "Popular", ("↑↓", "Move"), ("⏎", "Open"), ("r", "Reload"), ("q", "Quit"))

    public var title: String
    public var cells: [PhotoCellViewModel]
    public var selectedIndex: Int?
    /// The first cell on screen (kept visible around the selection when drawn).
    public var scrollOffset: Int
    public var isLoading: Bool
    public var spinnerFrame: Int
    public var alertMessage: String?

    public init(title: String, cells: [PhotoCellViewModel], selectedIndex: Int? = nil, scrollOffset: Int = 0,
                isLoading: Bool = false, spinnerFrame: Int = 0, alertMessage: String? = nil) {
        self.title = title
        self.cells = cells
        self.selectedIndex = selectedIndex
        self.scrollOffset = scrollOffset
        self.isLoading = isLoading
        self.spinnerFrame = spinnerFrame
        self.alertMessage = alertMessage
    }

    /// Where the cells go: below the title and its rule, above the footer.
    static func listRect(for size: TerminalSize) -> Rect {
        Rect(row: 2, column: 0, width: size.columns, height: size.rows - 3)
    }

    /// How many cells fit on screen at once (what a page up/down moves by).
    public static func visibleCellCount(for size: TerminalSize) -> Int {
        listRect(for: size).height / PhotoCellView.height
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        drawHeader(in: &canvas)
        drawCells(in: &canvas, at: Self.listRect(for: size))
        footer.draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        if isLoading {
            Spinner(frame: spinnerFrame).draw(in: &canvas, at: canvas.bounds)
        }
        if let alertMessage {
            AlertBox(title: "", message: alertMessage).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    private func drawHeader(in canvas: inout Canvas) {
        let count = isLoading || cells.isEmpty ? "" : cells.count == 1 ? "1 picture" : "\(cells.count) pictures"
        let countWidth = DisplayWidth.of(count)
        canvas.draw(title, row: 0, column: 1, style: .bold, width: max(0, canvas.size.columns - countWidth - 3))
        canvas.draw(count, row: 0, column: canvas.size.columns - countWidth - 1, style: .dim)
        canvas.draw(String(repeating: "─", count: canvas.size.columns), row: 1, column: 0, style: .dim)
    }

    private func drawCells(in canvas: inout Canvas, at rect: Rect) {
        guard !cells.isEmpty else {
            if !isLoading {
                let text = TextLayout.truncate(Self.emptyText, toWidth: rect.width)
                let line = rect.centered(width: DisplayWidth.of(text), height: 1)
                canvas.draw(text, row: line.row, column: line.column, style: .dim)
            }
            return
        }
        let visible = rect.height / PhotoCellView.height
        let offset = ListView.scrollOffset(keeping: selectedIndex, visibleRows: visible, count: cells.count, current: scrollOffset)
        // As in a list of rows: the last column says where pictures are out of view (▲ ▼), and
        // the cells, which end in a date, always leave it free.
        let leavesLastColumn = rect.width > 3
        for index in offset..<min(cells.count, offset + visible) {
            let cellRect = Rect(row: rect.row + (index - offset) * PhotoCellView.height, column: rect.column,
                                width: leavesLastColumn ? rect.width - 1 : rect.width, height: PhotoCellView.height)
            PhotoCellView(cell: cells[index], isSelected: index == selectedIndex).draw(in: &canvas, at: cellRect)
            // A click on the mark's column still picks the picture.
            canvas.addTarget(.row(index), at: Rect(row: cellRect.row, column: cellRect.column, width: rect.width, height: cellRect.height))
        }
        if leavesLastColumn, cells.count > visible {
            let shown = Rect(row: rect.row, column: rect.column, width: rect.width, height: visible * PhotoCellView.height)
            Scrolling.drawIndicators(in: &canvas, at: shown, offset: offset * PhotoCellView.height,
                                     contentRows: cells.count * PhotoCellView.height)
        }
    }

    private var footer: Footer {
        alertMessage != nil ? Footer(("⏎", "OK")) : Footer(Self.keys)
    }
}
