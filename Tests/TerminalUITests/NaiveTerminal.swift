@testable import TerminalUI

/// A terminal that knows nothing of grapheme clusters: it draws every scalar at its own width,
/// as many real terminals draw 👍🏽 (two wide characters, four columns) or a ZWJ family. Only
/// what the renderer writes is understood: cursor moves (`ESC [ r ; c H`), clearing
/// (`ESC [ 2 J`) and text; other sequences are skipped.
struct NaiveTerminal {
    private var cells: [[String]]
    private var row = 0
    private var column = 0
    private let columns: Int
    /// Marks the right half of a wide character.
    private static let rightHalf = "\u{0}"

    init(rows: Int, columns: Int) {
        self.columns = columns
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// What the screen shows, one string per row, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var line = row.filter { $0 != Self.rightHalf }.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    mutating func apply(_ output: String) {
        var scalars = Array(output.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                put(scalar)
                continue
            }
            guard scalars.first == "[" else { continue }
            scalars.removeFirst()
            var parameters = ""
            while let next = scalars.popFirst() {
                guard (0x20...0x3F).contains(next.value) else {
                    perform(final: next, parameters: parameters)
                    break
                }
                parameters.unicodeScalars.append(next)
            }
        }
    }

    private mutating func perform(final: Unicode.Scalar, parameters: String) {
        switch final {
        case "H":
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            row = (numbers.first ?? 1) - 1
            column = (numbers.dropFirst().first ?? 1) - 1
        case "J":
            cells = cells.map { $0.map { _ in " " } }
        default:
            break
        }
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        let width = DisplayWidth.of(scalar)
        guard width > 0 else {
            // A combining mark or joiner stays with the cell before it.
            if column > 0, cells.indices.contains(row) {
                var before = column - 1
                if cells[row][before] == Self.rightHalf, before > 0 { before -= 1 }
                cells[row][before].unicodeScalars.append(scalar)
            }
            return
        }
        guard cells.indices.contains(row), column + width <= columns else {
            column += width
            return
        }
        clearWideCharacter(at: column)
        if width == 2 { clearWideCharacter(at: column + 1) }
        cells[row][column] = String(scalar)
        if width == 2 { cells[row][column + 1] = Self.rightHalf }
        column += width
    }

    /// Writing over either half of a wide character erases all of it.
    private mutating func clearWideCharacter(at column: Int) {
        if cells[row][column] == Self.rightHalf, column > 0 {
            cells[row][column - 1] = " "
            cells[row][column] = " "
        } else if column + 1 < columns, cells[row][column + 1] == Self.rightHalf {
            cells[row][column + 1] = " "
        }
    }
}
