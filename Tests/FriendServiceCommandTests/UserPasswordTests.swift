import FriendStorage
import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(3))) struct UserPasswordTests {
    @Test(arguments: CommandDatabase.Kind.available)
    func aNewPasswordReplacesTheOldOneAndTokensKeepWorking(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice", password: "old one")
            let token = try #require(try await database.run(["token", "alice"]).output.first)

            let console = try await database.run(["password", "alice"], console: TestConsole(secrets: ["new one", "new one"]))

            #expect(console.notes == ["Changed the password of alice."])
            let alice = try #require(try await database.account("alice"))
            #expect(CommandDatabase.secrets.verify(password: "new one", against: alice.passwordHash))
            #expect(!CommandDatabase.secrets.verify(password: "old one", against: alice.passwordHash))
            let owner = try await database.withRegistry { _, registry throws in
                try await registry.account(withTokenDigest: CommandDatabase.secrets.tokenDigest(token))
            }
            #expect(owner?.name.rawValue == "alice")
        }
    }

    @Test func anUnknownAccountIsRefusedBeforeThePasswordIsAsked() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice")
            let console = TestConsole(secrets: ["pw", "pw"])
            await #expect(throws: UserCommandError("There is no account named bob.")) {
                _ = try await database.run(["password", "bob"], console: console)
            }
            #expect(console.prompts.isEmpty)
        }
    }

    @Test func aMismatchLeavesTheOldPassword() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice", password: "old one")
            await #expect(throws: UserCommandError("The two passwords differ; nothing was changed.")) {
                _ = try await database.run(["password", "alice"], console: TestConsole(secrets: ["new one", "new 0ne"]))
            }
            let alice = try #require(try await database.account("alice"))
            #expect(CommandDatabase.secrets.verify(password: "old one", against: alice.passwordHash))
        }
    }
}
