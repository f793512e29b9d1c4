import FriendsAPI

/// Where friends are kept. One contract, three implementations (memory, SQLite, PostgreSQL);
/// `FriendStoreContractTests` holds every implementation to it.
///
/// The contract is five jobs, each a protocol of its own, so that code that needs one job asks
/// for that one and a decorator implements only the job it changes (`ComposedFriendStore`):
/// reading friends (`FriendReading`), writing them (`FriendWriting`), the change log of the live
/// feed (`FriendChangeLog`), the address book's name (`AddressBookNaming`), and opening,
/// migrating, pinging and closing (`FriendStoreLifecycle`).
public protocol FriendStore: FriendReading, FriendWriting, FriendChangeLog, AddressBookNaming, FriendStoreLifecycle {}

/// A friend with the version counter its ETag is made of.
public struct StoredFriend: Sendable, Equatable {
    public var friend: Friend
    /// Starts at 1, grows by one on every update that changes something.
    public var version: Int

    public init(friend: Friend, version: Int) {
        self.friend = friend
        self.version = version
    }
}

/// What the client said the stored version must be (from `If-Match`).
public enum VersionPrecondition: Sendable, Equatable {
    /// No `If-Match`, or `If-Match: *`: any existing friend.
    case any
    /// One of these versions (the tags of `If-Match` that name this friend).
    case oneOf(Set<Int>)

    public func isSatisfied(by version: Int) -> Bool {
        switch self {
        case .any: true
        case .oneOf(let versions): versions.contains(version)
        }
    }
}

public enum FriendStoreError: Error, Equatable, Sendable {
    case notFound(id: Int)
    case preconditionFailed(id: Int, currentVersion: Int)
    /// The storage cannot be reached or did not answer (an outage, a connection lost): the
    /// request may succeed when tried again. The message is for logs, not for clients.
    case unavailable(String)
    /// The storage answers, but not this request in time: every connection was busy, or a lock or
    /// statement timeout ended it. Trying again shortly may succeed; nothing is down.
    case busy(String)
    /// The disk holding the database `file` is full: writes fail until space is freed, reads go on.
    case diskFull(file: String)
}
