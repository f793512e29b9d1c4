/// What the output can show.
public enum RenderMode: Hashable, Sendable {
    /// A terminal with colours: every `Style` attribute is drawn.
    case color
    /// A terminal with `NO_COLOR` set: bold, dim, inverse and underline, but no colours
    /// (https://no-color.org asks only that colour be left out).
    case monochrome
    /// Not a terminal (a pipe or a file): no styling at all, only text and cursor moves.
    case plain

    /// Decides from the environment and whether the output is a terminal.
    public static func detect(environment: [String: String], outputIsTerminal: Bool) -> RenderMode {
        guard outputIsTerminal else { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        return .color
    }

    /// The part of `style` this mode draws.
    func visible(_ style: Style) -> Style {
        switch self {
        case .color: return style
        case .monochrome:
            return Style(bold: style.bold, dim: style.dim, inverse: style.inverse, underline: style.underline)
        case .plain: return .plain
        }
    }
}
