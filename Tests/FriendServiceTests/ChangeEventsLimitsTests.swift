import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import ServiceLifecycle
import TestSupport
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// What a live-feed subscriber may cost the server: a place among a bounded number, a connection
/// only while it reads and is there, and nothing past the database's outage or the server's end.
@Suite(.timeLimit(.minutes(3)))
struct ChangeEventsLimitsTests {
    // MARK: A cap of their own

    @Test func subscribersBeyondTheCapGet503WithRetryAfterWhileOtherRequestsAreServed() async throws {
        try await TestApp.runWithFeed(configure: { $0.maximumSubscribers = 2 }) { client, _, feed in
            async let first = client.send(.get, FriendsRoutes.events)
            async let second = client.send(.get, FriendsRoutes.events)
            await feed.waitForSubscribers(2)

            let refused = try await client.send(.get, FriendsRoutes.events)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "5")
            #expect(refused.headers[.connection] == "close")
            #expect(try refused.envelope.message.contains("live feed"))
            #expect(try await client.send(.get, "/friends").status == .ok)
            _ = try await client.createFriend()
            #expect(feed.subscriberCount == 2)

            feed.shutdown()
            #expect(try await first.status == .ok)
            #expect(try await second.status == .ok)
            await feed.waitForSubscribers(atMost: 0)
            async let third = client.send(.get, FriendsRoutes.events)
            #expect(try await third.status == .ok, "a place that was given back is free again")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aHEADOfTheFeedGivesItsPlaceBack() async throws {
        try await TestApp.runWithFeed(configure: { $0.maximumSubscribers = 1 }) { client, _, feed in
            for _ in 0..<2 {
                let response = try await client.send(.head, FriendsRoutes.events)
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                await feed.waitForSubscribers(atMost: 0)
            }
        }
    }

    @Test func byDefaultSubscribersMayTakeFourFifthsOfTheConnections() throws {
        var configuration = TestApp.configuration()
        #expect(configuration.subscriberLimit == 800)
        configuration.connectionLimits.maximumConnections = 50
        #expect(configuration.subscriberLimit == 40)
        configuration.maximumSubscribers = 49
        #expect(configuration.subscriberLimit == 49)
        try configuration.validate()
    }

    @Test(arguments: [0, 50, 51])
    func aCapThatLeavesNoConnectionForOtherRequestsIsRefused(maximumSubscribers: Int) {
        var configuration = TestApp.configuration()
        configuration.connectionLimits.maximumConnections = 50
        configuration.maximumSubscribers = maximumSubscribers
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
    }

    // MARK: Outage

