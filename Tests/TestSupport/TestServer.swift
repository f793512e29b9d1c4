import Foundation
import FriendService
import FriendStorage
import Hummingbird
import HummingbirdTesting

/// FriendService as a test runs it, the one way every suite does: over `store` (a fresh, migrated
/// in-memory one unless given), through its router without a socket (`.router`), or listening on
/// 127.0.0.1 at a port the system picks (`.live`, for clients that open connections of their
/// own). It stops when the test's body returns or throws.
public struct TestServer: Sendable {
    /// Sends requests to it: straight to the router, or over a socket for `.live`.
    public let http: any TestClientProtocol
    /// The storage behind it.
    public let store: any FriendStore

    /// Where a `.live` server listens, such as `http://127.0.0.1:54321`; only a `.live` one has an address.
    public var url: URL {
        guard let port = http.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            preconditionFailure("Only a .live server has an address.")
        }
        return url
    }

    /// In memory on 127.0.0.1 at a port the system picks, quiet, with `token` when given.
    public static func configuration(token: String? = nil) -> FriendServerConfiguration {
        FriendServerConfiguration(hostname: "127.0.0.1", port: 0, database: .memory, token: token, logLevel: .critical)
    }

    public static func run<Value: Sendable>(
        _ setup: TestingSetup = .router,
        _ configuration: FriendServerConfiguration = configuration(),
        store: (any FriendStore)? = nil,
        _ body: @Sendable (TestServer) async throws -> Value
    ) async throws -> Value {
        let storage: any FriendStore = if let store { store } else { await freshStore() }
        return try await buildApplication(configuration, store: storage).test(setup) { http in
            try await body(TestServer(http: http, store: storage))
        }
    }

    private static func freshStore() async -> any FriendStore {
        let store = MemoryFriendStore()
        await store.migrate()
        return store
    }
}
