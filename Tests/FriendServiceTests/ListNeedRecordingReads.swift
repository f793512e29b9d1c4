import FriendStorage
import NIOConcurrencyHelpers

/// Reads that record what the list and the reads of one friend needed, and run
/// `afterNothingNeeded` once when the list was told nothing was needed. A test serves a store
/// with these reads: `ComposedFriendStore(base, reading: reads)`.
final class ListNeedRecordingReads: ForwardingFriendReading {
    let base: any FriendReading
    let needs = NIOLockedValueBox<[FriendListNeed]>([])
    let afterNothingNeeded = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)
    /// Whether each read of one friend needed the friend.
    let friendNeeds = NIOLockedValueBox<[Bool]>([])

    init(base: any FriendReading) { self.base = base }

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
}
