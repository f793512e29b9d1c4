/// A bordered panel with an optional title in its top edge:
///
/// ```
/// ┌─ Friends ──────┐
/// │                │
/// └────────────────┘
/// ```
public struct Box: Sendable {
    public var title: String?
    public var borderStyle: Style
    public var titleStyle: Style
    /// Whether the inside is cleared first (what an overlay drawn over other content needs).
    public var clearsInside: Bool

    public init(title: String? = nil, borderStyle: Style = .plain, titleStyle: Style = .bold, clearsInside: Bool = true) {
        self.title = title
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
        self.clearsInside = clearsInside
    }

    /// The area inside the border.
    public static func contentRect(of rect: Rect) -> Rect { rect.inset(by: 1) }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let inner = rect.width - 2
        if clearsInside { canvas.fill(Self.contentRect(of: rect)) }
        let horizontal = String(repeating: "─", count: inner)
        canvas.draw("┌" + horizontal + "┐", row: rect.row, column: rect.column, style: borderStyle)
        for row in (rect.row + 1)..<(rect.endRow - 1) {
            canvas.draw("│", row: row, column: rect.column, style: borderStyle)
            canvas.draw("│", row: row, column: rect.endColumn - 1, style: borderStyle)
        }
        canvas.draw("└" + horizontal + "┘", row: rect.endRow - 1, column: rect.column, style: borderStyle)
        if let title, !title.isEmpty, inner >= 5 {
            canvas.draw(" " + TextLayout.truncate(title, toWidth: inner - 4) + " ",
                        row: rect.row, column: rect.column + 2, style: titleStyle)
        }
    }
}
