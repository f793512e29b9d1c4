import Foundation
import FriendStorage
import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(3))) struct RestoredTests {
    /// Every store of the database moves on: the main one and each account's, none made anew.
    @Test(arguments: CommandDatabase.Kind.available)
    func movesTheMainStoreAndEveryAccountsStorePastTheMark(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("bob")
            try await database.add("alice")
            try await database.add("carol")
            try await database.addFriends(2, to: "bob")
            try await database.addFriends(3, to: "alice")
            #expect(try await !database.hasOwnStore("carol"))

            let said = try await Restored.parse(["--database", database.argument]).run(now: Date(timeIntervalSince1970: 1_800_000_000))
            #expect(said.contains("its 2 stores start after every tag and token given out before"))
            // The person restoring learns of an account whose copy may be missing.
            #expect(said.contains("carol has no store at "))
            #expect(!said.contains("alice has no store"))

            for name in ["bob", "alice"] {
                let versions = try await versions(of: name, in: database)
                #expect(versions == Array(repeating: 1_800_000_000_000_000, count: name == "bob" ? 2 : 3), "\(name)")
            }
            #expect(try await !database.hasOwnStore("carol"))
        }
    }

    @Test func aDatabaseThatIsNotThereIsSaidSoAndNotMade() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            await #expect(throws: UserCommandError.self) {
                try await Restored.parse(["--database", database.argument]).run(now: Date())
            }
            if let path = database.sqlitePath { #expect(!FileManager.default.fileExists(atPath: path)) }
        }
    }

    private func versions(of name: String, in database: CommandDatabase) async throws -> [Int] {
        let accounts = AccountsDatabase(location: try database.location)
        return try await accounts.withRegistry { main, registry in
            let account = try #require(try await registry.account(named: AccountName(validating: name)))
            return try await accounts.withFriends(of: account, main: main) { try await $0.all().map(\.version) }
        }
    }
}
