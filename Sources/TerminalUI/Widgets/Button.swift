/// A button drawn as "[ TITLE ]": inverse and bold when focused, dimmed when disabled.
public struct Button: Sendable {
    public var title: String
    public var isEnabled: Bool
    public var isFocused: Bool

    public init(title: String, isEnabled: Bool = true, isFocused: Bool = false) {
        self.title = title
        self.isEnabled = isEnabled
        self.isFocused = isFocused
    }

    public var text: String { "[ \(title) ]" }
    /// Columns the button takes.
    public var width: Int { DisplayWidth.of(text) }

    public var style: Style {
        Style(bold: isFocused && isEnabled, dim: !isEnabled, inverse: isFocused)
    }

    /// Draws at the rect's top-left corner, cut to its width; a click on it reaches the view
    /// as `MouseTarget.button(title)`.
    public func draw(in canvas: inout Canvas, at rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        canvas.draw(text, row: rect.row, column: rect.column, style: style, width: rect.width)
        canvas.addTarget(.button(title), at: Rect(row: rect.row, column: rect.column, width: min(width, rect.width), height: 1))
    }
}
