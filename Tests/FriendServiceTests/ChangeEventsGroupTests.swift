import Foundation
import FriendsAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService
@testable import FriendStorage

/// Friends' views hear nothing of a group's changes over the live feed, live or replayed: each
/// would have been a deletion of an id no list holds, taken from every list's count.
struct ChangeEventsGroupTests {
    @Test(.timeLimit(.minutes(3)))
    func aGroupsChangesAreNotSentLiveOrReplayed() async throws {
        let server = try await FriendServer.start(TestApp.configuration())
        let live = Task { try await URLSession.shared.data(from: server.url.appendingPathComponent("friends/events")) }
        await server.feed.waitForSubscribers(1)
        let group = try await server.feed.store.create(card: try FriendStoreGroupTests.card(FriendStoreGroupTests.appleGroup), resourceName: nil)
        _ = try await server.feed.store.delete(id: group.friend.id, if: .any)
        _ = try await server.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
        await server.feed.catchUp()

        var replay = URLRequest(url: server.url.appendingPathComponent("friends/events"))
        replay.url = URL(string: replay.url!.absoluteString + "?follow=false")
        replay.setValue("0", forHTTPHeaderField: "Last-Event-ID")
        let (replayed, _) = try await URLSession.shared.data(for: replay)
        try await server.shutdown()
        let (sent, _) = try await live.value

        for text in [String(decoding: sent, as: UTF8.self), String(decoding: replayed, as: UTF8.self)] {
            #expect(text.contains("id: 3\nevent: created\n"), "\(text)")
            #expect(text.components(separatedBy: "event:").count == 2, "one event only: \(text)")
        }
    }
}
