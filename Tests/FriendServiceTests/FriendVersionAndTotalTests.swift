import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService
@testable import FriendStorage

/// The `/friends` routes send each friend's version (what its ETag is made of) and, with the first
/// page, how many friends match; the original client's routes stay as they were.
struct FriendVersionAndTotalTests {
    @Test func friendsOnTheFriendsRoutesCarryTheVersionOfTheirETag() async throws {
        try await TestApp.run { client, _ in
            let (created, tag) = try await client.createFriend()
            #expect(created.version == 1)
            #expect(created.eTag == tag)
            let patched = try await client.send(.patch, "/friends/\(created.id)", json: #"{"lastname": "King"}"#)
            let updated = try patched.decode(Friend.self)
            #expect(updated.version == 2)
            #expect(patched.headers[.eTag] == updated.eTag)
            let shown = try await client.send(.get, "/friends/\(created.id)")
            #expect(try shown.decode(Friend.self) == updated)
            let page = try await client.send(.get, "/friends").decode(FriendPage.self)
            #expect(page.items == [updated])
        }
    }

    @Test func theFirstPageCountsTheFriendsTheQueryMatchesAndLaterPagesDoNot() async throws {
        try await TestApp.run { client, store in
            try await store.insert((1...5).map { NewFriend.sample("Ann", "Smith\($0)") } + [.sample("Grace", "Hopper")])
            let first = try await client.send(.get, "/friends?limit=2").decode(FriendPage.self)
            #expect(first.total == 6)
            let cursor = try #require(first.nextCursor)
            let second = try await client.send(.get, "/friends?limit=2&cursor=\(cursor)")
            #expect(try second.decode(FriendPage.self).total == nil)
            #expect(!String(buffer: second.body).contains("total"))
            #expect(try await client.send(.get, "/friends?q=smi&limit=1").decode(FriendPage.self).total == 5)
            #expect(try await client.send(.get, "/friends?q=nobody").decode(FriendPage.self).total == 0)
        }
    }

    @Test func aSearchMatchingMoreThanAThousandLeavesTheTotalOut() async throws {
        try await TestApp.run { client, store in
            try await store.insert((1...1_001).map { NewFriend.sample("Ann", "Smith\($0)") })
            #expect(try await client.send(.get, "/friends?q=smith").decode(FriendPage.self).total == nil)
            #expect(try await client.send(.get, "/friends?q=smith1").decode(FriendPage.self).total == 113)
            #expect(try await client.send(.get, "/friends").decode(FriendPage.self).total == 1_001)
        }
    }

    @Test func theOriginalClientsRoutesSendNoVersion() async throws {
        try await TestApp.run { client, _ in
            let added = try await client.send(.post, "/addFriend", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
            let edited = try await client.send(.patch, "/editFriend/1", json: #"{"lastname": "King"}"#)
            let listed = try await client.send(.get, "/listFriends")
            for response in [added, edited, listed] {
                #expect(!String(buffer: response.body).contains("version"))
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func everyStoreCountsWhatItsSearchMatches(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.insert([
                .sample("Ada", "Lovelace", phone: "0501234567"), .sample("Adam", "Smith"), .sample("Grace", "Hopper"),
            ])
            #expect(try await store.count(matching: nil, atMost: nil) == 3)
            #expect(try await store.count(matching: nil, atMost: 2) == 2)
            #expect(try await store.count(matching: FriendSearch("ad"), atMost: nil) == 2)
            #expect(try await store.count(matching: FriendSearch("ad"), atMost: 1) == 1)
            #expect(try await store.count(matching: FriendSearch("050 12"), atMost: 10) == 1)
            #expect(try await store.count(matching: FriendSearch("ada lov"), atMost: nil) == 1)
            #expect(try await store.count(matching: FriendSearch("zzz"), atMost: 10) == 0)
        }
    }
}
