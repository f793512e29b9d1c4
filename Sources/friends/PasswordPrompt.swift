#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Asks for a password on the terminal without echoing it. The terminal's settings come back on
/// every way out, a signal (Ctrl-C) included.
enum PasswordPrompt {
    /// The settings to restore; a global because a signal handler can capture nothing.
    nonisolated(unsafe) private static var saved = termios()

    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The line typed after `prompt` (written to standard error); nil at the end of the input.
    static func ask(_ prompt: String) throws(LaunchError) -> String? {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw LaunchError("Cannot ask for the password: standard input is not a terminal. Set FRIENDS_PASSWORD instead.")
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        let previousHandlers = signals.map { signal($0, restoreAndResignal) }
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            for (number, handler) in zip(signals, previousHandlers) { _ = signal(number, handler) }
            // The Enter that ended the line was not shown either.
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else {
            throw LaunchError("Cannot turn off the terminal's echo to ask for the password. Set FRIENDS_PASSWORD instead.")
        }
        return readLine()
    }

    /// Restores the terminal, then lets the signal do what it would have done.
    private static let restoreAndResignal: @convention(c) (Int32) -> Void = { number in
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &PasswordPrompt.saved)
        _ = signal(number, SIG_DFL)
        _ = raise(number)
    }
}
