/// The key hints line at the bottom of a screen: "↑↓ Move  ⏎ Open  q Quit", keys in bold,
/// cut with "…" when the terminal is too narrow.
public struct Footer: Sendable {
    public struct Item: Hashable, Sendable {
        public var key: String
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    public var items: [Item]

    public init(items: [Item]) {
        self.items = items
    }

    /// `Footer(("↑↓", "Move"), ("q", "Quit"))`
    public init(_ items: (key: String, label: String)...) {
        self.items = items.map { Item(key: $0.key, label: $0.label) }
    }

    public var spans: [Span] {
        items.enumerated().flatMap { index, item in
            [Span(index == 0 ? "" : "  "), Span(item.key, style: .bold), Span(" " + item.label)]
        }
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        guard rect.height > 0 else { return }
        canvas.draw(spans, row: rect.row, column: rect.column, width: rect.width)
    }
}
