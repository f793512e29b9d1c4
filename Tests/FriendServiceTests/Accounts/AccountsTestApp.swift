import Foundation
import FriendService
import FriendStorage
import FriendsAPI
import HTTPTypes
import HummingbirdTesting
import TestSupport

@testable import FriendService

/// A server with the given accounts (each with the password "pw-NAME" and the token
/// "token-NAME"), in memory.
enum AccountsTestApp {
    struct Server: Sendable {
        let http: any TestClientProtocol
        let registry: MemoryAccountRegistry
        let mainStore: any FriendStore
    }

    static func configuration(registry: MemoryAccountRegistry, clock: TestInstantClock? = nil) -> FriendServerConfiguration {
        var configuration = TestApp.configuration()
        configuration.accountSecrets = FakeAccountSecrets()
        configuration.accountRegistry = registry
        if let clock { configuration.now = { clock.now } }
        return configuration
    }

    static func run(
        _ setup: TestingSetup = .router,
        accounts names: [String] = ["alice", "bob"],
        clock: TestInstantClock? = nil,
        mainStore: (any FriendStore)? = nil,
        _ body: @Sendable (Server) async throws -> Void
    ) async throws {
        let registry = MemoryAccountRegistry()
        for name in names { try await add(name, to: registry) }
        try await TestServer.run(setup, configuration(registry: registry, clock: clock), store: mainStore) { server in
            try await body(Server(http: server.http, registry: registry, mainStore: server.store))
        }
    }

    @discardableResult
    static func add(_ name: String, to registry: MemoryAccountRegistry) async throws -> Account {
        let secrets = FakeAccountSecrets()
        let account = try await registry.addAccount(
            named: AccountName(validating: name), passwordHash: secrets.hash(password: "pw-\(name)"), at: Date()
        )
        _ = try await registry.addToken(toAccount: account.id, label: "test", digest: secrets.tokenDigest("token-\(name)"), at: Date())
        return account
    }

    static func basic(_ name: String, _ password: String? = nil) -> HTTPFields {
        [.authorization: "Basic " + Data("\(name):\(password ?? "pw-\(name)")".utf8).base64EncodedString()]
    }

    static func bearer(_ token: String) -> HTTPFields {
        [.authorization: "Bearer \(token)"]
    }
}

/// A clock a test moves by hand.
final class TestInstantClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { current } }

    func advance(by duration: Duration) { lock.withLock { current += duration } }
}
