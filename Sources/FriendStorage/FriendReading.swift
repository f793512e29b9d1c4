import FriendsAPI

/// Reading friends: pages of the list, searches, counts and single friends. A group card
/// (`StoredCard.isGroup`) is no friend: only the reads of cards and of a `UID`, which CardDAV and
/// the import make, find one.
public protocol FriendReading: Sendable {
    /// Up to `request.limit` friends after `request.after` in list order, matching `request.search`.
    func list(_ request: FriendListRequest) async throws -> [StoredFriend]

    /// How many friends match `search` (every friend when `nil`), counting no further than
    /// `limit` when one is given (so a broad search costs no more than `limit` rows).
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int

    /// The change sequence and, as `need` decides from it, a page of the list and its match count
    /// (a store that is also a `FriendChangeLog` gets a default that reads them one after the
    /// other; see `FriendListSnapshot.swift`). `need` runs while the store reads, so it must answer
    /// at once: a cache lookup, nothing that waits. It may be asked more than once, each time with
    /// the sequence of another read (SQLite asks first at the sequence it reads at once, then
    /// again in the snapshot it reads rows in); the snapshot returned answers the last.
    func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (_ sequence: Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot

    /// The change sequence, then friend `id` only when `need(sequence)` says the caller does not
    /// already have it at that sequence.
    func friendSnapshot(
        id: Int,
        reading need: @escaping @Sendable (_ sequence: Int) -> Bool
    ) async throws -> FriendSnapshot

    /// Every friend in list order.
    func all() async throws -> [StoredFriend]

    /// Every friend in list order with the seed's five fields only, the details left empty: the
    /// original client's `/listFriends` reads nothing else, and decoding every row's details would
    /// cost most of its answer's time. `all()` unless a store reads less.
    func allWithSeedFieldsOnly() async throws -> [StoredFriend]

    func friend(id: Int) async throws -> StoredFriend?

    /// The friend whose card has this `UID` (import merges by it).
    func friend(uid: String) async throws -> StoredFriend?

    /// The friend's (or group's) whole vCard as stored.
    func card(id: Int) async throws -> StoredCard?

    /// Up to `limit` cards in id order after `afterID`, matching `search` (no search finds a
    /// group): export reads every card a batch at a time, so its memory stays flat however many
    /// friends there are.
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard]

    /// Up to `limit` cards' id, version and resource name in id order after `afterID`: CardDAV
    /// lists the address book a page at a time, so a listing's memory does not grow with it.
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary]

    /// The cards with these resource names; names no card has are left out.
    func cards(named names: [String]) async throws -> [StoredCard]
}

extension FriendReading {
    public func allWithSeedFieldsOnly() async throws -> [StoredFriend] {
        try await all()
    }
}
