import ArgumentParser
import FriendAccounts
import FriendStorage

/// How `user add` and `user password` get a password: typed twice at the terminal, unseen, or
/// one line of standard input with `--password-stdin`.
struct PasswordInput: ParsableArguments {
    @Flag(help: "Read the password from the first line of standard input instead of asking for it.")
    var passwordStdin = false

    func read(for name: AccountName, from console: any UserConsole) throws -> String {
        let password: String
        if passwordStdin {
            guard let line = try console.readInputLine() else { throw UserCommandError("No password on standard input.") }
            password = line
        } else {
            guard console.isInteractive else { throw UserCommandError.notInteractive }
            guard let first = try console.readSecret(prompt: "Password for \(name): ") else { throw Self.noPassword }
            try Self.check(first)
            guard let second = try console.readSecret(prompt: "The same again: ") else { throw Self.noPassword }
            guard first == second else { throw UserCommandError("The two passwords differ; nothing was changed.") }
            password = first
        }
        try Self.check(password)
        return password
    }

    private static let noPassword = UserCommandError("No password given; nothing was changed.")

    private static func check(_ password: String) throws(UserCommandError) {
        do {
            try AccountCrypto.check(password)
        } catch {
            throw UserCommandError("\(error) Nothing was changed.")
        }
    }
}
