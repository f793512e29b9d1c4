import ArgumentParser
import FriendAccounts
import FriendService
import FriendStorage

/// `friendservice user …`: the accounts of a FriendService shared by several people.
struct User: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add, list and remove the people who have an address book here, and their passwords and tokens.",
        discussion: """
            A name is 1 to \(AccountName.maximumLength) of the letters a to z, digits, ".", "-" and "_", \
            starting with a letter or a digit; capitals are read as small letters. Without any \
            account FriendService keeps one address book; the first account added takes it over.
            """,
        subcommands: [UserAdd.self, UserList.self, UserPassword.self, UserRemove.self, UserToken.self, UserRevoke.self]
    )
}

/// What a `user` command works with; tests give their own.
struct UserCommandContext {
    var console: any UserConsole = StandardConsole()
    var secrets: any AccountSecrets = AccountCrypto()
    /// Returns once every running server has seen a change to the accounts.
    var waitForRunningServers: @Sendable () async throws -> Void = {
        try await Task.sleep(for: accountChangesReachServersWithin + .milliseconds(500))
    }

    func database(_ option: DatabaseOption) throws -> AccountsDatabase {
        AccountsDatabase(location: try option.location())
    }
}

/// A `user` command: `run()` runs it against the process's terminal and the real cryptography.
protocol UserCommand: AsyncParsableCommand {
    func run(in context: UserCommandContext) async throws
}

extension UserCommand {
    func run() async throws {
        try await run(in: UserCommandContext())
    }
}
