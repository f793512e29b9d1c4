import Foundation
import FriendStorage
import Testing
@testable import friendservice

@Suite(.timeLimit(.minutes(3))) struct UserAddTests {
    @Test(arguments: CommandDatabase.Kind.available)
    func theFirstAccountTakesOverTheFriendsStoredSoFar(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.withRegistry { main, _ in try await main.insert(Array(SampleFriends(count: 3))) }

            let console = try await database.run(["add", "Alice"], console: TestConsole(secrets: ["pw one", "pw one"]))

            #expect(console.prompts == ["Password for alice: ", "The same again: "])
            #expect(console.notes == ["Added alice, the first account: the 3 friends stored before accounts are alice's now."])
            let alice = try #require(try await database.account("alice"))
            #expect(alice.ownsMainStore)
            #expect(CommandDatabase.secrets.verify(password: "pw one", against: alice.passwordHash))
            #expect(try await database.friendCount(of: "alice") == 3)
            #expect(!console.everything.contains("pw one"))
        }
    }

    @Test func anEmptyAddressBookTakenOverIsSaidSo() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            let console = try await database.run(["add", "alice", "--password-stdin"], console: TestConsole(isInteractive: false, input: ["pw one"]))
            #expect(console.notes == ["Added alice, the first account: the address book was empty, and is alice's now."])
        }
    }

    @Test func oneFriendTakenOverIsSaidInTheSingular() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.withRegistry { main, _ in try await main.insert(Array(SampleFriends(count: 1))) }
            let console = try await database.run(["add", "alice", "--password-stdin"], console: TestConsole(isInteractive: false, input: ["pw one"]))
            #expect(console.notes == ["Added alice, the first account: the 1 friend stored before accounts is alice's now."])
        }
    }

    @Test(arguments: CommandDatabase.Kind.available)
    func laterAccountsStartWithAnAddressBookOfTheirOwn(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice")
            let console = try await database.run(["add", "bob", "--password-stdin"], console: TestConsole(isInteractive: false, input: ["hunter2"]))

            #expect(console.notes == ["Added bob, with an address book of their own."])
            let bob = try #require(try await database.account("bob"))
            #expect(!bob.ownsMainStore)
            #expect(CommandDatabase.secrets.verify(password: "hunter2", against: bob.passwordHash))
            #expect(try await database.friendCount(of: "bob") == 0)
        }
    }

    /// With every account removed the server keeps one address book again, as before accounts:
    /// what was written to it then is the next account's, not left where no account reaches it.
    @Test(arguments: CommandDatabase.Kind.available)
    func theFirstAccountAfterEveryOneWasRemovedTakesOverTheFriendsWrittenMeanwhile(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("zoe")
            try await database.add("bob")
            try await database.run(["remove", "zoe", "--yes"], console: TestConsole(isInteractive: false))
            try await database.add("carol")
            #expect(try await database.account("carol")?.ownsMainStore == false, "bob is still there: the store zoe had stays empty")
            try await database.run(["remove", "bob", "--yes"], console: TestConsole(isInteractive: false))
            let last = try await database.run(["remove", "carol", "--yes"], console: TestConsole(isInteractive: false))
            #expect(last.notes.last == "No account is left: the server keeps one address book again, open as before accounts; the next account added takes it over.")
            try await database.withRegistry { main, _ in try await main.insert(Array(SampleFriends(count: 2))) }

            let console = try await database.run(["add", "yuki", "--password-stdin"], console: TestConsole(isInteractive: false, input: ["pw"]))

            #expect(console.notes == ["Added yuki, the first account: the 2 friends stored before accounts are yuki's now."])
            #expect(try await database.account("yuki")?.ownsMainStore == true)
            #expect(try await database.friendCount(of: "yuki") == 2)
        }
    }

    /// The main database made afresh beside the file of an account it had: the new account with
    /// that number is refused rather than given the old account's friends.
    @Test func anAccountWhoseStoreIsLeftFromAnEarlierDatabaseIsRefused() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            try await database.add("alice")
            let earlier = Account(id: 2, name: try AccountName(validating: "bob"), passwordHash: "", createdAt: Date(), ownsMainStore: false)
            let accounts = try AccountsDatabase(location: database.location)
            try await accounts.withRegistry { main, _ in
                try await accounts.withFriends(of: earlier, main: main) { try await $0.insert(Array(SampleFriends(count: 1))) }
            }
            let place = try database.location.location(ofAccount: earlier)

            let dave = try AccountName(validating: "dave")
            await #expect(throws: UserCommandError.storeInTheWay(of: dave, at: place)) {
                try await database.run(["add", "dave", "--password-stdin"], console: TestConsole(isInteractive: false, input: ["pw"]))
            }
            #expect(try await database.account("dave") == nil)
            let kept = try await accounts.withRegistry { main, _ in
                try await accounts.withFriends(of: earlier, main: main) { try await $0.count(matching: nil, atMost: nil) }
            }
            #expect(kept == 1, "the earlier account's friends are where they were")
        }
    }

    @Test(arguments: CommandDatabase.Kind.available)
    func aTakenNameIsRefusedAndNothingChanges(_ kind: CommandDatabase.Kind) async throws {
        try await CommandDatabase.with(kind) { database in
            try await database.add("alice", password: "first")
            let console = TestConsole(input: ["second"])
            await #expect(throws: UserCommandError("There is already an account named alice.")) {
                _ = try await database.run(["add", "ALICE", "--password-stdin"], console: console)
            }
            let alice = try #require(try await database.account("alice"))
            #expect(CommandDatabase.secrets.verify(password: "first", against: alice.passwordHash))
            // Refused before the password was read.
            #expect(console.input == ["second"])
        }
    }

    @Test(arguments: [
        ("", "Cannot use the name \"\": A name cannot be empty."),
        (String(repeating: "a", count: 33), "Cannot use the name \"\(String(repeating: "a", count: 33))\": A name has at most 32 characters."),
        ("аlice", "Cannot use the name \"аlice\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        ("ａlice", "Cannot use the name \"ａlice\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        ("bob'; DROP TABLE accounts; --", "Cannot use the name \"bob\\'; DROP TABLE accounts; --\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        ("../etc/passwd", "Cannot use the name \"../etc/passwd\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        (".hidden", "Cannot use the name \".hidden\": A name starts with a letter or a digit."),
        ("tab\there", "Cannot use the name \"tab\\there\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        (String(repeating: "b", count: 100_000), "Cannot use the name \"\(String(repeating: "b", count: 40))…\": A name has at most 32 characters."),
    ])
    func badNamesAreRefusedClearly(_ name: String, _ message: String) async throws {
        try await CommandDatabase.with(.sqlite) { (database: CommandDatabase) async throws in
            await #expect(throws: UserCommandError(message)) {
                _ = try await database.run(["add", name, "--password-stdin"], console: TestConsole(input: ["pw"]))
            }
            #expect(try await database.withRegistry { _, registry in try await registry.accounts() }.isEmpty)
        }
    }

    /// What a person typed, and what the command says to it.
    struct PasswordCase: Sendable, CustomTestStringConvertible {
        var terminal = true
        var typed: [String] = []
        var stdin: [String]?
        var message: String
        var testDescription: String { message }

        var console: TestConsole { TestConsole(isInteractive: terminal, secrets: typed, input: stdin ?? []) }
        var flags: [String] { stdin == nil ? [] : ["--password-stdin"] }
    }

    @Test(arguments: [
        PasswordCase(stdin: [""], message: "A password cannot be empty. Nothing was changed."),
        PasswordCase(stdin: [String(repeating: "p", count: 1_025)], message: "A password has at most 1024 bytes. Nothing was changed."),
        PasswordCase(stdin: [], message: "No password on standard input."),
        PasswordCase(typed: [""], message: "A password cannot be empty. Nothing was changed."),
        PasswordCase(typed: ["one", "two"], message: "The two passwords differ; nothing was changed."),
        PasswordCase(typed: ["one"], message: "No password given; nothing was changed."),
        PasswordCase(terminal: false, message: "Standard input is not a terminal: pass --password-stdin to read the password from it."),
    ])
    func badPasswordsAreRefusedAndNothingChanges(_ input: PasswordCase) async throws {
        try await CommandDatabase.with(.sqlite) { (database: CommandDatabase) async throws in
            await #expect(throws: UserCommandError(input.message)) {
                _ = try await database.run(["add", "alice"] + input.flags, console: input.console)
            }
            #expect(try await database.account("alice") == nil)
        }
    }

    @Test func aPasswordOfExactly1024BytesIsTaken() async throws {
        try await CommandDatabase.with(.sqlite) { database in
            let password = String(repeating: "€", count: 341) + "p"
            #expect(password.utf8.count == 1_024)
            try await database.add("alice", password: password)
            let alice = try #require(try await database.account("alice"))
            #expect(CommandDatabase.secrets.verify(password: password, against: alice.passwordHash))
        }
    }

    @Test func memoryKeepsNoAccounts() async throws {
        let console = TestConsole(input: ["pw"])
        await #expect(throws: UserCommandError("--database memory keeps no accounts: they would be gone when this command ends.")) {
            let parsed = try User.parseAsRoot(["add", "alice", "--password-stdin", "--database", "memory"])
            try await #require(parsed as? any UserCommand).run(in: UserCommandContext(console: console, secrets: CommandDatabase.secrets))
        }
    }
}
