import TerminalUI

/// The frame every Friends screen shares: the title on the first row with a rule below it,
/// the key hints in the footer on the last row, the content in between.
struct ScreenFrame {
    /// The smallest terminal a Friends screen draws in: title, rule, two rows, footer.
    static let minimumSize = TerminalSize(rows: 5, columns: 20)

    var title: String
    var footer: Footer
    /// A short state shown at the right end of the title row ("● live"); `nil` for none.
    var status: (text: String, style: Style)?

    init(title: String, footer: Footer, status: (text: String, style: Style)? = nil) {
        self.title = title
        self.footer = footer
        self.status = status
    }

    /// The frame of a screen whose keys are `keyMap` (the footer draws it; `?` lists it).
    init(title: String, keyMap: KeyMap) {
        self.init(title: title, footer: Footer(keyMap))
    }

    /// The frame of a screen whose text field has the focus, where `?` is text: the footer lists
    /// `keys` without pointing to a help it cannot open.
    init(title: String, typingWith keys: KeyMap) {
        self.init(title: title, footer: Footer(typingWith: keys))
    }

    /// Draws the frame on a fresh canvas of `size`; returns it with the content area.
    func draw(size: TerminalSize) -> (canvas: Canvas, content: Rect) {
        var canvas = Canvas(size: size)
        let bounds = canvas.bounds
        let (header, rest) = bounds.dividedAtRow(2)
        let (content, footerArea) = rest.dividedAtRow(rest.height - 1)
        var titleEnd = header.width - 1
        if let status, header.height > 0 {
            let statusWidth = DisplayWidth.of(status.text)
            // The status gives way to the title on a narrow screen.
            if header.width - 2 - statusWidth >= min(DisplayWidth.of(title), 10) + 2 {
                titleEnd = header.width - 1 - statusWidth - 2
                canvas.draw(status.text, row: header.row, column: header.width - 1 - statusWidth, style: status.style, width: statusWidth)
            }
        }
        canvas.draw(title, row: header.row, column: 1, style: Theme.title, width: max(0, titleEnd - 1))
        if header.height > 1 {
            canvas.draw(String(repeating: "─", count: header.width), row: header.row + 1, column: 0, style: Theme.rule)
        }
        Self.draw(footer, in: footerArea, on: &canvas)
        return (canvas, content)
    }

    /// Draws `footer` in place of the one on the last row of `canvas` (what is asked over a
    /// screen says its own keys there).
    static func replaceFooter(on canvas: inout Canvas, with footer: Footer) {
        let bounds = canvas.bounds
        guard bounds.height > 0 else { return }
        let area = Rect(row: bounds.row + bounds.height - 1, column: bounds.column, width: bounds.width, height: 1)
        canvas.fill(area)
        draw(footer, in: area, on: &canvas)
    }

    private static func draw(_ footer: Footer, in area: Rect, on canvas: inout Canvas) {
        footer.draw(in: &canvas, at: Rect(row: area.row, column: 1, width: area.width - 1, height: area.height))
    }
}
