import Foundation
import FriendStorage
import Logging

/// Opens `sqlite:PATH` locations.
public struct SQLiteBackend: FriendStoreBackend {
    public init() {}

    public func open(_ location: DatabaseLocation, logger: Logger) async throws -> (any FriendStore)? {
        guard case .sqlite(let path) = location else { return nil }
        return try await SQLiteFriendStore.open(path: path, logger: logger)
    }

    public func hasStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool? {
        guard case .sqlite(let path) = location else { return nil }
        return FileManager.default.fileExists(atPath: path)
    }

    /// Deletes an account's file and SQLite's companions of it; files already gone are fine.
    /// - Throws: `DatabaseError` for a path that is not an account's store
    ///   (`DatabaseLocation.location(ofAccount:)`) or a file that cannot be deleted.
    public func removeStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool {
        guard case .sqlite(let path) = location else { return false }
        try SQLiteFile(path: path).removeAccountStore()
        logger.info("Removed an account's database", metadata: ["database": "\(location)"])
        return true
    }
}
