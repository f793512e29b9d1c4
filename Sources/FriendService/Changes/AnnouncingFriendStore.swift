import FriendStorage
import FriendsAPI

/// The store the routes write through: after every committed write it tells the feed to read
/// the log, so this instance's subscribers hear of the change at once.
struct AnnouncingFriendStore: FriendStore {
    let base: any FriendStore
    let feed: ChangeFeed

    var kind: String { base.kind }

    func migrate() async throws { try await base.migrate() }
    func schemaVersion() async throws -> Int { try await base.schemaVersion() }
    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await base.listSnapshot(request, reading: need)
    }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await base.count(matching: search, atMost: limit)
    }
    func friend(id: Int) async throws -> StoredFriend? { try await base.friend(id: id) }

    func create(_ fields: NewFriend) async throws -> StoredFriend {
        let created = try await base.create(fields)
        feed.announce()
        return created
    }

    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        let updated = try await base.update(id: id, with: update, if: precondition)
        feed.announce()
        return updated
    }

    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend {
        let deleted = try await base.delete(id: id, if: precondition)
        feed.announce()
        return deleted
    }

    func insert(_ friends: [NewFriend]) async throws {
        try await base.insert(friends)
        feed.announce()
    }

    func changes(after sequence: Int, limit: Int) async throws -> [FriendChange]? {
        try await base.changes(after: sequence, limit: limit)
    }

    func latestChangeSequence() async throws -> Int { try await base.latestChangeSequence() }
    func pruneChanges(keepingLast count: Int) async throws { try await base.pruneChanges(keepingLast: count) }
    func ping() async throws { try await base.ping() }
    func close() async throws { try await base.close() }
}
