import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService
@testable import FriendStorage

/// `GET /friends/events`, over real connections (the live part of a stream is written straight
/// to its connection, which the router's test channel does not have): the test waits until the
/// stream has subscribed, makes its changes, lets the feed deliver them and shuts the feed down,
/// which ends the stream; then the whole body is checked.
@Suite(.timeLimit(.minutes(3)))
struct ChangeEventsTests {
    @Test func createdUpdatedAndDeletedArriveInOrderWithTheFriendAndItsVersion() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            async let stream = client.send(.get, FriendsRoutes.events)
            await feed.waitForSubscribers(1)
            let (ada, _) = try await client.createFriend(#"{"firstname": "Ada", "lastname": "Lovelace", "about": "Line\none \"quoted\""}"#)
            try await client.send(.patch, "/friends/\(ada.id)", json: #"{"lastname": "King"}"#)
            try await client.send(.delete, "/friends/\(ada.id)")
            await feed.catchUp()
            feed.shutdown()
            let response = try await stream
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            let friend = #""about":"Line\none \"quoted\"","addresses":[],"birthday":"","email":"","emails":[],"firstname":"Ada","id":\#(ada.id)"#
            let details = #""organization":"","phonenumber":"","phones":[],"photo":false,"uid":"\#(ada.uid)""#
            #expect(response.headers[.connection] == "close")
            #expect(response.text == """
                : connected

                id: 0

                id: 1
                event: created
                data: {\(friend),"lastname":"Lovelace",\(details),"version":1}

                id: 2
                event: updated
                data: {\(friend),"lastname":"King",\(details),"version":2}

                id: 3
                event: deleted
                data: {"id":\(ada.id)}


                """)
        }
    }

    @Test(arguments: ["header", "query"])
    func resumingReplaysWhatWasMissedThenGoesLive(by position: String) async throws {
        try await TestApp.runWithFeed { client, _, feed in
            for name in ["Ada", "Grace", "Edsger"] { _ = try await client.createFriend(#"{"firstname": "\#(name)", "lastname": "X"}"#) }
            await feed.catchUp()
            async let stream = position == "header"
                ? client.send(.get, FriendsRoutes.events, headers: .lastEventID("1"))
                : client.send(.get, FriendsRoutes.events + "?after=1")
            await feed.waitForSubscribers(1)
            _ = try await client.createFriend(#"{"firstname": "Barbara", "lastname": "X"}"#)
            await feed.catchUp()
            feed.shutdown()
            let events = try await stream.events
            #expect(events.map(\.sequence) == [2, 3, 4])
            #expect(events.map(\.eventName) == ["created", "created", "created"])
        }
    }

    @Test func lastEventIDWinsOverAfter() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            for name in ["Ada", "Grace", "Edsger"] { _ = try await client.createFriend(#"{"firstname": "\#(name)", "lastname": "X"}"#) }
            await feed.catchUp()
            async let stream = client.send(.get, FriendsRoutes.events + "?after=0", headers: .lastEventID("2"))
            await feed.waitForSubscribers(1)
            feed.shutdown()
            #expect(try await stream.events.map(\.sequence) == [3])
        }
    }

    @Test func aPositionOlderThanTheKeptHistoryGetsOneResetThenLiveChanges() async throws {
        try await TestApp.runWithFeed(configure: { $0.changeHistoryLimit = 2 }) { client, store, feed in
            for index in 0..<5 { _ = try await client.createFriend(#"{"firstname": "F\#(index)", "lastname": "X"}"#) }
            await feed.catchUp()
            #expect(try await store.changes(after: 1, limit: 10) == nil, "the feed pruned the log to its history limit")
            async let stream = client.send(.get, FriendsRoutes.events, headers: .lastEventID("1"))
            await feed.waitForSubscribers(1)
            _ = try await client.createFriend(#"{"firstname": "Late", "lastname": "X"}"#)
            await feed.catchUp()
            feed.shutdown()
            let events = try await stream.events
            #expect(events.map(\.sequence) == [5, 6])
            #expect(events.map(\.eventName) == ["reset", "created"])
        }
    }

    @Test func aNewSubscriberIsToldWhereItStartsBeforeAnyChange() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            for name in ["Ada", "Grace"] { _ = try await client.createFriend(#"{"firstname": "\#(name)", "lastname": "X"}"#) }
            await feed.catchUp()
            async let stream = client.send(.get, FriendsRoutes.events)
            await feed.waitForSubscribers(1)
            feed.shutdown()
            #expect(try await stream.text == ": connected\n\nid: 2\n\n")
        }
    }

    @Test func aPositionAheadOfTheLogGetsAReset() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            async let stream = client.send(.get, FriendsRoutes.events + "?after=40")
            await feed.waitForSubscribers(1)
            feed.shutdown()
            let response = try await stream
            #expect(response.text == ": connected\n\nid: 0\nevent: reset\ndata: {}\n\n")
        }
    }

    /// A client that polls asks for what it missed and gets a stream that ends, without waiting for
    /// the feed to stop.
    @Test func withoutFollowingTheStreamEndsAfterWhatWasMissed() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            for name in ["Ada", "Grace", "Edsger"] { _ = try await client.createFriend(#"{"firstname": "\#(name)", "lastname": "X"}"#) }
            await feed.catchUp()
            let caughtUp = try await client.send(.get, FriendsRoutes.events + "?after=1&follow=false")
            #expect(caughtUp.status == .ok)
            #expect(try caughtUp.events.map(\.sequence) == [2, 3])
            let fresh = try await client.send(.get, FriendsRoutes.events + "?follow=false")
            #expect(fresh.text == ": connected\n\nid: 3\n\n")
            #expect(feed.subscriberCount == 0)
        }
    }

    @Test(arguments: ["yes", "0", ""])
    func aFollowThatIsNotTrueOrFalseGets400(value: String) async throws {
        try await TestApp.runWithFeed { client, _, _ in
            let response = try await client.send(.get, FriendsRoutes.events + "?follow=\(value)")
            #expect(response.status == .badRequest)
            #expect(try response.envelope.fields["follow"] != nil)
        }
    }

    @Test func anIdleStreamGetsAKeepAliveComment() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            async let stream = client.send(.get, FriendsRoutes.events)
            await feed.waitForSubscribers(1)
            feed.keepAlive()
            feed.shutdown()
            let response = try await stream
            #expect(response.text == ": connected\n\nid: 0\n\n: keep-alive\n\n")
        }
    }

    @Test(arguments: ["abc", "-1", "1.5"])
    func aPositionThatIsNotASequenceGets400(value: String) async throws {
        try await TestApp.runWithFeed { client, _, _ in
            let response = try await client.send(.get, FriendsRoutes.events, headers: .lastEventID(value))
            #expect(response.status == .badRequest)
            #expect(try response.envelope.fields["Last-Event-ID"] != nil)
        }
    }

    @Test func anAfterGivenTwiceGets400() async throws {
        try await TestApp.runWithFeed { client, _, _ in
            let response = try await client.send(.get, FriendsRoutes.events + "?after=0&after=1&follow=false")
            #expect(response.status == .badRequest)
            #expect(try response.envelope.fields == ["after": "Given more than once."])
            #expect(try await client.send(.get, FriendsRoutes.events + "?after=01&follow=false").status == .badRequest, "written plainly")
        }
    }

    @Test func anAfterThatIsNotASequenceGets400EvenBesideAGoodHeader() async throws {
        try await TestApp.runWithFeed { client, _, _ in
            let response = try await client.send(.get, FriendsRoutes.events + "?after=-1&follow=false", headers: .lastEventID("0"))
            #expect(response.status == .badRequest)
            #expect(try response.envelope.fields["after"] != nil)
        }
    }

    @Test func theStreamNeedsTheTokenLikeEveryAPIRoute() async throws {
        try await TestApp.runWithFeed(token: "secret") { client, _, feed in
            let refused = try await client.send(.get, FriendsRoutes.events)
            #expect(refused.status == .unauthorized)
            _ = try refused.envelope
            #expect(feed.subscriberCount == 0)

            async let stream = client.send(.get, FriendsRoutes.events, headers: [.authorization: "Bearer secret"])
            await feed.waitForSubscribers(1)
            feed.shutdown()
            let response = try await stream
            #expect(response.status == .ok)
        }
    }

    @Test func aSubscriberThatNeverReadsGetsResetAndIsDroppedWhenItsBufferIsFull() async throws {
        try await TestApp.runWithFeed(configure: { $0.changeBufferSize = 3 }) { client, _, feed in
            let (stalled, _) = try await feed.subscribe()
            for index in 0..<5 { _ = try await client.createFriend(#"{"firstname": "F\#(index)", "lastname": "X"}"#) }
            await feed.catchUp()
            #expect(stalled.isFinished)
            #expect(stalled.bufferedCount == 1)
            #expect(await stalled.next() == .change(EncodedChange(FriendChange(sequence: 4, event: .reset))))
            #expect(await stalled.next() == nil)
        }
    }

    @Test func aSubscriberThatKeepsUpGetsEveryChange() async throws {
        try await TestApp.runWithFeed(configure: { $0.changeBufferSize = 3 }) { client, _, feed in
            let (subscription, _) = try await feed.subscribe()
            var sequences: [Int] = []
            for index in 0..<6 {
                _ = try await client.createFriend(#"{"firstname": "F\#(index)", "lastname": "X"}"#)
                await feed.catchUp()
                if case .change(let encoded) = await subscription.next() { sequences.append(encoded.change.sequence) }
            }
            #expect(sequences == [1, 2, 3, 4, 5, 6])
            #expect(feed.subscriberCount == 1)
        }
    }

    @Test func afterShutdownNewStreamsEndAtOnce() async throws {
        try await TestApp.runWithFeed { client, _, feed in
            feed.shutdown()
            let response = try await client.send(.get, FriendsRoutes.events)
            #expect(response.status == .ok)
            #expect(response.text == ": connected\n\nid: 0\n\n")
        }
    }
}

extension TestApp {
    /// As `run`, with the application's change feed in hand, over real connections (a stream's
    /// live part is written to its connection, which the router's test channel does not have).
    static func runWithFeed(
        token: String? = nil,
        configure: (inout FriendServerConfiguration) -> Void = { _ in },
        store: any FriendStore = MemoryFriendStore(),
        _ body: @Sendable (any TestClientProtocol, any FriendStore, ChangeFeed) async throws -> Void
    ) async throws {
        var configuration = configuration(token: token)
        configure(&configuration)
        try await store.migrate()
        let feed = makeChangeFeed(store: store, configuration: configuration)
        let application = buildApplication(configuration, store: store, feed: feed)
        try await application.test(.ahc()) { client in
            try await body(client, store, feed)
        }
    }
}

extension HTTPFields {
    static func lastEventID(_ value: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.init(FriendsHTTPHeader.lastEventID)!] = value
        return headers
    }
}

extension TestResponse {
    /// The events of a Server-Sent Events body, read with the client's own decoding.
    var events: [FriendChange] {
        get throws {
            try text.components(separatedBy: "\n\n").compactMap { block -> FriendChange? in
                var fields: [String: String] = [:]
                for line in block.split(separator: "\n") where !line.hasPrefix(":") {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    fields[String(parts[0])] = parts.count > 1 ? String(parts[1].dropFirst()) : ""
                }
                guard let id = fields["id"], let event = fields["event"] else { return nil }
                return try FriendChange(id: id, event: event, data: fields["data"] ?? "")
            }
        }
    }
}
