import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(2))) struct UserListTests {
    @Test(arguments: CommandDatabase.Kind.available)
    func listsTheAccountsAndTheirTokensButNeverATokenItself(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
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
}
