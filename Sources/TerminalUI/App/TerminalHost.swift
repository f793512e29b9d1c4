/// Something that happened while the app runs, delivered by a `TerminalHost` in order.
public enum TerminalEvent: Hashable, Sendable {
    /// Bytes read from the keyboard (decoded by the app's `KeyDecoder`).
    case input([UInt8])
    case resize(TerminalSize)
    case tick
    /// A signal that ends the app (SIGINT, SIGTERM, SIGHUP).
    case signal(Int32)
    /// The input reached its end.
    case inputClosed
    /// Someone asked for a redraw (see `TerminalApp.setNeedsRedraw()`).
    case redraw
    /// A request to stop the process for now (SIGTSTP from `kill` or the shell).
    case suspend
    /// The process was continued (SIGCONT): whatever is on the screen may be stale.
    case resumed
}

/// Why `TerminalApp.run` ended.
public enum ExitReason: Hashable, Sendable {
    /// A view returned `.quit`.
    case quit
    /// Ctrl-C or a terminating signal; the number of the signal (SIGINT for Ctrl-C).
    case signal(Int32)
    case inputClosed
    /// The task running the app was cancelled.
    case cancelled
}

/// The terminal the app runs in: the real one (`LiveTerminalHost`) or a scripted one in tests.
@MainActor
public protocol TerminalHost: AnyObject {
    var renderMode: RenderMode { get }
    func size() -> TerminalSize
    /// Takes over the terminal and starts delivering events (from any thread). If it throws,
    /// the terminal is as it was.
    func start(tickInterval: Duration?, deliver: @escaping @Sendable (TerminalEvent) -> Void) throws
    func write(_ output: String)
    /// Stops the events and gives the terminal back as it was. Called once per `start`.
    func stop(reason: ExitReason)
    /// Gives the terminal back as it was, stops the process (as Ctrl-Z does in a shell), and once
    /// it is continued takes the terminal over again. Returns after the continue.
    func suspend()
    /// The process was continued (`.resumed`): sets raw mode again, since a shell sets its own
    /// mode when a job stops, whoever stopped it.
    func resume()
}
