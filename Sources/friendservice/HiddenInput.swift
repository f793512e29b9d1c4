import TerminalUI

/// Reads a line from the terminal on standard input without echoing it (`HiddenLineReader`).
enum HiddenInput {
    /// - Throws: `UserCommandError` when echo cannot be turned off: the line is then not read.
    static func readLine() throws -> String? {
        do {
            return try HiddenLineReader.readLine()
        } catch .notUTF8 {
            throw UserCommandError.passwordNotUTF8
        } catch {
            throw UserCommandError.cannotHideInput
        }
    }
}
