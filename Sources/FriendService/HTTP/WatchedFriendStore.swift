import FriendStorage
import FriendsAPI
import VCard

extension StorageWatch {
    /// `store` with its reads and `writes` telling this watch when the storage answers, so that the
    /// end of an outage or of a full disk is noticed by the first request that succeeds.
    func watching(_ store: any FriendStore, writes: any FriendWriting) -> any FriendStore {
        ComposedFriendStore(
            store,
            reading: WatchedFriendReading(base: store, watch: self),
            writing: WatchedFriendWriting(base: writes, watch: self)
        )
    }

    /// Runs `body`, telling the watch when the storage answered.
    fileprivate func observing<T>(wrote: Bool = false, _ body: () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            wrote ? self.wrote() : answered()
            return value
        } catch let error as FriendStoreError {
            if case .notFound = error { answered() }
            if case .preconditionFailed = error { answered() }
            throw error
        }
    }
}

private struct WatchedFriendReading: FriendReading {
    let base: any FriendReading
    let watch: StorageWatch

    func list(_ request: FriendListRequest) async throws -> [StoredFriend] {
        try await watch.observing { try await base.list(request) }
    }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await watch.observing { try await base.count(matching: search, atMost: limit) }
    }
    func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await watch.observing { try await base.listSnapshot(request, reading: need) }
    }
    func friendSnapshot(id: Int, reading need: @escaping @Sendable (Int) -> Bool) async throws -> FriendSnapshot {
        try await watch.observing { try await base.friendSnapshot(id: id, reading: need) }
    }
    func all() async throws -> [StoredFriend] { try await watch.observing { try await base.all() } }
    func allWithSeedFieldsOnly() async throws -> [StoredFriend] {
        try await watch.observing { try await base.allWithSeedFieldsOnly() }
    }
    func friend(id: Int) async throws -> StoredFriend? { try await watch.observing { try await base.friend(id: id) } }
    func friend(uid: String) async throws -> StoredFriend? { try await watch.observing { try await base.friend(uid: uid) } }
    func card(id: Int) async throws -> StoredCard? { try await watch.observing { try await base.card(id: id) } }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await watch.observing { try await base.cards(matching: search, afterID: afterID, limit: limit) }
    }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await watch.observing { try await base.cardSummaries(afterID: afterID, limit: limit) }
    }
    func cards(named names: [String]) async throws -> [StoredCard] { try await watch.observing { try await base.cards(named: names) } }
}

private struct WatchedFriendWriting: FriendWriting {
    let base: any FriendWriting
    let watch: StorageWatch

    func create(_ fields: NewFriend) async throws -> StoredFriend {
        try await watch.observing(wrote: true) { try await base.create(fields) }
    }
    func create(card: VCard, resourceName: String?) async throws -> StoredFriend {
        try await watch.observing(wrote: true) { try await base.create(card: card, resourceName: resourceName) }
    }
    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await watch.observing(wrote: true) { try await base.replace(id: id, with: card, if: precondition) }
    }
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await watch.observing(wrote: true) { try await base.update(id: id, with: update, if: precondition) }
    }
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await watch.observing(wrote: true) { try await base.delete(id: id, if: precondition) }
    }
    func insert(_ friends: [NewFriend]) async throws {
        try await watch.observing(wrote: true) { try await base.insert(friends) }
    }
}
