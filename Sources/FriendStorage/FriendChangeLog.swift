import FriendsAPI

/// The change log the live feed reads: every committed change, numbered without gaps.
public protocol FriendChangeLog: Sendable {
    /// Changes committed after `sequence`, oldest first, at most `limit` of them; `nil` when the
    /// change log no longer holds all of them (pruned) or `sequence` is ahead of the log.
    /// Every create, update and delete logs one change in its own transaction; `insert` logs one
    /// `reset` for the whole batch.
    func loggedChanges(after sequence: Int, limit: Int) async throws -> [LoggedChange]?

    /// The same changes as `loggedChanges(after:limit:)`, each named by the card's resource name.
    func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]?

    /// The sequence of the last committed change; 0 before the first.
    func latestChangeSequence() async throws -> Int

    /// When this change log began, as a number of 0 or more: the same for the life of a database,
    /// and another for a database made anew (a deleted file, a memory store after a restart), so
    /// that a client's position in the old log is not taken for one in the new.
    func changeLogEpoch() async throws -> Int

    /// Forgets all but the last `count` changes (at least one is always kept).
    func pruneChanges(keepingLast count: Int) async throws
}

extension FriendChangeLog {
    /// What friends' views hear of `loggedChanges(after:limit:)`: its changes less those to groups,
    /// so numbered with gaps where those were.
    public func changes(after sequence: Int, limit: Int) async throws -> [FriendChange]? {
        try await loggedChanges(after: sequence, limit: limit)?.compactMap(\.change)
    }
}

/// One entry of the change log, as the live feed reads it: its number, and the change that
/// friends' views hear, if any. A group's card is no friend (`StoredCard.isGroup`): its creation,
/// its changes and its removal are heard as nothing, a card that becomes a group as a deletion,
/// and a group that becomes a card as a creation.
public struct LoggedChange: Sendable, Equatable {
    public var sequence: Int
    public var change: FriendChange?

    public init(sequence: Int, change: FriendChange?) {
        self.sequence = sequence
        self.change = change
    }
}
