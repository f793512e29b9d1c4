import FriendsAPI

/// The live change feed, as `ReconnectingFriendChanges` (and view models, through it) need it;
/// `AppServerClient` is the real one, tests pass a fake.
public protocol FriendChangesProviding: Sendable {
    /// Connects to the feed and returns once the server accepted, with the changes committed
    /// after `sequence` (from now on when `nil`) as they come. The stream ends when the server
    /// closes it and throws an `AppServerError` when the connection fails.
    func changes(after sequence: Int?) async throws(AppServerError) -> FriendChangeStream
}

/// What a connected feed says, in order.
public enum FriendFeedMessage: Sendable, Equatable {
    /// Where a stream asked for "from now on" starts: the changes after this sequence follow.
    /// Resuming after it misses nothing, even when the stream drops before its first change.
    case position(Int)
    case change(FriendChange)
}

public typealias FriendChangeStream = AsyncThrowingStream<FriendFeedMessage, any Error>
