import FriendService
import FriendStorage
import Logging

/// The database the `user` commands work on: its main store, where the accounts are kept, and
/// the stores of the accounts' friends. Every store it opens it closes again, whatever happens.
struct AccountsDatabase {
    let location: DatabaseLocation
    var backends: [any FriendStoreBackend] = DatabaseOption.backends
    var logger: Logger = {
        var logger = Logger(label: "friendservice.user")
        logger.logLevel = .warning
        return logger
    }()

    /// Opens and migrates the main store and hands it over with its accounts; makes the store
    /// when there is none yet (`user add`).
    func withRegistryMadeIfNeeded<T>(_ body: (any FriendStore, any AccountRegistry) async throws -> T) async throws -> T {
        guard location != .memory else {
            throw UserCommandError("--database memory keeps no accounts: they would be gone when this command ends.")
        }
        return try await withStore(at: location) { store in
            guard let registry = store as? any AccountRegistry else {
                throw UserCommandError("This build of friendservice cannot keep accounts in \(location).")
            }
            return try await body(store, registry)
        }
    }

    /// Opens and migrates the main store, which must exist already: a command that reads or
    /// changes accounts never leaves an empty database at a mistyped path.
    func withRegistry<T>(_ body: (any FriendStore, any AccountRegistry) async throws -> T) async throws -> T {
        guard try await mainStoreExists else { throw UserCommandError.noDatabase(location) }
        return try await withRegistryMadeIfNeeded(body)
    }

    /// Whether the main store exists (true for `memory`, which `withRegistry` refuses on its own).
    var mainStoreExists: Bool {
        get async throws { location == .memory ? true : try await hasStore(at: location) }
    }

    /// Opens and migrates the store of `account`'s friends (the main one for the account that
    /// owns it: then `main` is handed over rather than opened a second time).
    func withFriends<T>(of account: Account, main: any FriendStore, _ body: (any FriendStore) async throws -> T) async throws -> T {
        if account.ownsMainStore { return try await body(main) }
        return try await withStore(at: location.location(ofAccount: account), body)
    }

    /// How many friends `account` has; 0 when its store of its own was never made (not made now either).
    func friendCount(of account: Account, main: any FriendStore) async throws -> Int {
        if !account.ownsMainStore, try await !hasStore(at: location.location(ofAccount: account)) { return 0 }
        return try await withFriends(of: account, main: main) { try await $0.count(matching: nil, atMost: nil) }
    }

    /// Whether the store at `location` exists; true when no backend can tell (it would be opened).
    func hasStore(at location: DatabaseLocation) async throws -> Bool {
        for backend in backends {
            if let exists = try await backend.hasStore(at: location, logger: logger) { return exists }
        }
        return true
    }

    /// The main store as what empties it when the account that took it over is removed.
    func clearing(_ main: any FriendStore) throws -> any MainStoreClearing {
        guard let clearing = main as? any MainStoreClearing else {
            throw UserCommandError("This build of friendservice cannot remove the account that owns the address book of \(location).")
        }
        return clearing
    }

    /// Deletes the store of its own that `account` had, when the account does not own the main
    /// one. The store must not be open.
    func removeOwnStore(of account: Account) async throws {
        guard !account.ownsMainStore, location != .memory else { return }
        let own = location.location(ofAccount: account)
        for backend in backends where try await backend.removeStore(at: own, logger: logger) { return }
    }

    private func withStore<T>(at location: DatabaseLocation, _ body: (any FriendStore) async throws -> T) async throws -> T {
        let configuration = FriendServerConfiguration(database: location, backends: backends, logLevel: .warning)
        let store = try await FriendServer.openMigratedStore(configuration)
        let result: T
        do {
            result = try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        return result
    }
}
