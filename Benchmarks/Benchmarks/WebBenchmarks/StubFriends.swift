import BenchmarkSupport
import Foundation
import FriendsAPI
import FriendsClient

/// FriendService's answers, from memory: the page benchmarks measure drawing, not the network.
struct StubFriends: FriendsProviding {
    let friends: [Friend]

    func friends(_ query: FriendListQuery) async throws(AppServerError) -> FriendPage {
        let limit = query.limit ?? 50
        return FriendPage(items: Array(friends.prefix(limit)), nextCursor: friends.count > limit ? "more" : nil, total: friends.count)
    }

    func friend(id: Int) async throws(AppServerError) -> Versioned<Friend> {
        guard let friend = friends.first(where: { $0.id == id }) else { throw .notFound }
        return Versioned(friend, eTag: "\"1\"")
    }

    func addFriend(_ friend: NewFriend) async throws(AppServerError) -> Versioned<Friend> {
        throw .notFound
    }

    func updateFriend(id: Int, with update: FriendUpdate, ifMatch: String?) async throws(AppServerError) -> Versioned<Friend> {
        throw .notFound
    }

    func deleteFriend(id: Int, ifMatch: String?) async throws(AppServerError) {}

    func avatar(id: Int) async throws(AppServerError) -> Data {
        Data("<svg/>".utf8)
    }
}
