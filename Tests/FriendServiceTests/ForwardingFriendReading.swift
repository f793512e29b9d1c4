import FriendStorage

/// Reads that go to `base`, for a test double that changes only some of them: it implements
/// those, and the rest come from here.
protocol ForwardingFriendReading: FriendReading {
    var base: any FriendReading { get }
}

extension ForwardingFriendReading {
    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await base.count(matching: search, atMost: limit)
    }
    func listSnapshot(
        _ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await base.listSnapshot(request, reading: need)
    }
    func friendSnapshot(id: Int, reading need: @escaping @Sendable (Int) -> Bool) async throws -> FriendSnapshot {
        try await base.friendSnapshot(id: id, reading: need)
    }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func allWithSeedFieldsOnly() async throws -> [StoredFriend] { try await base.allWithSeedFieldsOnly() }
    func friend(id: Int) async throws -> StoredFriend? { try await base.friend(id: id) }
    func friend(uid: String) async throws -> StoredFriend? { try await base.friend(uid: uid) }
    func card(id: Int) async throws -> StoredCard? { try await base.card(id: id) }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await base.cards(matching: search, afterID: afterID, limit: limit)
    }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await base.cardSummaries(afterID: afterID, limit: limit)
    }
    func cards(named names: [String]) async throws -> [StoredCard] { try await base.cards(named: names) }
}
