import FriendStorage
import Synchronization

/// Reads from `base`; the first read of the kind named runs `write` after reading, before
/// answering: as if another request wrote between a handler's read and its own write.
final class ReadsLettingAWriteIn: FriendReading {
    enum Read { case friendByID, cardsByName }

    private let base: any FriendReading
    private let read: Read
    private let write: Mutex<(@Sendable () async throws -> Void)?>

    init(base: any FriendReading, after read: Read, write: @escaping @Sendable () async throws -> Void) {
        self.base = base
        self.read = read
        self.write = Mutex(write)
    }

    private func letTheWriteIn(after kind: Read) async throws {
        guard kind == read, let write = write.withLock({ pending in defer { pending = nil }; return pending }) else { return }
        try await write()
    }

    func friend(id: Int) async throws -> StoredFriend? {
        let found = try await base.friend(id: id)
        try await letTheWriteIn(after: .friendByID)
        return found
    }

    func cards(named names: [String]) async throws -> [StoredCard] {
        let found = try await base.cards(named: names)
        try await letTheWriteIn(after: .cardsByName)
        return found
    }

    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await base.count(matching: search, atMost: limit)
    }
    func listSnapshot(
        _ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await base.listSnapshot(request, reading: need)
    }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func friend(uid: String) async throws -> StoredFriend? { try await base.friend(uid: uid) }
    func card(id: Int) async throws -> StoredCard? { try await base.card(id: id) }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await base.cards(matching: search, afterID: afterID, limit: limit)
    }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] { try await base.cardSummaries(afterID: afterID, limit: limit) }
}
