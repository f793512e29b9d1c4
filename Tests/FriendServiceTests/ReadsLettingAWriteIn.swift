import FriendStorage
import Synchronization

/// Reads from `base`; the first read of the kind named runs `write` after reading, before
/// answering: as if another request wrote between a handler's read and its own write.
final class ReadsLettingAWriteIn: ForwardingFriendReading {
    enum Read { case friendByID, cardsByName }

    let base: any FriendReading
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
}
