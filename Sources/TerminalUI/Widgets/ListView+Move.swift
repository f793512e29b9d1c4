extension ListView {
    /// Where a navigation key moves a list's selection. A view hands the move to whatever owns the
    /// selection: a view model that names rows by identity, or `navigate` for a plain index.
    public enum Move: Hashable, Sendable {
        /// Down by this many rows; up when negative.
        case by(Int)
        /// To the first row.
        case toStart
        /// To the last row.
        case toEnd
        /// To the row at this index (a click on it).
        case toRow(Int)

        /// The move `key` asks for: Up/Down (and k/j, and the mouse wheel) by one, Page Up/Down
        /// by `pageSize`, Home/End (and g/G) to the ends, a click to the row clicked; `nil` for
        /// other keys.
        public init?(_ key: Key, pageSize: Int) {
            if case .row(let index)? = key.clickedTarget {
                self = .toRow(index)
                return
            }
            switch key {
            case .up, .character("k"): self = .by(-1)
            case .down, .character("j"): self = .by(1)
            case .pageUp: self = .by(-max(1, pageSize))
            case .pageDown: self = .by(max(1, pageSize))
            case .home, .character("g"): self = .toStart
            case .end, .character("G"): self = .toEnd
            default:
                guard let wheel = key.wheelStep else { return nil }
                self = .by(wheel)
            }
        }
    }

    /// Moves `selection` in a list of `count` rows, clamped to the list: an empty list has no
    /// selection, and a list without one starts at the top (at the end for `.toEnd`). Returns
    /// false, changing nothing, for a click past the rows.
    public static func navigate(_ move: Move, selection: inout Int?, count: Int) -> Bool {
        if case .toRow(let index) = move {
            guard (0..<count).contains(index) else { return false }
            selection = index
            return true
        }
        guard count > 0 else {
            selection = nil
            return true
        }
        let last = count - 1
        switch move {
        case .by(let rows): selection = selection.map { min(max(0, $0 + rows), last) } ?? 0
        case .toStart: selection = 0
        case .toEnd: selection = last
        case .toRow: break
        }
        return true
    }
}
