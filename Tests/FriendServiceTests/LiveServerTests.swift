import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// Over a real socket on 127.0.0.1 with an OS-picked port.
struct LiveServerTests {
    @Test func createAndListOverARealSocket() async throws {
        try await TestApp.run(.live) { client, _ in
            let (created, _) = try await client.createFriend(#"{"firstname": "李", "lastname": "王", "phonenumber": "+86 10 1234 5678"}"#)
            let page = try await client.send(.get, "/friends?q=%E7%8E%8B").decode(FriendPage.self)
            #expect(page.items == [created])
            let missing = try await client.send(.get, "/friends/\(created.id + 1)")
            #expect(missing.status == .notFound)
            _ = try missing.envelope
        }
    }

    @Test func anEmbeddedServerReportsItsPortAndStops() async throws {
        var configuration = TestApp.configuration()
        configuration.database = .memory
        let server = try await FriendServer.start(configuration)
        #expect(server.url.host == "127.0.0.1")
        #expect((server.url.port ?? 0) > 0)
        let (data, response) = try await URLSession.shared.data(from: server.url.appendingPathComponent("health"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONDecoder().decode(HealthStatus.self, from: data).database == "memory")
        try await server.shutdown()
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(from: server.url.appendingPathComponent("health"))
        }
    }

    @Test func anEmbeddedSQLiteServerKeepsFriendsAcrossRestarts() async throws {
        try await TemporaryDirectory.with { directory in
            var configuration = TestApp.configuration()
            configuration.database = .sqlite(path: directory.appendingPathComponent("nested/friends.sqlite").path)
            let first = try await FriendServer.start(configuration)
            var request = URLRequest(url: first.url.appendingPathComponent("addFriend"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"firstname": "Ada", "lastname": "Lovelace", "phonenumber": "050"}"#.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
            try await first.shutdown()

            let second = try await FriendServer.start(configuration)
            let (data, _) = try await URLSession.shared.data(from: second.url.appendingPathComponent("listFriends"))
            #expect(try JSONDecoder().decode([Friend].self, from: data).map(\.lastname) == ["Lovelace"])
            try await second.shutdown()
        }
    }

    @Test func aTakenPortFailsToStartWithAnError() async throws {
        let running = try await FriendServer.start(TestApp.configuration())
        var configuration = TestApp.configuration()
        configuration.port = try #require(running.url.port)
        await #expect(throws: (any Error).self) { try await FriendServer.start(configuration) }
        try await running.shutdown()
    }
}
