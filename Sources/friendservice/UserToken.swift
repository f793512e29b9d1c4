import ArgumentParser
import Foundation
import FriendStorage

struct UserToken: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Make a new token (an app password) for an account and print it, this once.",
        discussion: "The token alone goes to standard output, so that a script can capture it."
    )

    static let maximumLabelLength = 100

    @Argument(help: "The account's name.")
    var name: String

    @Option(help: ArgumentHelp("What the token is for, shown by `user list`.", valueName: "text"))
    var label = ""

    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard label.count <= Self.maximumLabelLength else {
            throw ValidationError("A label has at most \(Self.maximumLabelLength) characters.")
        }
        guard !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ValidationError("A label cannot hold control characters.")
        }
    }

    func run(in context: UserCommandContext) async throws {
        let name = try AccountName.argument(name)
        try await context.database(database).withRegistry { _, registry in
            guard let account = try await registry.account(named: name) else { throw UserCommandError.noAccount(name) }
            let token = context.secrets.newToken()
            let stored = try await registry.addToken(
                toAccount: account.id, label: label, digest: context.secrets.tokenDigest(token), at: Date()
            )
            context.console.print(token)
            context.console.note("""
                That is token \(stored.id) of \(name), shown only this once. Send it as \
                "Authorization: Bearer <token>", or use it as the password of \(name) in Basic \
                authentication and contact apps. `friendservice user revoke \(name) \(stored.id)` ends it.
                """)
        }
    }
}

struct UserRevoke: UserCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "End one of an account's tokens (the ids are in `user list`)."
    )

    @Argument(help: "The account's name.")
    var name: String

    @Argument(help: ArgumentHelp("The token's id.", valueName: "token-id"))
    var tokenID: Int

    @OptionGroup var database: DatabaseOption

    func run(in context: UserCommandContext) async throws {
        let name = try AccountName.argument(name)
        try await context.database(database).withRegistry { _, registry in
            guard let account = try await registry.account(named: name) else { throw UserCommandError.noAccount(name) }
            guard try await registry.revokeToken(id: tokenID, ofAccount: account.id) else {
                throw UserCommandError("\(name) has no token \(tokenID).")
            }
            context.console.note("Revoked token \(tokenID) of \(name).")
        }
    }
}
