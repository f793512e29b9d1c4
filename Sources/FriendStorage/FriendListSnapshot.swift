/// What `FriendStore.listSnapshot` reads besides the change sequence, decided once the sequence is
/// known: nothing when the caller already has the answer at that sequence.
public enum FriendListNeed: Sendable, Equatable {
    case nothing
    case rows
    /// The rows, and how many friends match the search (see `FriendStore.count(matching:atMost:)`).
    case rowsAndCount(atMost: Int?)
}

/// A page of the list with the change sequence it belongs to.
public struct FriendListSnapshot: Sendable, Equatable {
    /// The sequence of the last change the rows and the count include.
    public var sequence: Int
    public var rows: [StoredFriend]?
    public var count: Int?

    public init(sequence: Int, rows: [StoredFriend]? = nil, count: Int? = nil) {
        self.sequence = sequence
        self.rows = rows
        self.count = count
    }
}

extension FriendReading where Self: FriendChangeLog {
    /// Reads the sequence first, then what `need` asks for: the rows are the database at that
    /// sequence or later, so a tag made of the sequence is never newer than the page. Stores
    /// that can read everything in one snapshot do (SQLite), and then the tag is exact.
    public func listSnapshot(
        _ request: FriendListRequest,
        reading need: @escaping @Sendable (_ sequence: Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        let sequence = try await latestChangeSequence()
        var snapshot = FriendListSnapshot(sequence: sequence)
        switch need(sequence) {
        case .nothing:
            break
        case .rows:
            snapshot.rows = try await list(request)
        case .rowsAndCount(let limit):
            snapshot.rows = try await list(request)
            snapshot.count = try await count(matching: request.search, atMost: limit)
        }
        return snapshot
    }
}
