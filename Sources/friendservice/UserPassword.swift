import ArgumentParser
import FriendStorage

struct UserPassword: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Give an account a new password (its tokens keep working).",
        aliases: ["passwd"]
    )

    @Argument(help: "The account's name.")
    var name: String

    @OptionGroup var password: PasswordInput

    @OptionGroup var database: DatabaseOption

    func run(in context: UserCommandContext) async throws {
        let name = try AccountName.argument(name)
        try await context.database(database).withRegistry { _, registry in
            guard let account = try await registry.account(named: name) else { throw UserCommandError.noAccount(name) }
            let hash = try context.secrets.hash(password: try password.read(for: name, from: context.console))
            try await registry.setPasswordHash(hash, ofAccount: account.id)
            context.console.note("Changed the password of \(name).")
        }
    }
}
