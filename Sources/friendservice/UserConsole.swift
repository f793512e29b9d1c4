import Foundation
import TerminalUI

/// Where the `user` commands talk with the person who runs them: prompts and messages on
/// standard error, results on standard output. Tests give a console of their own.
protocol UserConsole {
    /// Whether standard input is a terminal a person types at.
    var isInteractive: Bool { get }
    /// A line typed after `prompt` without being shown; nil at the end of the input.
    func readSecret(prompt: String) throws -> String?
    /// A line typed after `prompt`; nil at the end of the input.
    func readLine(prompt: String) -> String?
    /// The next line of standard input, unprompted; nil at its end.
    /// - Throws: `UserCommandError.passwordNotUTF8` for a line that is not UTF-8.
    func readInputLine() throws -> String?
    /// A result, on standard output.
    func print(_ line: String)
    /// A message for the person, on standard error.
    func note(_ line: String)
}

/// The process's own standard input, output and error.
struct StandardConsole: UserConsole {
    var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    func readSecret(prompt: String) throws -> String? {
        write(prompt, to: .standardError)
        let line = try HiddenInput.readLine()
        // The Enter that ended the line was not shown either.
        write("\n", to: .standardError)
        return line
    }

    func readLine(prompt: String) -> String? {
        write(prompt, to: .standardError)
        return Swift.readLine()
    }

    func readInputLine() throws -> String? {
        do {
            return try StandardInputLine.read()
        } catch {
            throw UserCommandError.passwordNotUTF8
        }
    }

    func print(_ line: String) {
        write(line + "\n", to: .standardOutput)
    }

    func note(_ line: String) {
        write(line + "\n", to: .standardError)
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
