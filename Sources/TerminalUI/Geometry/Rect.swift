/// A rectangle of cells: `row`/`column` of the top-left corner, `width` in columns, `height` in rows.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole area of a terminal or canvas of `size`.
    public init(size: TerminalSize) {
        self.init(row: 0, column: 0, width: size.columns, height: size.rows)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    /// One past the last row.
    public var endRow: Int { row + height }
    /// One past the last column.
    public var endColumn: Int { column + width }

    public func contains(row: Int, column: Int) -> Bool {
        (self.row..<endRow).contains(row) && (self.column..<endColumn).contains(column)
    }

    /// The rectangle shrunk by `amount` on every side.
    public func inset(by amount: Int) -> Rect {
        Rect(row: row + amount, column: column + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The rectangle less `top` rows at the top.
    public func inset(top: Int) -> Rect {
        dividedAtRow(top).rest
    }

    /// A `width` x `height` rectangle centred in this one (clamped to fit).
    public func centered(width: Int, height: Int) -> Rect {
        let width = min(width, self.width)
        let height = min(height, self.height)
        return Rect(row: row + (self.height - height) / 2, column: column + (self.width - width) / 2,
                    width: width, height: height)
    }

    /// The part of this rectangle that lies inside `other`.
    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row), left = max(column, other.column)
        let bottom = min(endRow, other.endRow), right = min(endColumn, other.endColumn)
        return Rect(row: top, column: left, width: right - left, height: bottom - top)
    }

    /// Splits off the first `rows` rows: returns (top, rest).
    public func dividedAtRow(_ rows: Int) -> (top: Rect, rest: Rect) {
        let rows = min(max(0, rows), height)
        return (Rect(row: row, column: column, width: width, height: rows),
                Rect(row: row + rows, column: column, width: width, height: height - rows))
    }
}
