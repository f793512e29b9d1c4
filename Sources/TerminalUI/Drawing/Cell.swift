/// One character cell of a `Canvas`.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    /// Columns the character takes: 1, or 2 for a wide character. The cell right of a wide
    /// character has width 0: it is covered by its left neighbour and prints nothing itself.
    public var width: Int

    public init(character: Character = " ", style: Style = .plain, width: Int = 1) {
        self.character = character
        self.style = style
        self.width = width
    }

    public static let blank = Cell()

    /// The right half of a wide character.
    static func continuation(style: Style) -> Cell { Cell(character: " ", style: style, width: 0) }

    var isContinuation: Bool { width == 0 }

    /// A cluster of several scalars (an emoji with a skin tone, a ZWJ sequence, a flag) that
    /// terminals may draw wider than `width` (see `Renderer`).
    var hasUncertainWidth: Bool { !character.isASCII && character.unicodeScalars.count > 1 }
}

/// Where the terminal cursor is shown (for a focused text field); nil keeps it hidden.
public struct CursorPosition: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