    @Test func resumingWhileTheDatabaseIsDownGets503BeforeAnyStream() async throws {
        let store = ChangeLogProbeStore()
        try await TestApp.runWithFeed(store: store) { client, _, feed in
            for name in ["Ada", "Grace"] { _ = try await client.createFriend(#"{"firstname": "\#(name)", "lastname": "X"}"#) }
            await feed.catchUp()
            store.isDown.withLockedValue { $0 = true }

            let response = try await client.send(.get, FriendsRoutes.events, headers: .lastEventID("1"))
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            _ = try response.envelope
            #expect(feed.subscriberCount == 0, "the refused stream gave its place back")
        }
    }

    // MARK: Shutdown

    @Test func afterTheServerStopsNoFeedReadRunsAgainstTheClosedStore() async throws {
        let store = ChangeLogProbeStore()
        let configuration = TestApp.configuration()
        let feed = makeChangeFeed(store: store, configuration: configuration)
        let application = buildApplication(configuration, store: store, feed: feed)
        let group = ServiceGroup(configuration: .init(services: [application], gracefulShutdownSignals: [], logger: configuration.logger))
        let running = Task { try await group.run() }
        await feed.catchUp()
        #expect(store.reads.withLockedValue { $0 } > 0, "the feed read the log while it ran")

        await group.triggerGracefulShutdown()
        try await running.value
        try await store.close()
        await feed.catchUp()
        feed.announce()
        _ = try await store.create(NewFriend(firstname: "Late", lastname: "X"))
        await feed.catchUp()
        #expect(store.readsAfterClose.withLockedValue { $0 } == 0)
    }

    // MARK: Over real sockets

    @Test(.timeLimit(.minutes(3)))
    func subscribersCannotTakeTheConnectionsOrdinaryRequestsNeed() async throws {
        try await Self.withServer(configure: { $0.connectionLimits.maximumConnections = 3 }) { server, port in
            var subscribers: [RawHTTPConnection] = []
            for _ in 0..<2 {
                let subscriber = try RawHTTPConnection(port: port)
                try await subscriber.send("GET /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(try await subscriber.readResponse(toHEAD: true).status == 200)
                subscribers.append(subscriber)
            }
            let refused = try RawHTTPConnection(port: port)
            try await refused.send("GET /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = try await refused.readResponse()
            try ConnectionTests.expectEnvelope(answer, status: 503)
            #expect(answer.header("Retry-After") == "5")
            #expect(answer.header("Connection") == "close")
            refused.close()

            let health = try RawHTTPConnection(port: port)
            try await health.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await health.readResponse().status == 200)
            #expect(server.feed.subscriberCount == 2)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aClosedSubscriberIsNoticedAtOnceNotAtTheNextKeepAlive() async throws {
        try await Self.withServer(configure: { $0.changeKeepAliveInterval = .seconds(3_600) }) { server, port in
            let connection = try await Self.subscribe(to: server, port: port)

            connection.close()
            await server.feed.waitForSubscribers(atMost: 0)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aSubscriberThatStopsReadingIsLetGoWhenAWriteMakesNoProgress() async throws {
        try await Self.withServer(configure: {
            $0.changeKeepAliveInterval = .seconds(3_600)
            $0.changeBufferSize = 100_000
            $0.eventStreamLimits.progressTimeout = .milliseconds(300)
        }) { server, port in
            let connection = try await Self.subscribe(to: server, port: port)

            try await Self.makeMoreChangesThanTheBuffersHold(on: server)
            await server.feed.waitForSubscribers(atMost: 0)
            #expect(await connection.readToEnd().ending != .stillOpen)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aSubscriberThatPausesReadingGetsEveryChangeInOrderOnceItReadsAgain() async throws {
        try await Self.withServer(configure: {
            $0.changeKeepAliveInterval = .seconds(3_600)
            $0.changeBufferSize = 100_000
        }) { server, port in
            let connection = try await Self.subscribe(to: server, port: port)

            // Not read yet: the stream must wait until the client reads, then go on.
            let count = try await Self.makeMoreChangesThanTheBuffersHold(on: server)
            await server.feed.catchUp()
            server.feed.shutdown()
            let (ending, unread) = await connection.readToEnd()
            #expect(ending == .closed)
            // Line by line, in bytes: as `Character`s, the chunks' own "\r\n" would hide the line break.
            let ids = unread.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }.filter { $0.hasPrefix("id: ") }
            #expect(ids == (0...count).map { "id: \($0)" }, "the position, then every change once, in order")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func theConnectionClosesWhenItsStreamEnds() async throws {
        try await Self.withServer { server, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.header("Connection") == "close")
            await server.feed.waitForSubscribers(1)

            server.feed.shutdown()
            let (ending, unread) = await connection.readToEnd()
            #expect(ending == .closed)
            #expect(String(decoding: unread, as: UTF8.self).hasSuffix("0\r\n\r\n"))
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func anHTTP10SubscriberGetsTheEventsUnchunkedUntilTheConnectionEnds() async throws {
        try await Self.withServer { server, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /friends/events HTTP/1.0\r\nHost: localhost\r\n\r\n")
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.statusLine.hasPrefix("HTTP/1.0 200"))
            #expect(head.header("Transfer-Encoding") == nil)
            await server.feed.waitForSubscribers(1)

            _ = try await server.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
            await server.feed.catchUp()
            server.feed.shutdown()
            let (ending, unread) = await connection.readToEnd()
            #expect(ending == .closed)
            let body = String(decoding: unread, as: UTF8.self)
            #expect(body.hasPrefix(": connected\n\nid: 0\n\nid: 1\nevent: created\ndata: {"), "\(body)")
            #expect(body.hasSuffix("}\n\n"), "\(body)")
        }
    }

    /// A raw connection that holds the feed open; returns once the feed counts it.
    static func subscribe(to server: RunningFriendServer, port: Int) async throws -> RawHTTPConnection {
        let connection = try RawHTTPConnection(port: port)
        try await connection.send("GET /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try await connection.readResponse(toHEAD: true).status == 200)
        await server.feed.waitForSubscribers(1)
        return connection
    }

    /// Adds 300 friends, about 600 KB of events: more than every buffer between the server and
    /// a client that does not read. Returns how many changes it made.
    @discardableResult
    static func makeMoreChangesThanTheBuffersHold(on server: RunningFriendServer) async throws -> Int {
        let (count, about) = (300, String(repeating: "a", count: 1_900))
        for index in 0..<count {
            _ = try await server.send("POST", "friends", json: #"{"firstname": "F\#(index)", "lastname": "X", "about": "\#(about)"}"#)
        }
        return count
    }

    /// A server over an in-memory store configured by `configure`, stopped after `body`.
    static func withServer(
        configure: (inout FriendServerConfiguration) -> Void = { _ in },
        _ body: (RunningFriendServer, Int) async throws -> Void
    ) async throws {
        var configuration = TestApp.configuration()
        configure(&configuration)
        let server = try await FriendServer.start(configuration)
        let result = await Result.capturing { try await body(server, try #require(server.url.port)) }
        try await server.shutdown()
        try result.get()
    }
}

/// A memory store whose change log can go down, and which counts the log reads, also those
/// after it was closed, and the cards replaced.
final class ChangeLogProbeStore: FriendStore {
    let base: any FriendStore = MemoryFriendStore()
    let isDown = NIOLockedValueBox(false)
    let reads = NIOLockedValueBox(0)
    /// Reads of the changes themselves, not of the last sequence.
    let changeReads = NIOLockedValueBox(0)
    /// Calls of `replace(id:with:if:)`, each a write transaction in a real store.
    let replaces = NIOLockedValueBox(0)
    let readsAfterClose = NIOLockedValueBox(0)
    private let isClosed = NIOLockedValueBox(false)

    var kind: String { "probe" }

    private func read() throws {
        reads.withLockedValue { $0 += 1 }
        if isClosed.withLockedValue({ $0 }) { readsAfterClose.withLockedValue { $0 += 1 } }
        if isDown.withLockedValue({ $0 }) { throw FriendStoreError.unavailable("the test took the database down") }
    }

    func loggedChanges(after sequence: Int, limit: Int) async throws -> [LoggedChange]? {
        try read()
        changeReads.withLockedValue { $0 += 1 }
        return try await base.loggedChanges(after: sequence, limit: limit)
    }

    func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]? { try await base.cardChanges(after: sequence, limit: limit) }
    func latestChangeSequence() async throws -> Int {
        try read()
        return try await base.latestChangeSequence()
    }
    func changeLogEpoch() async throws -> Int { try await base.changeLogEpoch() }

    func close() async throws {
        isClosed.withLockedValue { $0 = true }
    }

    func migrate() async throws { try await base.migrate() }
    func schemaVersion() async throws -> Int { try await base.schemaVersion() }
    func startTimelineAfterRestore(now: Date) async throws { try await base.startTimelineAfterRestore(now: now) }
    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func listSnapshot(_ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed) async throws -> FriendListSnapshot {
        try await base.listSnapshot(request, reading: need)
    }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int { try await base.count(matching: search, atMost: limit) }
    func friend(uid: String) async throws -> StoredFriend? { try await base.friend(uid: uid) }
    func card(id: Int) async throws -> StoredCard? { try await base.card(id: id) }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await base.cardSummaries(afterID: afterID, limit: limit)
    }
    func cards(named names: [String]) async throws -> [StoredCard] { try await base.cards(named: names) }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await base.cards(matching: search, afterID: afterID, limit: limit)
    }
    func create(card: VCard, resourceName: String?) async throws -> StoredFriend { try await base.create(card: card, resourceName: resourceName) }
    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        replaces.withLockedValue { $0 += 1 }
        return try await base.replace(id: id, with: card, if: precondition)
    }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func friend(id: Int) async throws -> StoredFriend? { try await base.friend(id: id) }
    func create(_ fields: NewFriend) async throws -> StoredFriend { try await base.create(fields) }
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await base.update(id: id, with: update, if: precondition)
    }
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend { try await base.delete(id: id, if: precondition) }
    func insert(_ friends: [NewFriend]) async throws { try await base.insert(friends) }
    func pruneChanges(keepingLast count: Int) async throws { try await base.pruneChanges(keepingLast: count) }
    func addressBookName() async throws -> String? { try await base.addressBookName() }
    func setAddressBookName(_ name: String?) async throws { try await base.setAddressBookName(name) }
    func ping() async throws { try await base.ping() }
}
