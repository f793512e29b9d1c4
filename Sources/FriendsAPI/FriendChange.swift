import Foundation

/// One committed change from the live feed (`GET /friends/events`), with its sequence number.
///
/// Sequence numbers grow by one per committed change, in commit order, across every server
/// instance sharing a database. Resume a feed after the last sequence seen; a `reset` means
/// "reload everything, then follow from this sequence".
public struct FriendChange: Sendable, Equatable {
    public enum Event: Sendable, Equatable {
        case created(Friend, version: Int)
        case updated(Friend, version: Int)
        case deleted(id: Int)
        case reset
    }

    public var sequence: Int
    public var event: Event

    public init(sequence: Int, event: Event) {
        self.sequence = sequence
        self.event = event
    }

    /// The Server-Sent Events `event:` name of each kind of change.
    public enum Name {
        public static let created = "created"
        public static let updated = "updated"
        public static let deleted = "deleted"
        public static let reset = "reset"
    }

    public var eventName: String {
        switch event {
        case .created: Name.created
        case .updated: Name.updated
        case .deleted: Name.deleted
        case .reset: Name.reset
        }
    }
}

extension FriendChange {
    public enum DecodingError: Error, Equatable {
        case unknownEvent(String)
        case badSequence(String)
        case badData(String)
    }

    /// Reads one Server-Sent Event of the feed: `id` the sequence, `event` the kind, `data` the
    /// friend JSON with its `version` (`{"id": N}` for a deletion; ignored for a reset).
    public init(id: String, event: String, data: String) throws(DecodingError) {
        guard let sequence = Int(id), sequence >= 0 else { throw .badSequence(id) }
        self.sequence = sequence
        switch event {
        case Name.reset:
            self.event = .reset
        case Name.deleted:
            self.event = .deleted(id: try Self.decode(DeletedFriend.self, from: data).id)
        case Name.created, Name.updated:
            let friend = try Self.decode(Friend.self, from: data)
            let version = try Self.decode(FriendVersion.self, from: data).version
            self.event = event == Name.created ? .created(friend, version: version) : .updated(friend, version: version)
        default:
            throw .unknownEvent(event)
        }
    }

    private struct DeletedFriend: Decodable { var id: Int }
    private struct FriendVersion: Decodable { var version: Int }

    private static func decode<T: Decodable>(_ type: T.Type, from data: String) throws(DecodingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(data.utf8))
        } catch {
            throw .badData(data)
        }
    }
}
