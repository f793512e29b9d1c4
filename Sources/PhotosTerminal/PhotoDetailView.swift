import Photos
import TerminalUI

/// The detail of a picture for sale. A pure function of the detail view model, the scroll
/// offset and the size:
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
/// ↑↓ Scroll  Esc Back  q Quit
/// ```
/// Long values wrap under their value column; details taller than the screen scroll, with
/// "lines 1–6 of 14" on the last row while there is more.
public struct PhotoDetailView {
    public static let noDescriptionText = "No description."
    /// The way out comes last: a footer short of room keeps the last key.
    public static let keys = KeyMap(title: "Picture", ("↑↓", "Scroll"), ("q", "Quit"), ("Esc", "Back"))
    private static let labelWidth = 8

    public var detail: PhotoDetailViewModel
    /// The first line shown (clamped when drawn; see `shownOffset(for:)`).
    public var scrollOffset: Int

    public init(detail: PhotoDetailViewModel, scrollOffset: Int = 0) {
        self.detail = detail
        self.scrollOffset = scrollOffset
    }

    /// The offset actually shown at `size`.
    public func shownOffset(for size: TerminalSize) -> Int {
        text(for: size).shownOffset(in: Self.textArea(in: size).height)
    }

    /// Lines of text shown at `size` (what Page Up and Page Down move by).
    public static func visibleRows(for size: TerminalSize) -> Int {
        max(1, textArea(in: size).height - 1)
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw(detail.titleText, row: 0, column: 1, style: .bold, width: size.columns - 2)
        canvas.draw(String(repeating: "─", count: size.columns), row: 1, column: 0, style: .dim)
        text(for: size).draw(in: &canvas, at: Self.textArea(in: size))
        Footer(Self.keys).draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        return canvas
    }

    private static func textArea(in size: TerminalSize) -> Rect {
        Rect(row: 2, column: 1, width: size.columns - 2, height: size.rows - 3)
    }

    private func text(for size: TerminalSize) -> ScrollingText {
        let width = Self.textArea(in: size).width
        var lines: [[Span]] = []
        for (label, value) in [("Camera", detail.cameraText), ("Date", detail.dateText),
                               ("Price", detail.priceText), ("Image", detail.imageURLText)] {
            for (index, line) in TextLayout.wrap(value, width: max(1, width - Self.labelWidth)).enumerated() {
                let title = index == 0 ? TextLayout.pad(label, toWidth: Self.labelWidth) : String(repeating: " ", count: Self.labelWidth)
                lines.append([Span(title, style: .dim), Span(line)])
            }
        }
        lines.append([])
        if detail.descriptionText.isEmpty {
            lines.append([Span(Self.noDescriptionText, style: .dim)])
        } else {
            lines += ScrollingText.wrapping(detail.descriptionText, width: max(1, width))
        }
        return ScrollingText(lines: lines, offset: scrollOffset)
    }
}
