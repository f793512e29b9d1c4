import ArgumentParser
import Foundation
import FriendStorage

struct UserList: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the accounts and their tokens (never a token itself).",
        aliases: ["ls"]
    )

    @OptionGroup var database: DatabaseOption

    func run(in context: UserCommandContext) async throws {
        try await context.database(database).withRegistry { _, registry in
            let accounts = try await registry.accounts()
            guard !accounts.isEmpty else {
                context.console.note("No accounts: FriendService keeps one address book.")
                return
            }
            for account in accounts {
                var line = "\(account.name)  created \(Self.time(account.createdAt))"
                if account.ownsMainStore { line += "  holds the friends from before accounts" }
                context.console.print(line)
                for token in try await registry.tokens(ofAccount: account.id) {
                    let label = token.label.isEmpty ? "(no label)" : token.label
                    context.console.print("  token \(token.id)  \(label)  created \(Self.time(token.createdAt))")
                }
            }
        }
    }

    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
