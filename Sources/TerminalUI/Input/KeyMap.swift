/// The keys a screen understands, each with what it does: the one list that both the footer
/// (`Footer(_:)`) and the `?` help overlay (`HelpOverlay`) draw, so the two never disagree.
///
/// ```swift
/// var keyMap: KeyMap? { KeyMap(title: "Friends", ("↑↓/jk", "Move"), ("⏎", "Open"), ("q", "Quit")) }
/// ```
/// Put the way out ("q Quit", "Esc Back") last: a narrow footer keeps it.
public struct KeyMap: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// The keys as shown: "↑↓/jk", "⏎", "Esc".
        public var key: String
        /// What they do: "Move", "Open".
        public var label: String
        /// Listed by the help only, not the footer: keys worth knowing that a footer has no room
        /// for ("PgUp/PgDn", "Home/End").
        public var isHelpOnly: Bool

        public init(key: String, label: String, isHelpOnly: Bool = false) {
            self.key = key
            self.label = label
            self.isHelpOnly = isHelpOnly
        }
    }

    /// What the help overlay calls the screen.
    public var title: String
    public var entries: [Entry]

    public init(title: String, entries: [Entry]) {
        self.title = title
        self.entries = entries
    }

    public init(title: String, _ entries: (key: String, label: String)...) {
        self.init(title: title, entries: entries.map { Entry(key: $0.key, label: $0.label) })
    }

    /// The keys every `TerminalApp` understands, listed at the end of the help.
    public static let appEntries: [Entry] = [
        Entry(key: "?", label: "This help"),
        Entry(key: "Ctrl-L", label: "Redraw the screen"),
        Entry(key: "Ctrl-Z", label: "Suspend (fg resumes)"),
        Entry(key: "Ctrl-C", label: "Quit at once"),
    ]
}
