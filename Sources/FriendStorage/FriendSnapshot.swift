/// One friend with the change sequence read just before it, for callers that keep what they
/// encoded of a friend until the next change.
public struct FriendSnapshot: Sendable, Equatable {
    /// The sequence read before the friend, so the friend is at least as new; `nil` from a store
    /// that reads the friend alone (then nothing read can be kept for a later request).
    public var sequence: Int?
    /// The friend, when it was read (see `FriendReading.friendSnapshot`) and exists.
    public var friend: StoredFriend?

    public init(sequence: Int?, friend: StoredFriend?) {
        self.sequence = sequence
        self.friend = friend
    }
}

extension FriendReading {
    /// Reads the friend alone: a store whose sequence costs a trip of its own (PostgreSQL) would
    /// make every request for a friend not kept by the caller slower.
    public func friendSnapshot(
        id: Int,
        reading need: @escaping @Sendable (_ sequence: Int) -> Bool
    ) async throws -> FriendSnapshot {
        FriendSnapshot(sequence: nil, friend: try await friend(id: id))
    }
}
