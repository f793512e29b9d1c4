/// A one-line text input with a label, and an inline error below it when there is one:
///
/// ```
/// First name [Ada                 ]
///             ! First name is required
/// ```
/// When focused the label is bold and the terminal cursor is placed at `cursor`; text longer
/// than the field scrolls so the cursor stays visible. Where the label would leave the field
/// fewer columns than the label itself has (and fewer than `minimumFieldWidth`), the label goes
/// on a row of its own above the field
/// (see `height(forWidth:)`). A click on it reaches the view as `MouseTarget.item(label)`.
public struct TextField: Sendable {
    public var label: String
    public var text: String
    /// The cursor as a character offset into `text`; nil means the end.
    public var cursor: Int?
    public var isFocused: Bool
    public var error: String?
    public var placeholder: String
    /// Columns reserved for the label (so fields line up); nil uses the label's own width plus one.
    public var labelWidth: Int?

    public init(label: String, text: String, cursor: Int? = nil, isFocused: Bool = false, error: String? = nil,
                placeholder: String = "", labelWidth: Int? = nil) {
        self.label = label
        self.text = text
        self.cursor = cursor
        self.isFocused = isFocused
        self.error = error
        self.placeholder = placeholder
        self.labelWidth = labelWidth
    }

    /// The narrowest the box beside the label may get before the label moves above it.
    public static let minimumFieldWidth = 8

    /// Rows the field takes when it has the whole width: one, two with an error.
    public var height: Int { error == nil ? 1 : 2 }

    /// Rows the field takes in `width` columns: one more when the label goes above the field.
    public func height(forWidth width: Int) -> Int {
        height + (isStacked(inWidth: width) ? 1 : 0)
    }

    private var labelColumns: Int { labelWidth ?? DisplayWidth.of(label) + 1 }

    private func isStacked(inWidth width: Int) -> Bool {
        !label.isEmpty && width - labelColumns - 2 < min(Self.minimumFieldWidth, labelColumns)
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        canvas.addTarget(.item(label), at: rect)
        var rect = rect
        var labelColumns = min(self.labelColumns, rect.width)
        if isStacked(inWidth: rect.width) {
            canvas.draw(label, row: rect.row, column: rect.column, style: isFocused ? .bold : .plain, width: rect.width)
            guard rect.height > 1 else { return }
            rect = rect.dividedAtRow(1).rest
            labelColumns = 0
        } else {
            canvas.draw(label, row: rect.row, column: rect.column, style: isFocused ? .bold : .plain, width: labelColumns)
        }
        let fieldColumn = rect.column + labelColumns
        let fieldWidth = rect.width - labelColumns - 2
        guard fieldWidth > 0 else { return }
        canvas.draw("[", row: rect.row, column: fieldColumn)
        canvas.draw("]", row: rect.row, column: fieldColumn + 1 + fieldWidth)

        let characters = Array(text)
        let cursorIndex = min(max(0, cursor ?? characters.count), characters.count)
        if characters.isEmpty, !placeholder.isEmpty, !isFocused {
            canvas.draw(placeholder, row: rect.row, column: fieldColumn + 1, style: .dim, width: fieldWidth)
        } else {
            let start = Self.firstVisibleIndex(characters, cursor: cursorIndex, width: fieldWidth)
            let visible = TextLayout.prefix(String(characters[start...]), width: fieldWidth)
            canvas.draw(visible, row: rect.row, column: fieldColumn + 1)
            if isFocused {
                let cursorColumn = DisplayWidth.of(String(characters[start..<cursorIndex]))
                canvas.cursor = CursorPosition(row: rect.row, column: fieldColumn + 1 + cursorColumn)
            }
        }
        if let error, rect.height > 1 {
            canvas.draw("! " + error, row: rect.row + 1, column: fieldColumn + 1,
                        style: .foreground(.red), width: rect.endColumn - fieldColumn - 1)
        }
    }

    /// The first character shown, so that the text before the cursor (and the cursor cell) fits.
    static func firstVisibleIndex(_ characters: [Character], cursor: Int, width: Int) -> Int {
        var start = 0
        var used = characters[..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        while used > width - 1, start < cursor {
            used -= DisplayWidth.of(characters[start])
            start += 1
        }
        return start
    }
}
