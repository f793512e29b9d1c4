/// The size of a terminal (or of a canvas), in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    public var description: String { "\(columns)x\(rows)" }
}
