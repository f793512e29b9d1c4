import TerminalUI

/// The few styles the Friends screens share. Colours disappear by themselves where the
/// terminal has none (`NO_COLOR`, not a terminal); see `RenderMode`.
enum Theme {
    static let title = Style(foreground: .cyan, bold: true)
    static let rule = Style(foreground: .gray)
    static let error = Style(foreground: .red)
    static let placeholder = Style.dim
    static let label = Style(foreground: .gray)
    static let status = Style(foreground: .green)
    static let live = Style(foreground: .green)
    static let notLive = Style(foreground: .yellow)
    static let avatar = Style(foreground: .black, background: .cyan, bold: true)
}
