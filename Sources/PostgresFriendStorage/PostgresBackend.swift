import FriendStorage
import Logging

/// Opens `postgres://…` locations.
public struct PostgresBackend: FriendStoreBackend {
    public init() {}

    public func open(_ location: DatabaseLocation, logger: Logger) async throws -> (any FriendStore)? {
        guard case .postgres(let url) = location else { return nil }
        return try await PostgresFriendStore.connect(location: try PostgresLocation(url: url), logger: logger)
    }
}
