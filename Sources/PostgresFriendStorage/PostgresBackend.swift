import Foundation
import FriendStorage
import Logging

/// Opens `postgres://…` locations.
public struct PostgresBackend: FriendStoreBackend {
    public init() {}

    public func open(_ location: DatabaseLocation, logger: Logger) async throws -> (any FriendStore)? {
        guard case .postgres(let url) = location else { return nil }
        return try await PostgresFriendStore.connect(location: try PostgresLocation(url: url), logger: logger)
    }

    /// Drops an account's schema with everything in it; a schema already gone is fine.
    /// - Throws: `DatabaseError` for a schema not named as an account's (`<schema>_account_<id>`,
    ///   `DatabaseLocation.location(ofAccount:)`), or when PostgreSQL cannot be reached.
    public func removeStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool {
        guard case .postgres(let url) = location else { return false }
        let postgres = try PostgresLocation(url: url)
        guard Self.isAccountSchema(postgres.schema) else {
            throw DatabaseError(
                "Refusing to drop the schema \(postgres.schema) of \(postgres): it is not named as an account's (SCHEMA_account_ID)."
            )
        }
        let store = try await PostgresFriendStore.connect(location: postgres, logger: logger)
        let dropped = await Result.capturing { try await store.dropSchema() }
        try? await store.close()
        try dropped.get()
        logger.info("Removed an account's schema", metadata: ["database": "\(postgres)"])
        return true
    }

    public func hasStore(at location: DatabaseLocation, logger: Logger) async throws -> Bool? {
        guard case .postgres(let url) = location else { return nil }
        // Asked at start-up and by the `user` commands, which can wait for a busy database as a
        // migration does; a request could not.
        let store = try await PostgresFriendStore.connect(
            location: try PostgresLocation(url: url), logger: logger, leaseTimeout: PostgresFriendStore.migrationLeaseTimeout
        )
        let exists = await Result.capturing { try await store.schemaExists() }
        try? await store.close()
        return try exists.get()
    }

    /// A plain identifier ending in `_account_<digits>` after a name of at least one character.
    static func isAccountSchema(_ schema: String) -> Bool {
        guard PostgresLocation.isPlainIdentifier(schema), let marker = schema.range(of: "_account_", options: .backwards) else { return false }
        let id = schema[marker.upperBound...]
        return marker.lowerBound > schema.startIndex && !id.isEmpty && id.allSatisfy { ("0"..."9").contains($0) }
    }
}
