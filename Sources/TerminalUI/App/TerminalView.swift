/// What a view tells the app after a key.
public enum KeyResult: Hashable, Sendable {
    /// The view used the key (the screen is redrawn).
    case handled
    /// The view had no use for the key.
    case ignored
    /// Leave the app: `TerminalApp.run` restores the terminal and returns.
    case quit
}

/// A full-screen view. Rendering is a pure function of the view's state and the terminal size;
/// keys come in one at a time. Both are called on the main actor by `TerminalApp`.
@MainActor
public protocol TerminalView: AnyObject {
    /// The whole screen for `size` (return a canvas of exactly that size).
    func render(size: TerminalSize) -> Canvas
    func handle(_ key: Key) -> KeyResult
    /// Called on every tick when the app runs with one (to animate a spinner, say). The screen
    /// is not redrawn for a tick: a view that changed calls `TerminalApp.setNeedsRedraw()`.
    /// Does nothing unless implemented.
    func tick()
    /// The keys the screen shown now understands: what its footer draws and what `?` lists
    /// (see `Footer(_:)` and `HelpOverlay`). Nil while `?` is text (a field has the focus),
    /// then `?` reaches `handle` like any character.
    var keyMap: KeyMap? { get }
    /// Below this size the app shows "Terminal too small (needs W×H)" and "Ctrl-C quits" instead of
    /// `render`, and keys other than Ctrl-C, Ctrl-Z and Ctrl-L reach nothing.
    var minimumSize: TerminalSize { get }
    /// The app is about to end, whichever way (a view's `.quit`, Ctrl-C, SIGTERM, SIGHUP, end of
    /// input): the last chance to save, called once before the terminal is given back.
    func appWillExit()
}

extension TerminalView {
    public func tick() {}
    public var keyMap: KeyMap? { nil }
    public var minimumSize: TerminalSize { TerminalSize(rows: 1, columns: 1) }
    public func appWillExit() {}

    /// What the app draws for this view at `size`: `render(size:)`, or below `minimumSize` a
    /// notice that the terminal is too small, never a screen drawn over itself.
    public func frame(size: TerminalSize) -> Canvas {
        let minimum = minimumSize
        guard size.rows < minimum.rows || size.columns < minimum.columns else { return render(size: size) }
        return Self.tooSmallNotice(size: size, needs: minimum)
    }

    static func tooSmallNotice(size: TerminalSize, needs minimum: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        // Keys reach nothing unseen here (`TerminalApp`): the way out is said.
        let lines = TextLayout.wrap("Terminal too small (needs \(minimum.columns)×\(minimum.rows))", width: size.columns)
            + TextLayout.wrap("Ctrl-C quits", width: size.columns)
        let top = max(0, (size.rows - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            canvas.draw(line, row: top + index, column: max(0, (size.columns - DisplayWidth.of(line)) / 2), style: .bold)
        }
        return canvas
    }
}
