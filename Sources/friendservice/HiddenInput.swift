#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a line from the terminal on standard input without echoing it. The terminal's settings
/// come back on every way out, a signal (Ctrl-C) included.
enum HiddenInput {
    /// The settings to restore; a global because a signal handler can capture nothing.
    nonisolated(unsafe) private static var saved = termios()

    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// - Throws: `UserCommandError` when echo cannot be turned off: the line is then not read.
    static func readLine() throws -> String? {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw UserCommandError.cannotHideInput }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        let previousHandlers = signals.map { signal($0, restoreAndResignal) }
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            for (number, handler) in zip(signals, previousHandlers) { _ = signal(number, handler) }
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else { throw UserCommandError.cannotHideInput }
        return Swift.readLine()
    }

    /// Restores the terminal, then lets the signal do what it would have done.
    private static let restoreAndResignal: @convention(c) (Int32) -> Void = { number in
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &HiddenInput.saved)
        _ = signal(number, SIG_DFL)
        _ = raise(number)
    }
}
