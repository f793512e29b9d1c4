import ArgumentParser
import Foundation
import FriendStorage
import PostgresFriendStorage
import TestSupport
import Testing
@testable import FriendAccounts
@testable import friendservice

/// A database of a test's own that the `user` commands run against, in this process.
struct CommandDatabase {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, postgres

        /// SQLite always; PostgreSQL when `FRIENDSERVICE_TEST_POSTGRES_URL` names a database.
        static var available: [Kind] { PostgresTestDatabase.url == nil ? [.sqlite] : [.sqlite, .postgres] }

        var testDescription: String { rawValue }
    }

    /// What `--database` says.
    let argument: String
    /// The SQLite file, for the tests that read its bytes.
    let sqlitePath: String?

    /// The smallest parameters the hashes accept, to stay fast in a debug build.
    static let secrets = AccountCrypto(parameters: ScryptHash.Parameters(logRounds: 10, blockSize: 8, parallelism: 1))

    static func with(_ kind: Kind, _ body: (CommandDatabase) async throws -> Void) async throws {
        switch kind {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("friendservice-user-tests-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("friends.sqlite").path
            try await body(CommandDatabase(argument: "sqlite:" + path, sqlitePath: path))
        case .postgres:
            let database = CommandDatabase(argument: try PostgresTestDatabase.freshSchemaURL(), sqlitePath: nil)
            do {
                try await body(database)
            } catch {
                await database.dropPostgresSchemas()
                throw error
            }
            await database.dropPostgresSchemas()
        }
    }

    var location: DatabaseLocation {
        get throws { try DatabaseLocation(parsing: argument) }
    }

    /// Parses `arguments` as `friendservice user …` would (with `--database`) and runs the command;
    /// no server runs, so none is waited for unless `waitForRunningServers` plays one.
    @discardableResult
    func run(
        _ arguments: [String], console: TestConsole = TestConsole(),
        waitForRunningServers: @escaping @Sendable () async throws -> Void = {}
    ) async throws -> TestConsole {
        let parsed = try User.parseAsRoot(arguments + ["--database", argument])
        let command = try #require(parsed as? any UserCommand, "\(arguments) is not a user command")
        try await command.run(in: UserCommandContext(console: console, secrets: Self.secrets, waitForRunningServers: waitForRunningServers))
        return console
    }

    /// `user add NAME --password-stdin` with `password`.
    func add(_ name: String, password: String = "correct horse") async throws {
        try await run(["add", name, "--password-stdin"], console: TestConsole(input: [password]))
    }

    /// The accounts as stored, read with the commands' own access to the database.
    func withRegistry<T>(_ body: (any FriendStore, any AccountRegistry) async throws -> T) async throws -> T {
        try await AccountsDatabase(location: location).withRegistryMadeIfNeeded(body)
    }

    func account(_ name: String) async throws -> Account? {
        try await withRegistry { _, registry in try await registry.account(named: AccountName(validating: name)) }
    }

    /// Adds `count` friends to the store of the account named `name`.
    func addFriends(_ count: Int, to name: String) async throws {
        let database = try AccountsDatabase(location: location)
        try await database.withRegistry { main, registry in
            let account = try #require(try await registry.account(named: AccountName(validating: name)))
            try await database.withFriends(of: account, main: main) { store in
                try await store.insert(Array(SampleFriends(count: count)))
            }
        }
    }

    func friendCount(of name: String) async throws -> Int {
        let database = try AccountsDatabase(location: location)
        return try await database.withRegistry { main, registry in
            let account = try #require(try await registry.account(named: AccountName(validating: name)))
            return try await database.withFriends(of: account, main: main) { try await $0.count(matching: nil, atMost: nil) }
        }
    }

    /// The change log of the account named `name`, as the live feed and sync tokens read it.
    func changes(of name: String) async throws -> [LoggedChange]? {
        let database = try AccountsDatabase(location: location)
        return try await database.withRegistry { main, registry in
            let account = try #require(try await registry.account(named: AccountName(validating: name)))
            return try await database.withFriends(of: account, main: main) { try await $0.loggedChanges(after: 0, limit: 100_000) }
        }
    }

    /// Whether the account named `name` has a store of its own (a file, a schema).
    func hasOwnStore(_ name: String) async throws -> Bool {
        let database = try AccountsDatabase(location: location)
        let account = try #require(try await self.account(name))
        return try await database.hasStore(at: database.location.location(ofAccount: account))
    }

    /// Drops the test's schema and the schemas of the accounts still in it.
    private func dropPostgresSchemas() async {
        guard let location = try? location else { return }
        let accounts = (try? await withRegistry { _, registry in try await registry.accounts() }) ?? []
        for place in [location] + accounts.map(location.location(ofAccount:)) {
            guard case .postgres(let url) = place, let postgres = try? PostgresLocation(url: url) else { continue }
            let store = PostgresFriendStore(location: postgres, leaseTimeout: .seconds(10))
            try? await store.dropSchema()
            try? await store.close()
        }
    }
}

/// PostgreSQL for tests (`PostgresTestURL`): each test makes its own schema and drops it.
enum PostgresTestDatabase {
    static var url: String? { PostgresTestURL.base }

    static func freshSchemaURL() throws -> String {
        try PostgresTestURL.freshSchema()
    }
}
