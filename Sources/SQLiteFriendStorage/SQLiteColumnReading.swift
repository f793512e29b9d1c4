import SQLiteNIO

/// A row read by column position, whichever connection read it: the writer's (SQLiteNIO) or a
/// reader's (`SQLiteReadConnection`), so each kind of row is decoded by one function.
protocol SQLiteColumnReading {
    func integer(_ column: Int32) -> Int?
    func text(_ column: Int32) -> String?
}

extension SQLiteReadRow: SQLiteColumnReading {}

extension SQLiteRow: SQLiteColumnReading {
    func integer(_ column: Int32) -> Int? {
        columns.indices.contains(Int(column)) ? columns[Int(column)].data.integer : nil
    }

    func text(_ column: Int32) -> String? {
        columns.indices.contains(Int(column)) ? columns[Int(column)].data.string : nil
    }
}
