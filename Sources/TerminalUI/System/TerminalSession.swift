/// The few operations on a terminal device that entering and leaving full-screen mode needs.
/// `TTYDevice` is the real one; tests use a fake, so `TerminalSession` is tested without a TTY.
public protocol TerminalDevice: AnyObject {
    /// The device's line discipline settings (`termios` for a TTY).
    associatedtype Mode
    func currentMode() throws -> Mode
    func setMode(_ mode: Mode) throws
    /// `mode` changed to raw input: no echo, no line buffering, no signals from keys.
    func rawMode(from mode: Mode) -> Mode
    func write(_ text: String)
}

/// Enters full-screen mode (raw input, alternate screen, hidden cursor) and puts everything
/// back exactly as it was. `restore()` may be called any number of times, from any exit path:
/// only the first call after `enter()` does something.
public struct TerminalSession<Device: TerminalDevice> {
    /// Written after the mode is set: alternate screen, hidden cursor, no line wrap, mouse
    /// reporting and bracketed paste on, cleared.
    public static var enterSequence: String {
        ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.disableLineWrap + ANSI.enableMouse
            + ANSI.enableBracketedPaste + ANSI.resetStyle + ANSI.clearScreen
    }
    /// Written on restore (also by `EmergencyRestore` and before a suspend): mouse reporting and
    /// bracketed paste off, default style, line wrap and cursor back, main screen back.
    public static var leaveSequence: String {
        ANSI.disableMouse + ANSI.disableBracketedPaste + ANSI.resetStyle + ANSI.enableLineWrap
            + ANSI.showCursor + ANSI.leaveAlternateScreen
    }

    public let device: Device
    /// The mode found on `enter()`, kept until `restore()`.
    public private(set) var savedMode: Device.Mode?

    public init(device: Device) {
        self.device = device
    }

    public var isActive: Bool { savedMode != nil }

    /// Saves the current mode and switches to full-screen raw mode. If the mode cannot be read
    /// or set, it throws and nothing has changed. Does nothing while already active.
    public mutating func enter() throws {
        guard savedMode == nil else { return }
        let original = try device.currentMode()
        try device.setMode(device.rawMode(from: original))
        savedMode = original
        device.write(Self.enterSequence)
    }

    /// Sets raw mode again while active: a process stopped from outside (SIGSTOP, or SIGTSTP
    /// while a handler could not run) finds the mode the shell set when it stopped, once it is
    /// continued. Does nothing while not active.
    public func reassert() {
        guard let original = savedMode else { return }
        try? device.setMode(device.rawMode(from: original))
    }

    /// Leaves full-screen mode and sets the saved mode back. Idempotent.
    public mutating func restore() {
        guard let original = savedMode else { return }
        savedMode = nil
        device.write(Self.leaveSequence)
        try? device.setMode(original)
    }
}
