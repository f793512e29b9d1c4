import Foundation
import FriendsAPI
import TestSupport
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// The storage implementations the contract suite runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqlite
    case postgres

    /// Memory and SQLite always; PostgreSQL when `FRIENDSERVICE_TEST_POSTGRES_URL` names a database.
    static var available: [StoreKind] {
        PostgresTestDatabase.url == nil ? [.memory, .sqlite] : [.memory, .sqlite, .postgres]
    }

    var testDescription: String { rawValue }

    /// Runs `body` against a fresh, migrated store of this kind and removes it afterwards.
    func withStore(_ body: (any FriendStore) async throws -> Void) async throws {
        switch self {
        case .memory:
            let store = MemoryFriendStore()
            await store.migrate()
            try await body(store)
        case .sqlite:
            try await TemporaryDirectory.with { directory in
                let store = try await SQLiteFriendStore.open(path: directory.appendingPathComponent("friends.sqlite").path)
                do {
                    try await store.migrate()
                    try await body(store)
                } catch {
                    try? await store.close()
                    throw error
                }
                try await store.close()
            }
        case .postgres:
            try await PostgresTestDatabase.withStore(body)
        }
    }
}

extension StoreKind {
    /// Another store over the database of `store`, as a second server instance opens it.
    func openSecondInstance(of store: any FriendStore) async throws -> any FriendStore {
        switch self {
        case .memory:
            throw ConfigurationError("An in-memory store has no second instance.")
        case .sqlite:
            let sqlite = try #require(store as? SQLiteFriendStore)
            return try await SQLiteFriendStore.open(path: String(sqlite.name.dropFirst("sqlite:".count)))
        case .postgres:
            let postgres = try #require(store as? PostgresFriendStore)
            return PostgresFriendStore(location: postgres.connector.location, leaseTimeout: PostgresTestDatabase.leaseTimeout)
        }
    }
}

/// PostgreSQL for tests (`PostgresTestURL`): each test makes its own schema and drops it.
enum PostgresTestDatabase {
    static var url: String? { PostgresTestURL.base }

    /// Stores in tests that are not about outages wait longer for a connection than a server does:
    /// the whole suite runs at once, and a new connection can take over a second on a busy machine.
    /// 10 s was passed by four old-schema migration tests at once in one fresh-clone CI run (and in
    /// a run beside a build), each connection waiting behind the others' migrations.
    static let leaseTimeout: Duration = .seconds(30)

    static func freshSchemaURL() throws -> String {
        try PostgresTestURL.freshSchema()
    }

    static func withStore(_ body: (any FriendStore) async throws -> Void) async throws {
        let store = PostgresFriendStore(location: try PostgresLocation(url: freshSchemaURL()), leaseTimeout: leaseTimeout)
        do {
            try await store.migrate()
            try await body(store)
        } catch {
            try? await store.dropSchema()
            try? await store.close()
            throw error
        }
        try await store.dropSchema()
        try await store.close()
    }
}

enum TemporaryDirectory {
    static func with<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("friendservice-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }
}

extension NewFriend {
    static func sample(_ first: String, _ last: String, phone: String = "") -> NewFriend {
        NewFriend(firstname: first, lastname: last, phonenumber: phone)
    }
}

extension Friend {
    /// The seed's five fields alone, as a test wrote them (the stored friend has its card's details too).
    var seedFields: NewFriend {
        NewFriend(firstname: firstname, lastname: lastname, phonenumber: phonenumber, email: email, about: about)
    }
}
