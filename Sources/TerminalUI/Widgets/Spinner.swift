/// The loading HUD: a small box centred over the screen with an animated frame and a message.
///
/// ```
/// ┌──────────────┐
/// │ ⠋ Loading... │
/// └──────────────┘
/// ```
/// Advance `frame` on each tick of `TerminalApp.run(_:tick:)`, and ask for a redraw, to animate it.
public struct Spinner: Sendable {
    public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    public var message: String
    public var frame: Int

    public init(message: String = "Loading...", frame: Int = 0) {
        self.message = message
        self.frame = frame
    }

    /// The animation character for `frame` (any integer; it wraps around).
    public var symbol: Character {
        let count = Self.frames.count
        return Self.frames[((frame % count) + count) % count]
    }

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let box = rect.centered(width: DisplayWidth.of(message) + 6, height: 3)
        Box().draw(in: &canvas, at: box)
        canvas.draw("\(symbol) " + message, row: box.row + 1, column: box.column + 2, width: box.width - 4)
    }
}
