import TerminalUI

/// The frame every Friends screen shares: the title on the first row with a rule below it,
/// the key hints in the footer on the last row, the content in between.
struct ScreenFrame {
    var title: String
    var footer: Footer

    /// Draws the frame on a fresh canvas of `size`; returns it with the content area.
    func draw(size: TerminalSize) -> (canvas: Canvas, content: Rect) {
        var canvas = Canvas(size: size)
        let bounds = canvas.bounds
        let (header, rest) = bounds.dividedAtRow(2)
        let (content, footerArea) = rest.dividedAtRow(rest.height - 1)
        canvas.draw(title, row: header.row, column: 1, style: Theme.title, width: max(0, header.width - 2))
        if header.height > 1 {
            canvas.draw(String(repeating: "─", count: header.width), row: header.row + 1, column: 0, style: Theme.rule)
        }
        let footerWidth = footerArea.width - 1
        Self.fitting(footer, in: footerWidth)
            .draw(in: &canvas, at: Rect(row: footerArea.row, column: 1, width: footerWidth, height: footerArea.height))
        return (canvas, content)
    }

    /// `footer`, less the hints before the last one until it fits in `width` columns: on a narrow
    /// terminal the way out ("q Quit", "Esc Cancel") still shows.
    static func fitting(_ footer: Footer, in width: Int) -> Footer {
        var items = footer.items
        while items.count > 2, totalWidth(of: items) > width {
            items.remove(at: items.count - 2)
        }
        return Footer(items: items)
    }

    private static func totalWidth(of items: [Footer.Item]) -> Int {
        items.reduce(0) { $0 + DisplayWidth.of($1.key) + 1 + DisplayWidth.of($1.label) } + 2 * max(0, items.count - 1)
    }
}
