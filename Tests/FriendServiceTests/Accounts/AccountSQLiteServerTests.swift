import Foundation
import FriendStorage
import FriendsAPI
import SQLiteFriendStorage
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService

/// Accounts over a real SQLite database, as `friendservice serve` runs them: the registry is the
/// main database's, the first account keeps the friends from before, the second gets a file of
/// its own beside the main one.
struct AccountSQLiteServerTests {
    typealias App = AccountsTestApp

    @Test(.timeLimit(.minutes(1)))
    func theFirstAccountKeepsTheMainFileAndTheSecondGetsItsOwn() async throws {
        try await TemporaryDirectory.with { directory in
            let main = directory.appendingPathComponent("friends.sqlite").path
            var configuration = TestApp.configuration()
            configuration.database = .sqlite(path: main)
            configuration.accountSecrets = FakeAccountSecrets()
            let before = try await FriendServer.openMigratedStore(configuration)
            _ = try await before.create(NewFriend(firstname: "Grace", lastname: "Hopper"))
            let registry = try #require(before as? any AccountRegistry)
            for name in ["alice", "bob"] {
                let account = try await registry.addAccount(
                    named: AccountName(validating: name), passwordHash: FakeAccountSecrets().hash(password: "pw-\(name)"), at: Date()
                )
                _ = try await registry.addToken(toAccount: account.id, label: "app", digest: FakeAccountSecrets().tokenDigest("token-\(name)"), at: Date())
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
            #expect(alice.1.contains("Grace"))
            #expect(!alice.1.contains("Bea"))
            let bob = try await send("GET", "/friends", as: "bob")
            #expect(bob.1.contains("Bea"))
            #expect(!bob.1.contains("Grace"))
            try await server.shutdown()

            let bobsFile = directory.appendingPathComponent("friends.account-2.sqlite").path
            #expect(FileManager.default.fileExists(atPath: bobsFile))
            let bobsStore = try await DatabaseLocation.sqlite(path: bobsFile).openStore(using: TestApp.backends, logger: configuration.logger)
            #expect(try await bobsStore.all().map(\.friend.firstname) == ["Bea"])
            try await bobsStore.close()
        }
    }
}
