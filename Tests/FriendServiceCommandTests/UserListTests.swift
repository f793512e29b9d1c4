import Foundation
import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(3))) struct UserListTests {
    @Test(arguments: CommandDatabase.Kind.available)
    func listsTheAccountsAndTheirTokensButNeverATokenItself(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            _ = try await database.withRegistry { _, registry in try await registry.accounts() }
            #expect(try await database.run(["list"]).notes == ["No accounts: FriendService keeps one address book."])

            try await database.add("bob")
            try await database.add("alice")
            let token = try #require(try await database.run(["token", "alice", "--label", "Phone"]).output.first)

            let listed = try await database.run(["list"]).output
            #expect(listed.count == 3)
            #expect(listed[0].hasPrefix("alice  created 20"))
            #expect(!listed[0].contains("holds the friends"))
            #expect(listed[1].hasPrefix("  token 1  Phone  created 20"))
            #expect(listed[2].hasPrefix("bob  created 20") && listed[2].hasSuffix("  holds the friends from before accounts"))
            #expect(!listed.joined().contains(token))
            #expect(!listed.joined().contains(String(token.dropFirst(5).prefix(10))))
        }
    }

    /// A mistyped `--database` must not leave an empty database behind, nor read as "no accounts
    /// here" for a database that has them.
    @Test(arguments: CommandDatabase.Kind.available)
    func aDatabaseThatIsNotThereIsSaidSoAndNotMade(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            let location = try database.location
            for command in [["list"], ["password", "alice", "--password-stdin"], ["remove", "alice", "--yes"], ["token", "alice"], ["revoke", "alice", "1"]] {
                await #expect(throws: UserCommandError.noDatabase(location), "\(command)") {
                    try await database.run(command, console: TestConsole(input: ["correct horse"]))
                }
            }
            #expect(try await !AccountsDatabase(location: location).mainStoreExists)
            if let path = database.sqlitePath { #expect(!FileManager.default.fileExists(atPath: path)) }
        }
    }
}
