import Photos
import TerminalUI

/// One picture in the list, two rows tall:
///
/// ```
/// > Harbour at First Light              For sale  2024-05-02
///     Fujifilm X-T4 - Fishing boats waiting for the tide
/// ```
/// On a narrow row the sale note shortens to "$ 2024-05-02".
struct PhotoCellView {
    static let height = 2

    var cell: PhotoCellViewModel
    var isSelected: Bool

    func draw(in canvas: inout Canvas, at rect: Rect) {
        guard rect.width > 2, rect.height > 0 else { return }
        let trailing = trailingText(fittingIn: (rect.width - 2) / 2)
        let trailingWidth = DisplayWidth.of(trailing)
        let titleWidth = rect.width - 2 - (trailingWidth > 0 ? trailingWidth + 1 : 0)

        canvas.draw(isSelected ? "> " : "  ", row: rect.row, column: rect.column)
        canvas.draw(cell.titleText, row: rect.row, column: rect.column + 2, style: .bold, width: titleWidth)
        canvas.draw(trailing, row: rect.row, column: rect.endColumn - trailingWidth,
                    style: cell.isForSale ? .foreground(.green) : .plain)
        if rect.height > 1 {
            canvas.draw(cell.descriptionText, row: rect.row + 1, column: rect.column + 4, style: .dim, width: rect.width - 4)
        }
        if isSelected { canvas.applyStyle(.inverse, to: rect) }
    }

    /// "For sale  2024-05-02", or "$ 2024-05-02" when the row is narrow; the date always
    /// comes whole, or not at all when even it does not fit.
    private func trailingText(fittingIn width: Int) -> String {
        let candidates = cell.isForSale
            ? ["For sale  " + cell.dateText, "$ " + cell.dateText, cell.dateText]
            : [cell.dateText]
        return candidates.first { DisplayWidth.of($0) <= width } ?? ""
    }
}
