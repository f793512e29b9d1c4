import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import PostgresFriendStorage
import SQLiteFriendStorage
import TestSupport
import Testing

@testable import FriendService
@testable import FriendStorage

/// The server configuration of this suite (every storage backend, as `friendservice` has them),
/// and requests through `TestServer`.
enum TestApp {
    /// Every kind of storage, as `friendservice` has them.
    static let backends: [any FriendStoreBackend] = [SQLiteBackend(), PostgresBackend()]

    static func configuration(token: String? = nil) -> FriendServerConfiguration {
        var configuration = FriendServerConfiguration(
            hostname: "127.0.0.1", port: 0, database: .memory, backends: TestApp.backends, token: token, logLevel: .critical
        )
        // A test that wants a keep-alive comment asks the feed for one (`keepAlive()`): one from the
        // clock would land in whatever a slow run reads next.
        configuration.changeKeepAliveInterval = .seconds(3_600)
        return configuration
    }

    /// The suite's shorthand for `TestServer.run`: a client and the store behind it.
    static func run(
        _ setup: TestingSetup = .router,
        token: String? = nil,
        store: (any FriendStore)? = nil,
        _ body: @Sendable (any TestClientProtocol, any FriendStore) async throws -> Void
    ) async throws {
        try await TestServer.run(setup, configuration(token: token), store: store) { server in
            try await body(server.http, server.store)
        }
    }
}

extension TestClientProtocol {
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String,
        json: String? = nil, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if json != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    func send(_ method: HTTPRequest.Method, _ uri: String, bytes: [UInt8]) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: bytes))
    }

    /// Creates a friend through the API and returns it with its ETag.
    func createFriend(_ json: String = #"{"firstname": "Ada", "lastname": "Lovelace", "phonenumber": "050 123"}"#) async throws -> (Friend, String) {
        let response = try await send(.post, "/friends", json: json)
        #expect(response.status == .created)
        return (try response.decode(Friend.self), try #require(response.headers[.eTag]))
    }
}

extension TestResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(body.readableBytesView))
    }

    /// The error envelope; fails the test when the body is not one.
    var envelope: ErrorEnvelope {
        get throws {
            #expect(headers[.contentType]?.hasPrefix("application/json") == true)
            return try decode(ErrorEnvelope.self)
        }
    }

    var text: String { String(buffer: body) }
}
