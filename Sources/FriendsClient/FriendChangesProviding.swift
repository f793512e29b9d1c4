import FriendsAPI

/// The live change feed, as `ReconnectingFriendChanges` (and view models, through it) need it;
/// `AppServerClient` is the real one, tests pass a fake.
public protocol FriendChangesProviding: Sendable {
    /// Connects to the feed and returns once the server accepted, with the changes committed
    /// after `sequence` (from now on when `nil`) as they come. The changes end when the server
    /// closes the stream and throw an `AppServerError` when the connection fails.
    func changes(after sequence: Int?) async throws(AppServerError) -> FriendChangeStream
}

public typealias FriendChangeStream = AsyncThrowingStream<FriendChange, any Error>
