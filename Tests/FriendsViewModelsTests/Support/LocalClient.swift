import Foundation
import FriendsAPI
import FriendsClient

/// The fake client, as a FriendService on this machine.
struct LocalClient: FriendsProviding {
    let client: FakeFriendsClient
    init(_ client: FakeFriendsClient) { self.client = client }
    var isOnThisMachine: Bool { true }
    func friends(_ query: FriendListQuery) async throws(AppServerError) -> FriendPage { try await client.friends(query) }
    func friend(id: Int) async throws(AppServerError) -> Versioned<Friend> { try await client.friend(id: id) }
    func addFriend(_ friend: NewFriend) async throws(AppServerError) -> Versioned<Friend> { try await client.addFriend(friend) }
    func updateFriend(id: Int, with update: FriendUpdate, ifMatch: String?) async throws(AppServerError) -> Versioned<Friend> {
        try await client.updateFriend(id: id, with: update, ifMatch: ifMatch)
    }
    func deleteFriend(id: Int, ifMatch: String?) async throws(AppServerError) { try await client.deleteFriend(id: id, ifMatch: ifMatch) }
    func avatar(id: Int) async throws(AppServerError) -> Data { try await client.avatar(id: id) }
}
