import FriendsAPI
import VCard

/// Writing friends. Writes are atomic: a call either changes the row completely or not at all,
/// and each logs its change in its own transaction (see `FriendChangeLog`).
public protocol FriendWriting: Sendable {
    /// Stores a friend whose fields are already validated and trimmed, as a new vCard 3.0 card
    /// with a new `UID`; gives it a new id and version 1.
    func create(_ fields: NewFriend) async throws -> StoredFriend

    /// Stores a card from outside (an import, CardDAV), already checked
    /// (`VCard.readyForStorage`), under `resourceName` (`<uid>.vcf` when `nil`).
    /// - Throws: `FriendStoreError.preconditionFailed` naming the friend that has that resource
    ///   name already; nothing is written.
    func create(card: VCard, resourceName: String?) async throws -> StoredFriend

    /// Replaces a friend's whole card when the stored version satisfies `precondition`; bumps the
    /// version when the text changed.
    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend

    /// Applies the present fields of `update` to the stored card, in place (`VCard.apply`), when the stored version satisfies `precondition`;
    /// bumps the version when anything changed.
    /// - Throws: `FriendStoreError.notFound` (a group too), `FriendStoreError.preconditionFailed`.
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend

    /// Removes a friend when the stored version satisfies `precondition` and returns what was removed.
    /// - Throws: `FriendStoreError.notFound`, `FriendStoreError.preconditionFailed`.
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend

    /// Inserts many validated friends in one transaction, as fast as the storage allows (seeding).
    func insert(_ friends: [NewFriend]) async throws
}
