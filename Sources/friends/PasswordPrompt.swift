import Foundation
import TerminalUI

/// Asks for a password on the terminal without echoing it (`HiddenLineReader`).
enum PasswordPrompt {
    /// The line typed after `prompt` (written to standard error); nil at the end of the input.
    static func ask(_ prompt: String) throws(LaunchError) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        // The Enter that ended the line was not shown either.
        defer { FileHandle.standardError.write(Data("\n".utf8)) }
        do {
            return try HiddenLineReader.readLine()
        } catch .notATerminal {
            throw LaunchError("Cannot ask for the password: standard input is not a terminal. Set FRIENDS_PASSWORD instead.")
        } catch .notUTF8 {
            throw LaunchError("The password typed is not UTF-8 text: set the terminal to UTF-8, or set FRIENDS_PASSWORD.")
        } catch {
            throw LaunchError("Cannot turn off the terminal's echo to ask for the password. Set FRIENDS_PASSWORD instead.")
        }
    }

    /// A line for the person at the prompt, on standard error.
    static func tell(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
