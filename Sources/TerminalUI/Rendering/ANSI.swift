/// The escape sequences the toolkit writes (ECMA-48 / xterm).
enum ANSI {
    static let escape = "\u{1B}["
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let disableLineWrap = "\u{1B}[?7l"
    static let enableLineWrap = "\u{1B}[?7h"
    static let clearScreen = "\u{1B}[2J"
    static let resetStyle = "\u{1B}[0m"
    /// Mouse clicks and wheel reported (1000) in the SGR 1006 format.
    static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
    static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
    /// Pasted text comes between ESC [200~ and ESC [201~.
    static let enableBracketedPaste = "\u{1B}[?2004h"
    static let disableBracketedPaste = "\u{1B}[?2004l"

    /// Moves the cursor to a zero-based row and column.
    static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }

    /// Select Graphic Rendition: resets, then sets every attribute of `style`.
    static func graphicRendition(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.inverse { codes.append("7") }
        if let foreground = style.foreground { codes.append(String(colorCode(foreground, base: 30))) }
        if let background = style.background { codes.append(String(colorCode(background, base: 40))) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colorCode(_ color: Color, base: Int) -> Int {
        switch color {
        case .black: base
        case .red: base + 1
        case .green: base + 2
        case .yellow: base + 3
        case .blue: base + 4
        case .magenta: base + 5
        case .cyan: base + 6
        case .white: base + 7
        case .gray: base + 60  // bright black
        }
    }
}
