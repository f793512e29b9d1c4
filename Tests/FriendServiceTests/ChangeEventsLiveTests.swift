import Foundation
import FriendsAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage

/// The change feed over real sockets and, with PostgreSQL, across server instances.
struct ChangeEventsLiveTests {
    @Test(.timeLimit(.minutes(3)))
    func shuttingDownEndsAnOpenStreamCleanlyAfterWhatWasDelivered() async throws {
        let server = try await FriendServer.start(TestApp.configuration())
        let stream = Task { try await URLSession.shared.data(from: server.url.appendingPathComponent("friends/events")) }
        await server.feed.waitForSubscribers(1)
        let created = try await server.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
        await server.feed.catchUp()
        try await server.shutdown()

        let (data, response) = try await stream.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let friend = try JSONDecoder().decode(Friend.self, from: created)
        #expect(String(decoding: data, as: UTF8.self).hasSuffix("""
            id: 1
            event: created
            data: {"about":"","addresses":[],"birthday":"","email":"","emails":[],"firstname":"Ada","id":\(friend.id),"lastname":"Lovelace","organization":"","phonenumber":"","phones":[],"photo":false,"uid":"\(friend.uid)","version":1}


            """))
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil), .timeLimit(.minutes(3)))
    func changesThroughEitherInstanceReachTheSubscribersOfBothOnceAndInOrder() async throws {
        let url = try PostgresTestDatabase.freshSchemaURL()
        var configuration = TestApp.configuration()
        configuration.database = .postgres(url: url)
        let first = try await FriendServer.start(configuration)
        let second = try await FriendServer.start(configuration)
        let cleanUp = {
            try? await first.shutdown()
            try? await second.shutdown()
            guard let location = try? PostgresLocation(url: url) else { return }
            let store = PostgresFriendStore(location: location, leaseTimeout: PostgresTestDatabase.leaseTimeout)
            try? await store.dropSchema()
            try? await store.close()
        }
        do {
            let (onFirst, _) = try await first.feed.subscribe()
            let (onSecond, _) = try await second.feed.subscribe()
            let created = try JSONDecoder().decode(
                Friend.self, from: try await first.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#))
            _ = try await second.send("PATCH", "friends/\(created.id)", json: #"{"lastname": "King"}"#)
            _ = try await first.send("DELETE", "friends/\(created.id)")

            for subscription in [onFirst, onSecond] {
                var received: [FriendChange] = []
                while received.count < 3, let item = await subscription.next() {
                    if case .change(let encoded) = item { received.append(encoded.change) }
                }
                let ada = Friend(id: created.id, firstname: "Ada", lastname: "Lovelace", uid: created.uid)
                let renamed = Friend(id: created.id, firstname: "Ada", lastname: "King", uid: created.uid)
                #expect(received == [
                    FriendChange(sequence: 1, event: .created(ada, version: 1)),
                    FriendChange(sequence: 2, event: .updated(renamed, version: 2)),
                    FriendChange(sequence: 3, event: .deleted(id: created.id)),
                ])
                #expect(subscription.bufferedCount == 0, "nothing delivered twice")
            }
        } catch {
            await cleanUp()
            throw error
        }
        await cleanUp()
    }
}

extension RunningFriendServer {
    /// Sends a request and returns the body of its 2xx answer.
    func send(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        #expect((200..<300).contains(status), "\(method) \(path): \(status)")
        return data
    }
}
