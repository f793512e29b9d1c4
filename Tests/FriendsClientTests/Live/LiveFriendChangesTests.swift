import Foundation
import FriendService
import FriendStorage
import FriendsAPI
import FriendsClient
import SQLiteFriendStorage
import Testing

/// The reconnecting feed against a real FriendService that is stopped and started again.
struct LiveFriendChangesTests {
    @Test(.timeLimit(.minutes(3)))
    func afterTheServerComesBackTheFeedResumesWithWhatItMissed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Self.configuration(in: directory)
        let first = try await FriendServer.start(configuration)
        let client = AppServerClient(baseURL: first.url, timeout: 30)
        let clock = ManualClock()
        var iterator: AsyncStream<ReconnectingFriendChanges.Element>.Iterator? =
            ReconnectingFriendChanges(source: client, clock: clock).makeAsyncIterator()
        #expect(await iterator?.next() == .state(.connecting))
        #expect(await iterator?.next() == .state(.live))
        let ada = try await client.addFriend(NewFriend(firstname: "Ada", lastname: "Lovelace"))
        #expect(await iterator?.next() == .change(FriendChange(sequence: 1, event: .created(ada.value, version: 1))))

        try await first.shutdown()
        #expect(await iterator?.next() == .state(.reconnecting))
        await clock.waitForSleepers()
        configuration.port = try #require(first.url.port)
        let second = try await Self.start(configuration)
        let grace = try await client.addFriend(NewFriend(firstname: "Grace", lastname: "Hopper"))
        clock.advance(by: .milliseconds(500))

        #expect(await iterator?.next() == .state(.live))
        #expect(await iterator?.next() == .change(FriendChange(sequence: 2, event: .created(grace.value, version: 1))))
        iterator = nil
        try await second.shutdown()
    }

    /// The early drop: a feed asked for "from now on" learns its position from the server before
    /// any change, so a change made while it was away is delivered when it comes back.
    @Test(.timeLimit(.minutes(3)))
    func aFeedThatDropsBeforeItsFirstChangeGetsTheChangesMadeWhileItWasAway() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Self.configuration(in: directory)
        let first = try await FriendServer.start(configuration)
        let client = AppServerClient(baseURL: first.url, timeout: 30)
        let clock = ManualClock()
        var iterator: AsyncStream<ReconnectingFriendChanges.Element>.Iterator? =
            ReconnectingFriendChanges(source: client, clock: clock).makeAsyncIterator()
        #expect(await iterator?.next() == .state(.connecting))
        #expect(await iterator?.next() == .state(.live))

        try await first.shutdown()
        #expect(await iterator?.next() == .state(.reconnecting))
        await clock.waitForSleepers()
        configuration.port = try #require(first.url.port)
        let second = try await Self.start(configuration)
        let grace = try await client.addFriend(NewFriend(firstname: "Grace", lastname: "Hopper"))
        clock.advance(by: .milliseconds(500))

        #expect(await iterator?.next() == .state(.live))
        #expect(await iterator?.next() == .change(FriendChange(sequence: 1, event: .created(grace.value, version: 1))))
        iterator = nil
        try await second.shutdown()
    }

    /// A server over a SQLite file in `directory`, so that a second server on it starts where the first stopped.
    private static func configuration(in directory: URL) -> FriendServerConfiguration {
        FriendServerConfiguration(
            hostname: "127.0.0.1", port: 0, database: .sqlite(path: directory.appendingPathComponent("friends.sqlite").path),
            backends: [SQLiteBackend()], logLevel: .critical
        )
    }

    /// Starts the server again on the port the client knows. Other tests' connections may hold that
    /// port as their own end for a moment, so binding is tried again for a few seconds.
    private static func start(_ configuration: FriendServerConfiguration) async throws -> RunningFriendServer {
        var attempts = 0
        while true {
            do {
                return try await FriendServer.start(configuration)
            } catch where attempts < 50 {
                attempts += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
