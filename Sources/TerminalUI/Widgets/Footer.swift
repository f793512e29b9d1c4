/// The key hints line at the bottom of a screen: "↑↓ Move  ⏎ Open  q Quit", keys in bold.
///
/// Made from a screen's `KeyMap`, a footer with no room for every key keeps the ones that fit
/// and the last (the way out), and ends in "? Help": the overlay lists them all (while a text field
/// has the focus, where `?` is text, it keeps the way out without "? Help"). Made from bare items
/// (no help to point to), it is cut with "…".
public struct Footer: Sendable {
    public typealias Item = KeyMap.Entry

    public var items: [Item]
    /// Whether "? Help" stands in for the keys that do not fit.
    public var pointsToHelp: Bool
    /// Whether the last key (the way out) stays when the others do not all fit.
    public var keepsLast: Bool
    static let helpItem = Item(key: "?", label: "Help")

    public init(items: [Item], pointsToHelp: Bool = false) {
        self.items = items
        self.pointsToHelp = pointsToHelp
        keepsLast = pointsToHelp
    }

    /// `Footer(("↑↓", "Move"), ("q", "Quit"))`
    public init(_ items: (key: String, label: String)...) {
        self.init(items: items.map { Item(key: $0.key, label: $0.label) })
    }

    /// The footer of a screen whose `keyMap` is `keyMap`: its keys but the help's own, and "? Help"
    /// when the help lists more than the footer shows.
    public init(_ keyMap: KeyMap) {
        self.init(items: keyMap.entries.filter { !$0.isHelpOnly }, pointsToHelp: true)
        helpListsMore = keyMap.entries.contains(where: \.isHelpOnly)
    }

    /// The footer of a screen whose text field has the focus, where `?` is text: `keyMap`'s keys,
    /// the way out kept, without pointing to a help that `?` cannot open there.
    public init(typingWith keyMap: KeyMap) {
        self.init(items: keyMap.entries.filter { !$0.isHelpOnly })
        keepsLast = true
    }

    /// Whether the help lists keys the footer never shows: "? Help" ends the footer where it fits.
    private var helpListsMore = false

    public var spans: [Span] { Self.spans(items) }

    /// The items shown in `width` columns.
    public func items(fittingIn width: Int) -> [Item] {
        if helpListsMore, Self.width(of: items + [Self.helpItem]) <= width { return items + [Self.helpItem] }
        guard keepsLast, Self.width(of: items) > width, let last = items.last else { return items }
        let end = pointsToHelp ? [last, Self.helpItem] : [last]
        var kept = Array(items.dropLast())
        while !kept.isEmpty, Self.width(of: kept + end) > width { kept.removeLast() }
        let fitted = kept + end
        return Self.width(of: fitted) <= width ? fitted : [end.last ?? last]
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        guard rect.height > 0 else { return }
        canvas.draw(Self.spans(items(fittingIn: rect.width)), row: rect.row, column: rect.column, width: rect.width)
    }

    private static func spans(_ items: [Item]) -> [Span] {
        items.enumerated().flatMap { index, item in
            [Span(index == 0 ? "" : "  "), Span(item.key, style: .bold), Span(" " + item.label)]
        }
    }

    /// Columns `items` take on one line.
    public static func width(of items: [Item]) -> Int {
        items.reduce(0) { $0 + DisplayWidth.of($1.key) + 1 + DisplayWidth.of($1.label) } + 2 * max(0, items.count - 1)
    }
}
