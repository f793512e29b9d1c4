import FriendStorage
import Logging

/// Opens `sqlite:PATH` locations.
public struct SQLiteBackend: FriendStoreBackend {
    public init() {}

    public func open(_ location: DatabaseLocation, logger: Logger) async throws -> (any FriendStore)? {
        guard case .sqlite(let path) = location else { return nil }
        return try await SQLiteFriendStore.open(path: path, logger: logger)
    }
}
