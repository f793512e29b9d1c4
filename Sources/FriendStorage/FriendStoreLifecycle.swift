import Foundation

/// What the program does with a store around the requests: its schema, whether it answers, closing it.
public protocol FriendStoreLifecycle: Sendable {
    /// A short name of the kind of storage, such as "sqlite", for `/health` and logs.
    var kind: String { get }

    /// Brings the schema to `FriendSchema.currentVersion`; safe to call on every start.
    func migrate() async throws

    /// The schema version the database is at (0 when never migrated).
    func schemaVersion() async throws -> Int

    /// Whether the storage answers; throws when it does not. Never waits for a write in progress.
    func ping() async throws

    /// Moves the database past every entity tag, list tag, event id and sync token it gave out,
    /// after it was put back from a backup with no server running (`RestoredTimeline`).
    func startTimelineAfterRestore(now: Date) async throws

    /// Releases the connection(s). The store is unusable afterwards.
    func close() async throws
}
