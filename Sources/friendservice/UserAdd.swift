import ArgumentParser
import Foundation
import FriendStorage

struct UserAdd: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an account. The first one takes over the friends stored so far."
    )

    @Argument(help: "The name to sign in with.")
    var name: String

    @OptionGroup var password: PasswordInput

    @OptionGroup var database: DatabaseOption

    func run(in context: UserCommandContext) async throws {
        let name = try AccountName.argument(name)
        let accounts = try context.database(database)
        try await accounts.withRegistryMadeIfNeeded { store, registry in
            guard try await registry.account(named: name) == nil else { throw UserCommandError("\(AccountRegistryError.nameTaken(name))") }
            let hash = try context.secrets.hash(password: try password.read(for: name, from: context.console))
            let account: Account
            do {
                account = try await registry.addAccount(named: name, passwordHash: hash, at: Date())
            } catch let error as AccountRegistryError {
                throw UserCommandError(error.description)
            }
            guard account.ownsMainStore else {
                // A store left at the new account's place (the main database made afresh beside
                // the files of its old accounts) would hand someone else's friends to this one.
                let own = accounts.location.location(ofAccount: account)
                if try await accounts.hasStore(at: own) {
                    try await registry.removeAccount(id: account.id)
                    throw UserCommandError.storeInTheWay(of: name, at: own)
                }
                context.console.note("Added \(name), with an address book of their own.")
                return
            }
            let count = try await store.count(matching: nil, atMost: nil)
            context.console.note(count == 0
                ? "Added \(name), the first account: the address book was empty, and is \(name)'s now."
                : "Added \(name), the first account: the \(Friends.count(count)) stored before accounts \(count == 1 ? "is" : "are") \(name)'s now."
            )
        }
    }
}

enum Friends {
    static func count(_ count: Int) -> String {
        count == 1 ? "1 friend" : "\(count) friends"
    }
}
