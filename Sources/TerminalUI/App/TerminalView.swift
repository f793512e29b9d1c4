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
    /// Called on every tick when the app runs with one (to animate a spinner, say);
    /// the screen is redrawn after it. Does nothing unless implemented.
    func tick()
}

extension TerminalView {
    public func tick() {}
}
