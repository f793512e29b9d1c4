import FriendStorage
import FriendsAPI
import VCard

/// The writes the routes make: after every committed write it tells the feed to read the log, so
/// this instance's subscribers hear of the change at once. Reads go to the store undecorated
/// (see `ComposedFriendStore`).
struct AnnouncingFriendStore: FriendWriting {
    let base: any FriendWriting
    let feed: ChangeFeed

    func create(_ fields: NewFriend) async throws -> StoredFriend {
        let created = try await base.create(fields)
        feed.announce()
        return created
    }

    func create(card: VCard, resourceName: String?) async throws -> StoredFriend {
        let created = try await base.create(card: card, resourceName: resourceName)
        feed.announce()
        return created
    }

    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        let replaced = try await base.replace(id: id, with: card, if: precondition)
        feed.announce()
        return replaced
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
}
