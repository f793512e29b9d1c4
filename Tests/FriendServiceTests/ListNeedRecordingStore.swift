import FriendStorage
import FriendsAPI
import NIOConcurrencyHelpers
import VCard

/// A store that records what the list and the reads of one friend needed, and runs
/// `afterNothingNeeded` once when the list was told nothing was needed.
final class ListNeedRecordingStore: FriendStore {
    let base: any FriendStore
    let needs = NIOLockedValueBox<[FriendListNeed]>([])
    let afterNothingNeeded = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)
    /// Whether each read of one friend needed the friend.
    let friendNeeds = NIOLockedValueBox<[Bool]>([])

    init(base: any FriendStore) { self.base = base }

    var kind: String { "dropping" }

    func listSnapshot(_ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed) async throws -> FriendListSnapshot {
        let snapshot = try await base.listSnapshot(request) { [needs] sequence in
            let wanted = need(sequence)
            needs.withLockedValue { $0.append(wanted) }
            return wanted
        }
        if snapshot.rows == nil, let action = afterNothingNeeded.withLockedValue({ action in defer { action = nil }; return action }) {
            action()
        }
        return snapshot
    }

    func friendSnapshot(id: Int, reading need: @escaping @Sendable (Int) -> Bool) async throws -> FriendSnapshot {
        try await base.friendSnapshot(id: id) { [friendNeeds] sequence in
            let wanted = need(sequence)
            friendNeeds.withLockedValue { $0.append(wanted) }
            return wanted
        }
    }

    func migrate() async throws { try await base.migrate() }
    func schemaVersion() async throws -> Int { try await base.schemaVersion() }
    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int { try await base.count(matching: search, atMost: limit) }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func friend(id: Int) async throws -> StoredFriend? { try await base.friend(id: id) }
    func create(_ fields: NewFriend) async throws -> StoredFriend { try await base.create(fields) }
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await base.update(id: id, with: update, if: precondition)
    }
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend { try await base.delete(id: id, if: precondition) }
    func insert(_ friends: [NewFriend]) async throws { try await base.insert(friends) }
    func friend(uid: String) async throws -> StoredFriend? { try await base.friend(uid: uid) }
    func card(id: Int) async throws -> StoredCard? { try await base.card(id: id) }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await base.cardSummaries(afterID: afterID, limit: limit)
    }
    func cards(named names: [String]) async throws -> [StoredCard] { try await base.cards(named: names) }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await base.cards(matching: search, afterID: afterID, limit: limit)
    }
    func create(card: VCard, resourceName: String?) async throws -> StoredFriend { try await base.create(card: card, resourceName: resourceName) }
    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await base.replace(id: id, with: card, if: precondition)
    }
    func changes(after sequence: Int, limit: Int) async throws -> [FriendChange]? { try await base.changes(after: sequence, limit: limit) }
    func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]? { try await base.cardChanges(after: sequence, limit: limit) }
    func latestChangeSequence() async throws -> Int { try await base.latestChangeSequence() }
    func changeLogEpoch() async throws -> Int { try await base.changeLogEpoch() }
    func pruneChanges(keepingLast count: Int) async throws { try await base.pruneChanges(keepingLast: count) }
    func addressBookName() async throws -> String? { try await base.addressBookName() }
    func setAddressBookName(_ name: String?) async throws { try await base.setAddressBookName(name) }
    func ping() async throws { try await base.ping() }
    func close() async throws { try await base.close() }
}
