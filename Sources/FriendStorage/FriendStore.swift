import FriendsAPI

/// Where friends are kept. One contract, three implementations (memory, SQLite, PostgreSQL);
/// `FriendStoreContractTests` holds every implementation to it.
///
/// Writes are atomic: a call either changes the row completely or not at all.
public protocol FriendStore: Sendable {
    /// A short name of the kind of storage, such as "sqlite", for `/health` and logs.
    var kind: String { get }

    /// Brings the schema to `FriendSchema.currentVersion`; safe to call on every start.
    func migrate() async throws

    /// The schema version the database is at (0 when never migrated).
    func schemaVersion() async throws -> Int

    /// Up to `request.limit` friends after `request.after` in list order, matching `request.search`.
    func list(_ request: FriendListRequest) async throws -> [StoredFriend]

    /// How many friends match `search` (every friend when `nil`), counting no further than
    /// `limit` when one is given (so a broad search costs no more than `limit` rows).
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int

    /// The change sequence and, as `need` decides from it, a page of the list and its match count
    /// (a default reads them one after the other; see `FriendListSnapshot.swift`). `need` runs
    /// while the store reads, so it must answer at once: a cache lookup, nothing that waits.
    func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (_ sequence: Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot

    /// Every friend in list order (the original client's `/listFriends`).
    func all() async throws -> [StoredFriend]

    func friend(id: Int) async throws -> StoredFriend?

    /// Stores a friend whose fields are already validated and trimmed; gives it a new id and version 1.
    func create(_ fields: NewFriend) async throws -> StoredFriend

    /// Applies the present fields of `update` when the stored version satisfies `precondition`;
    /// bumps the version when anything changed.
    /// - Throws: `FriendStoreError.notFound`, `FriendStoreError.preconditionFailed`.
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend

    /// Removes a friend when the stored version satisfies `precondition` and returns what was removed.
    /// - Throws: `FriendStoreError.notFound`, `FriendStoreError.preconditionFailed`.
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend

    /// Inserts many validated friends in one transaction, as fast as the storage allows (seeding).
    func insert(_ friends: [NewFriend]) async throws

    /// Changes committed after `sequence`, oldest first, at most `limit` of them; `nil` when the
    /// change log no longer holds all of them (pruned) or `sequence` is ahead of the log.
    /// Every create, update and delete logs one change in its own transaction; `insert` logs one
    /// `reset` for the whole batch.
    func changes(after sequence: Int, limit: Int) async throws -> [FriendChange]?

    /// The sequence of the last committed change; 0 before the first.
    func latestChangeSequence() async throws -> Int

    /// Forgets all but the last `count` changes (at least one is always kept).
    func pruneChanges(keepingLast count: Int) async throws

    /// Whether the storage answers; throws when it does not.
    func ping() async throws

    /// Releases the connection(s). The store is unusable afterwards.
    func close() async throws
}

/// A friend with the version counter its ETag is made of.
public struct StoredFriend: Sendable, Equatable {
    public var friend: Friend
    /// Starts at 1, grows by one on every update that changes something.
    public var version: Int

    public init(friend: Friend, version: Int) {
        self.friend = friend
        self.version = version
    }
}

/// What the client said the stored version must be (from `If-Match`).
public enum VersionPrecondition: Sendable, Equatable {
    /// No `If-Match`, or `If-Match: *`: any existing friend.
    case any
    /// One of these versions (the tags of `If-Match` that name this friend).
    case oneOf(Set<Int>)

    public func isSatisfied(by version: Int) -> Bool {
        switch self {
        case .any: true
        case .oneOf(let versions): versions.contains(version)
        }
    }
}

public enum FriendStoreError: Error, Equatable, Sendable {
    case notFound(id: Int)
    case preconditionFailed(id: Int, currentVersion: Int)
    /// The storage refused or failed; the message is for logs, not for clients.
    case unavailable(String)
}
