@testable import friendservice

/// A console that types what a test gave it and keeps what the command wrote.
final class TestConsole: UserConsole {
    var isInteractive: Bool
    /// Typed at the prompts that hide what is typed (passwords), in order.
    var secrets: [String]
    /// Typed at the other prompts (confirmations), in order.
    var answers: [String]
    /// Standard input, a line at a time.
    var input: [String]
    private(set) var prompts: [String] = []
    private(set) var output: [String] = []
    private(set) var notes: [String] = []

    init(isInteractive: Bool = true, secrets: [String] = [], answers: [String] = [], input: [String] = []) {
        self.isInteractive = isInteractive
        self.secrets = secrets
        self.answers = answers
        self.input = input
    }

    /// Everything written, output and notes, for checking that a secret is not in it.
    var everything: String { (prompts + output + notes).joined(separator: "\n") }

    func readSecret(prompt: String) -> String? {
        prompts.append(prompt)
        return secrets.isEmpty ? nil : secrets.removeFirst()
    }

    func readLine(prompt: String) -> String? {
        prompts.append(prompt)
        return answers.isEmpty ? nil : answers.removeFirst()
    }

    func readInputLine() -> String? {
        input.isEmpty ? nil : input.removeFirst()
    }

    func print(_ line: String) {
        output.append(line)
    }

    func note(_ line: String) {
        notes.append(line)
    }
}
