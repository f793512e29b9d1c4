import Foundation
import FriendStorage
import FriendsAPI
import PostgresFriendStorage
import SQLiteFriendStorage
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService

/// Accounts over a real database, as `friendservice serve` runs them: the registry is the main
/// database's, the first account keeps the friends from before, the second gets a store of its
/// own beside the main one (a SQLite file, a PostgreSQL schema).
struct AccountDatabaseServerTests {
    typealias App = AccountsTestApp

    @Test(.timeLimit(.minutes(3)))
    func onSQLiteTheSecondAccountGetsAFileOfItsOwn() async throws {
        try await TemporaryDirectory.with { directory in
            let main = DatabaseLocation.sqlite(path: directory.appendingPathComponent("friends.sqlite").path)
            let second = try await serveTwoAccounts(on: main)
            #expect(second == .sqlite(path: directory.appendingPathComponent("friends.account-2.sqlite").path))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("friends.account-2.sqlite").path))
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil), .timeLimit(.minutes(3)))
    func onPostgreSQLTheSecondAccountGetsASchemaOfItsOwn() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        let second = try await serveTwoAccounts(on: .postgres(url: url))
        #expect(try await PostgresBackend().removeStore(at: second, logger: TestApp.configuration().logger))
        let main = PostgresFriendStore(location: try PostgresLocation(url: url), leaseTimeout: PostgresTestDatabase.leaseTimeout)
        try await main.dropSchema()
        try await main.close()
    }

    /// An account whose store cannot be made (here a folder stands where its file would be; on
    /// PostgreSQL, a role that may not create its schema) is answered 503 with the database's
    /// words, not 500 as a bug; the other account is served.
    @Test(.timeLimit(.minutes(3)))
    func anAccountWhoseStoreCannotBeMadeIsUnavailableNotAFailure() async throws {
        try await TemporaryDirectory.with { directory in
            var configuration = TestApp.configuration()
            configuration.database = .sqlite(path: directory.appendingPathComponent("friends.sqlite").path)
            configuration.accountSecrets = FakeAccountSecrets()
            let before = try await FriendServer.openMigratedStore(configuration)
            let registry = try #require(before as? any AccountRegistry)
            for name in ["alice", "bob"] {
                _ = try await registry.addAccount(
                    named: AccountName(validating: name), passwordHash: FakeAccountSecrets().hash(password: "pw-\(name)"), at: Date())
            }
            try await before.close()
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("friends.account-2.sqlite"), withIntermediateDirectories: false)

            let server = try await FriendServer.start(configuration)
            let outcome = await Result.capturing {
                for (name, status) in [("bob", 503), ("alice", 200)] {
                    var request = URLRequest(url: URL(string: server.url.absoluteString + "/friends")!)
                    request.setValue(App.basic(name)[.authorization], forHTTPHeaderField: "Authorization")
                    let (data, response) = try await URLSession.shared.data(for: request)
                    #expect((response as? HTTPURLResponse)?.statusCode == status, "\(name): \(String(decoding: data, as: UTF8.self))")
                }
            }
            try await server.shutdown()
            try outcome.get()
        }
    }

    /// Adds alice (with Grace, from before accounts) and bob, serves them, checks each sees their
    /// own only, and returns where bob's friends are (holding Bea).
    private func serveTwoAccounts(on database: DatabaseLocation) async throws -> DatabaseLocation {
        var configuration = TestApp.configuration()
        configuration.database = database
        configuration.accountSecrets = FakeAccountSecrets()
        let before = try await FriendServer.openMigratedStore(configuration)
        _ = try await before.create(NewFriend(firstname: "Grace", lastname: "Hopper"))
        let registry = try #require(before as? any AccountRegistry)
        var accounts: [Account] = []
        for name in ["alice", "bob"] {
            accounts.append(try await registry.addAccount(
                named: AccountName(validating: name), passwordHash: FakeAccountSecrets().hash(password: "pw-\(name)"), at: Date()
            ))
        }
        try await before.close()

        let server = try await FriendServer.start(configuration)
        func send(_ method: String, _ path: String, as name: String, json: String? = nil) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: server.url.absoluteString + path)!)
            request.httpMethod = method
            request.setValue(App.basic(name)[.authorization], forHTTPHeaderField: "Authorization")
            if let json {
                request.httpBody = Data(json.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let (created, _) = try await send("POST", "/friends", as: "bob", json: #"{"firstname": "Bea", "lastname": "Baker"}"#)
        #expect(created == 201)
        let alice = try await send("GET", "/friends", as: "alice")
        #expect(alice.1.contains("Grace") && !alice.1.contains("Bea"))
        let bob = try await send("GET", "/friends", as: "bob")
        #expect(bob.1.contains("Bea") && !bob.1.contains("Grace"))
        try await server.shutdown()

        let second = database.location(ofAccount: accounts[1])
        let bobsStore = try await second.openStore(using: TestApp.backends, logger: configuration.logger)
        #expect(try await bobsStore.all().map(\.friend.firstname) == ["Bea"])
        try await bobsStore.close()
        return second
    }
}
