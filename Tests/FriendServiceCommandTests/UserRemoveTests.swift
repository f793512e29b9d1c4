import Foundation
import FriendStorage
import FriendsAPI
import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(3))) struct UserRemoveTests {
    @Test(arguments: CommandDatabase.Kind.available)
    func removingTheOwnerOfTheMainStoreDeletesItsFriendsThere(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            try await database.addFriends(1_203, to: "alice")
            try await database.addFriends(2, to: "bob")
            _ = try await database.run(["token", "alice"])

            let sequenceBefore = try await database.withRegistry { main, _ throws in try await main.latestChangeSequence() }
            let bobsChangesBefore = try await database.changes(of: "bob")

            let console = try await database.run(["remove", "alice"], console: TestConsole(answers: ["y"]))

            #expect(console.prompts == ["Remove alice and their 1203 friends? [y/N] "])
            #expect(console.notes == ["Removed alice, their 1203 friends and their tokens."])
            #expect(try await database.account("alice") == nil)
            try await database.withRegistry { main, _ throws in
                #expect(try await main.count(matching: nil, atMost: nil) == 0)
                // Nor are their friends kept in the change log, where the live feed would replay
                // them: only its last change is left, one reset standing for the 1203 deletions,
                // made together rather than one by one.
                let latest = try await main.latestChangeSequence()
                #expect(try await main.changes(after: latest - 1, limit: 10) == [FriendChange(sequence: latest, event: .reset)])
                #expect(try await main.changes(after: latest - 2, limit: 10) == nil)
                // Change numbers go on from where they were: sync tokens and event ids are never reused.
                #expect(latest == sequenceBefore + 1)
            }
            #expect(try await database.friendCount(of: "bob") == 2)
            #expect(try await database.changes(of: "bob") == bobsChangesBefore)
        }
    }

    @Test(arguments: CommandDatabase.Kind.available)
    func removingTheOwnerOfTheMainStoreForgetsTheNameOfItsAddressBook(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            try await database.withRegistry { main, _ throws in try await main.setAddressBookName("Alice's private book") }

            _ = try await database.run(["remove", "alice", "--yes"], console: TestConsole(isInteractive: false))

            try await database.withRegistry { main, _ throws in
                #expect(try await main.addressBookName() == nil)
            }
        }
    }

    /// The account, its friends, its tokens and its book's name go together or not at all.
    @Test(arguments: CommandDatabase.Kind.available)
    func aRemovalThatFailsHalfwayRemovesNothing(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            try await database.addFriends(40, to: "alice")
            _ = try await database.run(["token", "alice"])
            let (halfway, sequenceBefore) = try await database.withRegistry { main, _ throws in
                try await main.setAddressBookName("Alice's book")
                return (try await main.cardSummaries(afterID: 0, limit: 20)[19].id, try await main.latestChangeSequence())
            }
            try await RefusedDeletion.install(refusingFriend: halfway, in: try database.location)

            await #expect(throws: (any Error).self) {
                try await database.run(["remove", "alice", "--yes"], console: TestConsole(isInteractive: false))
            }

            let alice = try #require(try await database.account("alice"))
            #expect(try await database.friendCount(of: "alice") == 40)
            try await database.withRegistry { main, registry throws in
                #expect(try await registry.tokens(ofAccount: alice.id).count == 1)
                #expect(try await main.addressBookName() == "Alice's book")
                #expect(try await main.latestChangeSequence() == sequenceBefore)
            }

            try await RefusedDeletion.remove(from: try database.location)
            let console = try await database.run(["remove", "alice", "--yes"], console: TestConsole(isInteractive: false))
            #expect(console.notes == ["Removed alice, their 40 friends and their tokens."])
            #expect(try await database.account("alice") == nil)
        }
    }

    /// A running server lets the account in until it next asks the registry (about 2 s): what it
    /// writes for them meanwhile, after their friends were deleted, goes too.
    @Test(arguments: CommandDatabase.Kind.available)
    func whatARunningServerWroteForTheOwnerDuringTheRemovalGoesToo(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            try await database.addFriends(3, to: "alice")
            let location = try database.location
            let console = try await database.run(["remove", "alice", "--yes"], console: TestConsole(isInteractive: false)) {
                // The account is gone from the registry by now, but a server has not asked yet.
                try await AccountsDatabase(location: location).withRegistryMadeIfNeeded { main, registry in
                    #expect(try await registry.account(named: AccountName(validating: "alice")) == nil)
                    #expect(try await main.count(matching: nil, atMost: nil) == 0)
                    _ = try await main.create(NewFriend(firstname: "Late", lastname: "Write", phonenumber: ""))
                    try await main.setAddressBookName("Alice's again")
                }
            }
            #expect(console.notes == ["Removed alice, their 3 friends and their tokens."])
            try await database.withRegistry { main, _ throws in
                #expect(try await main.count(matching: nil, atMost: nil) == 0)
                #expect(try await main.addressBookName() == nil)
            }
        }
    }

    @Test(arguments: CommandDatabase.Kind.available)
    func removingAnotherAccountRemovesItsStore(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            try await database.addFriends(3, to: "alice")
            try await database.addFriends(12, to: "bob")
            let bob = try #require(try await database.account("bob"))

            let console = try await database.run(["remove", "bob", "--yes"], console: TestConsole(isInteractive: false))

            #expect(console.prompts.isEmpty)
            #expect(console.notes == ["Removed bob, their 12 friends and their tokens."])
            #expect(try await database.account("bob") == nil)
            #expect(try await database.friendCount(of: "alice") == 3)
            if case .sqlite(let path) = try database.location.location(ofAccount: bob) {
                #expect(!FileManager.default.fileExists(atPath: path))
            }
        }
    }

    @Test func anythingButYesKeepsTheAccount() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice")
            try await database.addFriends(1, to: "alice")
            for answer in ["", "n", "no", "yes please"] {
                let console = try await database.run(["remove", "alice"], console: TestConsole(answers: [answer]))
                #expect(console.prompts == ["Remove alice and their 1 friend? [y/N] "])
                #expect(console.notes == ["Nothing was removed."])
            }
            #expect(try await database.run(["remove", "alice"], console: TestConsole(answers: [])).notes == ["Nothing was removed."])
            #expect(try await database.friendCount(of: "alice") == 1)
        }
    }

    @Test(arguments: CommandDatabase.Kind.available)
    func askingAboutAnAccountThatNeverHadFriendsMakesNoStoreForIt(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            try await database.add("bob")
            #expect(try await !database.hasOwnStore("bob"))

            let console = try await database.run(["remove", "bob"], console: TestConsole(answers: ["n"]))

            #expect(console.prompts == ["Remove bob and their 0 friends? [y/N] "])
            #expect(try await !database.hasOwnStore("bob"))
            try await database.addFriends(2, to: "bob")
            #expect(try await database.hasOwnStore("bob"))
        }
    }

    @Test func withoutATerminalItNeedsYes() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice")
            await #expect(throws: UserCommandError("Standard input is not a terminal: pass --yes to remove alice and their 0 friends.")) {
                _ = try await database.run(["remove", "alice"], console: TestConsole(isInteractive: false, answers: ["y"]))
            }
            #expect(try await database.account("alice") != nil)
        }
    }

    @Test func anUnknownOrBadNameIsRefused() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice")
            await #expect(throws: UserCommandError("There is no account named bob.")) {
                _ = try await database.run(["remove", "bob", "--yes"])
            }
            await #expect(throws: UserCommandError.self) {
                _ = try await database.run(["remove", "../friends", "--yes"])
            }
        }
    }
}
