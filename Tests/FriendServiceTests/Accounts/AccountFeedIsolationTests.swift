import Foundation
import FriendStorage
import FriendsAPI
import HTTPTypes
import HummingbirdTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService

/// Each person's live feed carries their own changes only, numbered in their own sequence, so
/// that neither the events nor their ids tell one person about another's activity.
struct AccountFeedIsolationTests {
    typealias App = AccountsTestApp

    @Test func aCatchUpHoldsOnlyYourChangesInYourOwnSequence() async throws {
        try await App.run { server in
            let client = server.http
            for name in ["alice", "alice", "bob", "alice"] {
                let created = try await client.send(.post, "/friends", json: #"{"firstname": "\#(name)", "lastname": "X"}"#, headers: App.basic(name))
                #expect(created.status == .created)
            }
            let events = try await client.send(.get, FriendsRoutes.events + "?after=0&follow=false", headers: App.basic("bob")).text
            #expect(events.contains("id: 1\nevent: created"))
            #expect(!events.contains("alice"))
            #expect(!events.contains("id: 2"))
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aLiveSubscriberNeverReceivesAnotherPersonsChange() async throws {
        let registry = MemoryAccountRegistry()
        for name in ["alice", "bob"] { try await App.add(name, to: registry) }
        let server = try await FriendServer.start(App.configuration(registry: registry))
        func create(_ first: String, as name: String) async throws {
            var request = URLRequest(url: server.url.appendingPathComponent("friends"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"firstname": "\#(first)", "lastname": "X"}"#.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(App.basic(name)[.authorization], forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
        }
        try await create("Ann", as: "alice")
        try await create("Ben", as: "bob")
        var subscribe = URLRequest(url: URL(string: server.url.absoluteString + FriendsRoutes.events + "?after=0")!)
        subscribe.setValue(App.basic("bob")[.authorization], forHTTPHeaderField: "Authorization")
        let stream = Task { [subscribe] in try await URLSession.shared.data(for: subscribe) }
        let bob = try #require(await registry.account(named: AccountName(validating: "bob")))
        let bobsFeed = try #require(await server.spaces.feed(ofAccount: bob.id))
        await bobsFeed.waitForSubscribers(1)
        try await create("Amy", as: "alice")
        try await create("Bo", as: "bob")
        await bobsFeed.catchUp()
        try await server.shutdown()
        let (data, response) = try await stream.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""firstname":"Ben""#))
        #expect(text.contains(#""firstname":"Bo""#))
        #expect(!text.contains("Ann"))
        #expect(!text.contains("Amy"))
    }
}
