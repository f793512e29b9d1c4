/// The basic terminal colours (plus bright black, shown as gray by most terminals).
public enum Color: Hashable, Sendable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white, gray
}

/// How a cell looks. Colours are dropped when the output has no colour (`NO_COLOR`);
/// all of it is dropped when the output is not a terminal (see `RenderMode`).
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var bold: Bool
    public var dim: Bool
    public var inverse: Bool
    public var underline: Bool

    public init(foreground: Color? = nil, background: Color? = nil, bold: Bool = false,
                dim: Bool = false, inverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
        self.underline = underline
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let inverse = Style(inverse: true)
    public static let underline = Style(underline: true)

    public static func foreground(_ color: Color) -> Style { Style(foreground: color) }

    /// This style with `other`'s attributes added (its colours win where set).
    public func merging(_ other: Style) -> Style {
        Style(foreground: other.foreground ?? foreground, background: other.background ?? background,
              bold: bold || other.bold, dim: dim || other.dim, inverse: inverse || other.inverse,
              underline: underline || other.underline)
    }
}
