import Logging

/// A kind of storage a program can open. Each storage module offers one (`SQLiteBackend`,
/// `PostgresBackend`) and a program passes the ones it links, so that a program that never talks
/// to PostgreSQL does not build its client and TLS.
public protocol FriendStoreBackend: Sendable {
    /// Opens the store at `location`, or returns `nil` when `location` is not of this backend's kind.
    func open(_ location: DatabaseLocation, logger: Logger) async throws -> (any FriendStore)?

    /// Deletes the store of its own that an account had (`DatabaseLocation.location(ofAccount:)`:
    /// a file, a schema) after its friends were removed; `false` when `location` is not of this
    /// backend's kind. The store must not be open in this process.
    func removeStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool

    /// Whether the store at `location` exists, without creating it (opening a store creates it);
    /// `nil` when `location` is not of this backend's kind.
    func hasStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool?
}

extension FriendStoreBackend {
    public func removeStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool { false }

    public func hasStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool? { nil }
}

extension DatabaseLocation {
    /// Opens the store with the first of `backends` that keeps this kind of location (memory
    /// needs none); the caller migrates it and closes it.
    public func openStore(using backends: [any FriendStoreBackend], logger: Logger) async throws -> any FriendStore {
        if self == .memory { return MemoryFriendStore() }
        for backend in backends {
            if let store = try await backend.open(self, logger: logger) { return store }
        }
        throw ConfigurationError("This program was built without support for \(self).")
    }
}
