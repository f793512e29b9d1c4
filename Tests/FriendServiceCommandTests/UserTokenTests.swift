import ArgumentParser
import FriendStorage
import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(3))) struct UserTokenTests {
    @Test(arguments: CommandDatabase.Kind.available)
    func aTokenIsPrintedOnceAloneAndStoredAsItsDigest(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")

            let console = try await database.run(["token", "alice", "--label", "Contacts on the phone"])

            #expect(console.output.count == 1)
            let token = try #require(console.output.first)
            #expect(token.hasPrefix("fsat_") && token.count == 48)
            #expect(console.notes.count == 1)
            #expect(console.notes[0].contains("Bearer") && console.notes[0].contains("Basic"))
            #expect(!console.notes[0].contains(token))
            try await database.withRegistry { _, registry throws in
                let alice = try #require(try await registry.account(named: AccountName(validating: "alice")))
                let tokens = try await registry.tokens(ofAccount: alice.id)
                #expect(tokens.map(\.label) == ["Contacts on the phone"])
                #expect(tokens.map(\.digest) == [CommandDatabase.secrets.tokenDigest(token)])
                #expect(try await registry.account(withTokenDigest: CommandDatabase.secrets.tokenDigest(token))?.id == alice.id)
            }
        }
    }

    @Test(arguments: CommandDatabase.Kind.available)
    func revokingEndsOnlyThatTokenOfThatAccount(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            let first = try #require(try await database.run(["token", "alice"]).output.first)
            let second = try #require(try await database.run(["token", "alice"]).output.first)
            let bobs = try #require(try await database.run(["token", "bob"]).output.first)
            let ids = try await database.withRegistry { _, registry throws in
                try await registry.tokens(ofAccount: try #require(try await database.account("alice")).id).map(\.id)
            }

            // Bob cannot revoke Alice's token with its id.
            await #expect(throws: UserCommandError("bob has no token \(ids[0]).")) {
                _ = try await database.run(["revoke", "bob", String(ids[0])])
            }
            #expect(try await database.run(["revoke", "alice", String(ids[0])]).notes == ["Revoked token \(ids[0]) of alice."])
            await #expect(throws: UserCommandError("alice has no token \(ids[0]).")) {
                _ = try await database.run(["revoke", "alice", String(ids[0])])
            }

            try await database.withRegistry { _, registry throws in
                #expect(try await registry.account(withTokenDigest: CommandDatabase.secrets.tokenDigest(first)) == nil)
                #expect(try await registry.account(withTokenDigest: CommandDatabase.secrets.tokenDigest(second))?.name.rawValue == "alice")
                #expect(try await registry.account(withTokenDigest: CommandDatabase.secrets.tokenDigest(bobs))?.name.rawValue == "bob")
            }
        }
    }

    @Test func unknownAccountsAndBadLabelsAreRefused() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice")
            await #expect(throws: UserCommandError("There is no account named nobody.")) {
                _ = try await database.run(["token", "nobody"])
            }
            await #expect(throws: UserCommandError("There is no account named nobody.")) {
                _ = try await database.run(["revoke", "nobody", "1"])
            }
            #expect(throws: (any Error).self) { try User.parseAsRoot(["token", "alice", "--label", String(repeating: "x", count: 101)]) }
            #expect(throws: (any Error).self) { try User.parseAsRoot(["token", "alice", "--label", "line\nbreak"]) }
            #expect(throws: (any Error).self) { try User.parseAsRoot(["revoke", "alice", "one"]) }
        }
    }
}
