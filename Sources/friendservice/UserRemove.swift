import ArgumentParser
import Foundation
import FriendStorage

struct UserRemove: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an account with all its friends and tokens (asks first, unless --yes).",
        aliases: ["delete", "rm"]
    )

    @Argument(help: "The account's name.")
    var name: String

    @Flag(help: "Remove without asking (needed when standard input is not a terminal).")
    var yes = false

    @OptionGroup var database: DatabaseOption

    func run(in context: UserCommandContext) async throws {
        let name = try AccountName.argument(name)
        let database = try context.database(database)
        try await database.withRegistry { main, registry in
            guard let account = try await registry.account(named: name) else { throw UserCommandError.noAccount(name) }
            let count = try await database.friendCount(of: account, main: main)
            if !yes {
                guard context.console.isInteractive else {
                    throw UserCommandError("Standard input is not a terminal: pass --yes to remove \(name) and their \(Friends.count(count)).")
                }
                let answer = context.console.readLine(prompt: "Remove \(name) and their \(Friends.count(count))? [y/N] ")
                guard let answer, ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    context.console.note("Nothing was removed.")
                    return
                }
            }
            if account.ownsMainStore {
                let main = try database.clearing(main)
                // The account and its friends go in one transaction: no half-removed account.
                try await main.clearMainStore(removingAccount: account.id)
                // A running server lets the account in until it next asks the registry; what it
                // wrote meanwhile goes too. (Another account's own store goes whole.)
                try await context.waitForRunningServers()
                try await main.clearMainStore(removingAccount: nil)
            } else {
                // Its store first: should that fail, the account is still there to try again.
                try await database.removeOwnStore(of: account)
                try await registry.removeAccount(id: account.id)
            }
            context.console.note("Removed \(name), their \(Friends.count(count)) and their tokens.")
            if try await !registry.hasAccounts() {
                context.console.note(
                    "No account is left: the server keeps one address book again, open as before accounts; the next account added takes it over."
                )
            }
        }
    }
}
