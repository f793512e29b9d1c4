import Foundation
import FriendsAPI
import VCard

/// A store assembled from the jobs of others: a decorator implements the one job it changes
/// (announcing writes, say) and the rest comes from the store it decorates.
public struct ComposedFriendStore: FriendStore {
    public var reading: any FriendReading
    public var writing: any FriendWriting
    public var changeLog: any FriendChangeLog
    public var naming: any AddressBookNaming
    public var lifecycle: any FriendStoreLifecycle

    /// `base` for every job not given.
    public init(
        _ base: any FriendStore,
        reading: (any FriendReading)? = nil,
        writing: (any FriendWriting)? = nil,
        changeLog: (any FriendChangeLog)? = nil,
        naming: (any AddressBookNaming)? = nil,
        lifecycle: (any FriendStoreLifecycle)? = nil
    ) {
        self.reading = reading ?? base
        self.writing = writing ?? base
        self.changeLog = changeLog ?? base
        self.naming = naming ?? base
        self.lifecycle = lifecycle ?? base
    }

    public func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await reading.list(request) }
    public func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await reading.count(matching: search, atMost: limit)
    }
    public func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await reading.listSnapshot(request, reading: need)
    }
    public func friendSnapshot(id: Int, reading need: @escaping @Sendable (Int) -> Bool) async throws -> FriendSnapshot {
        try await reading.friendSnapshot(id: id, reading: need)
    }
    public func all() async throws -> [StoredFriend] { try await reading.all() }
    public func allWithSeedFieldsOnly() async throws -> [StoredFriend] { try await reading.allWithSeedFieldsOnly() }
    public func friend(id: Int) async throws -> StoredFriend? { try await reading.friend(id: id) }
    public func friend(uid: String) async throws -> StoredFriend? { try await reading.friend(uid: uid) }
    public func card(id: Int) async throws -> StoredCard? { try await reading.card(id: id) }
    public func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await reading.cards(matching: search, afterID: afterID, limit: limit)
    }
    public func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await reading.cardSummaries(afterID: afterID, limit: limit)
    }
    public func cards(named names: [String]) async throws -> [StoredCard] { try await reading.cards(named: names) }

    public func create(_ fields: NewFriend) async throws -> StoredFriend { try await writing.create(fields) }
    public func create(card: VCard, resourceName: String?) async throws -> StoredFriend {
        try await writing.create(card: card, resourceName: resourceName)
    }
    public func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await writing.replace(id: id, with: card, if: precondition)
    }
    public func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await writing.update(id: id, with: update, if: precondition)
    }
    public func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await writing.delete(id: id, if: precondition)
    }
    public func insert(_ friends: [NewFriend]) async throws { try await writing.insert(friends) }

    public func loggedChanges(after sequence: Int, limit: Int) async throws -> [LoggedChange]? {
        try await changeLog.loggedChanges(after: sequence, limit: limit)
    }
    public func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]? {
        try await changeLog.cardChanges(after: sequence, limit: limit)
    }
    public func latestChangeSequence() async throws -> Int { try await changeLog.latestChangeSequence() }
    public func changeLogEpoch() async throws -> Int { try await changeLog.changeLogEpoch() }
    public func pruneChanges(keepingLast count: Int) async throws { try await changeLog.pruneChanges(keepingLast: count) }

    public func addressBookName() async throws -> String? { try await naming.addressBookName() }
    public func setAddressBookName(_ name: String?) async throws { try await naming.setAddressBookName(name) }

    public var kind: String { lifecycle.kind }
    public func migrate() async throws { try await lifecycle.migrate() }
    public func schemaVersion() async throws -> Int { try await lifecycle.schemaVersion() }
    public func startTimelineAfterRestore(now: Date) async throws { try await lifecycle.startTimelineAfterRestore(now: now) }
    public func ping() async throws { try await lifecycle.ping() }
    public func close() async throws { try await lifecycle.close() }
}
