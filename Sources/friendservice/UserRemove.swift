import ArgumentParser
import Foundation
import FriendStorage

struct UserRemove: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an account with all its friends and tokens (asks first, unless --yes)."
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
            // The friends first: should that fail, the account is still there to try again.
            if account.ownsMainStore {
                try await AccountFriends.forgetAll(in: main)
            } else {
                try await database.removeOwnStore(of: account)
            }
            try await registry.removeAccount(id: account.id)
            if account.ownsMainStore {
                // A running server lets the account in until it next asks the registry; what it
                // wrote meanwhile goes too. (Another account's own store goes whole.)
                try await context.waitForRunningServers()
                try await AccountFriends.forgetAll(in: main)
            }
            context.console.note("Removed \(name), their \(Friends.count(count)) and their tokens.")
        }
    }
}

enum AccountFriends {
    static let pageSize = 500

    /// Deletes every friend of `store`, and what else would tell of them: the change log, where
    /// the live feed would replay them, and the name given to the address book.
    static func forgetAll(in store: any FriendStore) async throws {
        try await deleteAll(in: store)
        try await store.pruneChanges(keepingLast: 1)
        try await store.setAddressBookName(nil)
    }

    /// Deletes every friend of `store` through the store, so that each deletion is logged as any
    /// other (a running server's feed and sync tokens see them).
    static func deleteAll(in store: any FriendStore) async throws {
        var after = 0
        while true {
            let page = try await store.cardSummaries(afterID: after, limit: pageSize)
            guard let last = page.last else { return }
            for summary in page {
                do {
                    _ = try await store.delete(id: summary.id, if: .any)
                } catch FriendStoreError.notFound {
                    // Deleted meanwhile by a running server.
                }
            }
            after = last.id
        }
    }
}
