import Foundation
import FriendsAPI

/// What the Friends view models need from FriendService; `AppServerClient` is the real one,
/// tests pass a fake.
public protocol FriendsProviding: Sendable {
    /// One page of friends, sorted by last name, first name, id.
    func friends(_ query: FriendListQuery) async throws(AppServerError) -> FriendPage
    /// One friend with its current `ETag`.
    func friend(id: Int) async throws(AppServerError) -> Versioned<Friend>
    /// Creates a friend; returns it as stored, with its `ETag`.
    func addFriend(_ friend: NewFriend) async throws(AppServerError) -> Versioned<Friend>
    /// Changes the fields present in `update`; with `ifMatch`, only if nobody changed the friend since.
    func updateFriend(id: Int, with update: FriendUpdate, ifMatch: String?) async throws(AppServerError) -> Versioned<Friend>
    /// Removes a friend; with `ifMatch`, only if nobody changed it since.
    func deleteFriend(id: Int, ifMatch: String?) async throws(AppServerError)
    /// The friend's generated avatar image (SVG bytes).
    func avatar(id: Int) async throws(AppServerError) -> Data
    /// True when FriendService runs on this machine (a loopback address): a failure is then not
    /// the network's.
    var isOnThisMachine: Bool { get }
}

extension FriendsProviding {
    /// Elsewhere, unless told otherwise.
    public var isOnThisMachine: Bool { false }
}
