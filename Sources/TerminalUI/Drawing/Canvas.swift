/// A screen buffer: a grid of `Cell`s that views draw into and a `Renderer` turns into output.
///
/// Drawing is clipped to the canvas and aware of display width: a wide (CJK, emoji) character
/// takes two cells, combining marks stay with their base character, and control characters
/// are never written to the terminal (they show as "�"). `lines` is the plain text of each
/// row, which is what snapshot tests compare:
///
/// ```swift
/// var canvas = Canvas(size: TerminalSize(rows: 2, columns: 10))
/// canvas.draw("Hello, 世界!", row: 0, column: 0, width: 8)
/// canvas.lines  // ["Hello, …", ""]
/// ```
public struct Canvas: Hashable, Sendable {
    public let size: TerminalSize
    private var cells: [Cell]
    /// Where to show the terminal cursor; nil hides it.
    public var cursor: CursorPosition?
    /// What clicks can reach, in drawing order (see `addTarget`).
    private var hitRegions: [HitRegion] = []

    private struct HitRegion: Hashable, Sendable {
        var rect: Rect
        var target: MouseTarget?
    }

    public init(size: TerminalSize) {
        self.size = size
        self.cells = Array(repeating: .blank, count: size.rows * size.columns)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(row row: Int, column column: Int) -> Cell {
        cells[row * size.columns + column]
    }

    /// The cells of one row (for the renderer).
    func row(_ row: Int) -> ArraySlice<Cell> {
        cells[(row * size.columns)..<((row + 1) * size.columns)]
    }

    /// The text of each row, trailing spaces removed.
    public var lines: [String] {
        (0..<size.rows).map { row in
            var line = String(self.row(row).lazy.filter { !$0.isContinuation }.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Draws `text` on one row starting at `column`, clipped to the canvas. With `width`, the
    /// text is cut to that many columns, ending in "…" when it does not fit.
    /// Returns the column after the last one drawn.
    @discardableResult
    public mutating func draw(_ text: String, row: Int, column: Int, style: Style = .plain, width: Int? = nil) -> Int {
        let text = width.map { TextLayout.truncate(Self.printable(text), toWidth: $0) } ?? Self.printable(text)
        var column = column
        guard (0..<size.rows).contains(row) else { return column + DisplayWidth.of(text) }
        if DisplayWidth.isPrintableASCII(text) { return drawASCII(text, row: row, column: column, style: style) }
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            guard characterWidth > 0 else { continue }
            defer { column += characterWidth }
            if column >= size.columns || column + characterWidth <= 0 { continue }
            if column < 0 || column + characterWidth > size.columns {
                // Half of a wide character sticks out of the canvas: show the visible half blank.
                for cut in max(0, column)..<min(size.columns, column + characterWidth) {
                    put(Cell(style: style), row: row, column: cut)
                }
                continue
            }
            put(Cell(character: character, style: style, width: characterWidth), row: row, column: column)
        }
        return column
    }

    /// Makes `rect` a place a click reaches `target`, above what was there; a nil target makes
    /// it a place clicks reach nothing (what an overlay does to the screen below it).
    public mutating func addTarget(_ target: MouseTarget?, at rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        hitRegions.append(HitRegion(rect: area, target: target))
    }

    /// What a click at this cell reaches: the target added last over it.
    public func target(atRow row: Int, column: Int) -> MouseTarget? {
        hitRegions.last { $0.rect.contains(row: row, column: column) }?.target
    }

    /// Fills `rect` (clipped) with `character`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let characterWidth = DisplayWidth.of(character)
        guard characterWidth == 1, !character.unicodeScalars.contains(where: Self.isControl) else {
            let line = String(repeating: character, count: area.width / max(1, characterWidth))
            for row in area.row..<area.endRow { draw(line, row: row, column: area.column, style: style) }
            return
        }
        let cell = Cell(character: character, style: style)
        for row in area.row..<area.endRow {
            let start = row * size.columns
            // Only the edges can cut a wide character in half.
            breakWideCharacter(at: start + area.column, column: area.column)
            breakWideCharacter(at: start + area.endColumn - 1, column: area.endColumn - 1)
            for index in (start + area.column)..<(start + area.endColumn) { cells[index] = cell }
        }
    }

    /// Adds `style` to the cells in `rect` (clipped), keeping their characters.
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.endRow {
            for column in area.column..<area.endColumn {
                cells[row * size.columns + column].style = cells[row * size.columns + column].style.merging(style)
            }
        }
    }

    /// The common case, without per-character width checks: one cell per byte.
    private mutating func drawASCII(_ text: String, row: Int, column: Int, style: Style) -> Int {
        let utf8 = text.utf8
        let first = max(0, column), end = min(size.columns, column + utf8.count)
        guard first < end else { return column + utf8.count }
        let rowStart = row * size.columns
        breakWideCharacter(at: rowStart + first, column: first)
        breakWideCharacter(at: rowStart + end - 1, column: end - 1)
        var index = rowStart + first
        for byte in utf8.dropFirst(first - column).prefix(end - first) {
            cells[index] = Cell(character: Character(Unicode.Scalar(byte)), style: style)
            index += 1
        }
        return column + utf8.count
    }

    /// Writes one cell (two for a wide character), first blanking any wide character it cuts in half.
    private mutating func put(_ cell: Cell, row: Int, column: Int) {
        let index = row * size.columns + column
        breakWideCharacter(at: index, column: column)
        if cell.width == 2 {
            breakWideCharacter(at: index + 1, column: column + 1)
            cells[index + 1] = .continuation(style: cell.style)
        }
        cells[index] = cell
    }

    private mutating func breakWideCharacter(at index: Int, column: Int) {
        let old = cells[index]
        if old.isContinuation, column > 0 {
            cells[index - 1] = Cell(style: cells[index - 1].style)
            cells[index] = Cell(style: old.style)
        } else if old.width == 2, column + 1 < size.columns {
            cells[index + 1] = Cell(style: old.style)
        }
    }

    /// Text with control characters made harmless: tabs and newlines become spaces,
    /// anything else (ESC included) the replacement character, so data cannot drive the terminal.
    static func printable(_ text: String) -> String {
        guard !DisplayWidth.isPrintableASCII(text), text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar) {
                result.append(scalar)
            } else {
                result.append(scalar == "\t" || scalar == "\n" || scalar == "\r" ? " " : "\u{FFFD}")
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
