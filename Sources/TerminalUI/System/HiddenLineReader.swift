#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a line from the terminal on standard input without echoing it: a password. The
/// terminal's settings come back on every way out, a signal (Ctrl-C) included.
public enum HiddenLineReader {
    public enum Failure: Error, Equatable {
        /// Standard input is not a terminal: there is no echo to turn off.
        case notATerminal
        /// The terminal refused to stop echoing: the line is not read.
        case cannotTurnOffEcho
        /// The line typed is not UTF-8 (a terminal set to another character set).
        case notUTF8
    }

    /// The settings to restore; a global because a signal handler can capture nothing.
    nonisolated(unsafe) private static var saved = termios()

    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The line typed, without its newline; nil at the end of the input.
    public static func readLine() throws(Failure) -> String? {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { throw .notATerminal }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        let previousHandlers = signals.map { signal($0, restoreAndResignal) }
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            for (number, handler) in zip(signals, previousHandlers) { _ = signal(number, handler) }
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else { throw .cannotTurnOffEcho }
        do {
            return try StandardInputLine.read()
        } catch {
            throw .notUTF8
        }
    }

    /// Restores the terminal, then lets the signal do what it would have done.
    private static let restoreAndResignal: @convention(c) (Int32) -> Void = { number in
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &HiddenLineReader.saved)
        _ = signal(number, SIG_DFL)
        _ = raise(number)
    }
}
