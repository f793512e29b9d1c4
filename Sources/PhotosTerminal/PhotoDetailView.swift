import Photos
import TerminalUI

/// The detail of a picture for sale. A pure function of the detail view model and the size:
///
/// ```
///  Harbour at First Light
/// ──────────────────────────────────────────
///  Camera  Fujifilm X-T4
///  Date    2024-05-02
///  Price   For sale
///  Image   https://images.example.com/photos/1001/w280.jpg
///
///  Fishing boats waiting for the tide
/// Esc Back  q Quit
/// ```
/// Long values wrap under their value column; a description that does not fit ends in "…".
public struct PhotoDetailView {
    public static let noDescriptionText = "No description."
    private static let labelWidth = 8

    public var detail: PhotoDetailViewModel

    public init(detail: PhotoDetailViewModel) {
        self.detail = detail
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        let width = size.columns - 2
        canvas.draw(detail.titleText, row: 0, column: 1, style: .bold, width: width)
        canvas.draw(String(repeating: "─", count: size.columns), row: 1, column: 0, style: .dim)

        let lastRow = size.rows - 2
        var row = 2
        for (label, value) in [("Camera", detail.cameraText), ("Date", detail.dateText),
                               ("Price", detail.priceText), ("Image", detail.imageURLText)] {
            guard row <= lastRow else { break }
            canvas.draw(label, row: row, column: 1, style: .dim, width: Self.labelWidth)
            let lines = TextLayout.wrap(value, width: width - Self.labelWidth)
            for line in lines where row <= lastRow {
                canvas.draw(line, row: row, column: 1 + Self.labelWidth)
                row += 1
            }
        }

        row += 1
        let description = detail.descriptionText.isEmpty ? Self.noDescriptionText : detail.descriptionText
        let lines = TextLayout.wrap(description, width: width)
        let room = max(0, lastRow - row + 1)
        for (index, line) in lines.prefix(room).enumerated() {
            let isCut = index == room - 1 && lines.count > room
            canvas.draw(isCut ? line + " " + String(TextLayout.ellipsis) : line, row: row + index, column: 1,
                        style: detail.descriptionText.isEmpty ? .dim : .plain, width: width)
        }

        Footer(("Esc", "Back"), ("q", "Quit"))
            .draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        return canvas
    }
}
