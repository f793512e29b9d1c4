import Foundation
import FriendsAPI
import FriendsClient
import FriendService
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers one scripted event stream and records the request.
final class FakeEventStreamTransport: EventStreamTransport, @unchecked Sendable {
    private let status: Int
    private let chunks: [String]
    private let lock = NSLock()
    private var requests: [URLRequest] = []

    init(status: Int = 200, chunks: [String]) {
        self.status = status
        self.chunks = chunks
    }

    var lastRequest: URLRequest? { lock.withLock { requests.last } }

    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        lock.withLock { requests.append(request) }
        let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])!
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
        continuation.finish()
        return (response, body)
    }
}

struct AppServerClientChangesTests {
    private func client(_ transport: FakeEventStreamTransport, token: String? = nil) -> AppServerClient {
        AppServerClient(baseURL: URL(string: "http://127.0.0.1:9/api")!, token: token, eventTransport: transport)
    }

    private func collect(_ changes: FriendChangeStream) async throws -> [FriendFeedMessage] {
        var collected: [FriendFeedMessage] = []
        for try await message in changes { collected.append(message) }
        return collected
    }

    @Test func asksForTheFeedAfterASequenceWithTheToken() async throws {
        let transport = FakeEventStreamTransport(chunks: [])
        _ = try await collect(try await client(transport, token: "secret").changes(after: 41))
        let request = try #require(transport.lastRequest)
        #expect(request.url?.absoluteString == "http://127.0.0.1:9/api/friends/events")
        #expect(request.value(forHTTPHeaderField: "Last-Event-ID") == "41")
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/event-stream")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
    }

    /// A server gone silent (frozen, or the network lost without a word) is a drop once more than
    /// two of FriendService's keep-alive comments have failed to come: "live" is not shown for long.
    @Test func silenceLongerThanTwoKeepAlivesIsADrop() async throws {
        let transport = FakeEventStreamTransport(chunks: [])
        _ = try await collect(try await client(transport).changes(after: nil))
        let timeout = try #require(transport.lastRequest).timeoutInterval
        let keepAlive = FriendServerConfiguration().changeKeepAliveInterval
        #expect(timeout > 2 * Double(keepAlive.components.seconds) && timeout <= 30, "\(timeout) s against a keep-alive every \(keepAlive)")
    }

    @Test func asksForTheFeedWithTheAccountsPassword() async throws {
        let transport = FakeEventStreamTransport(chunks: [])
        let client = AppServerClient(
            baseURL: URL(string: "http://127.0.0.1:9/api")!, credentials: .password(user: "alice", password: "secret"), eventTransport: transport
        )
        _ = try await collect(try await client.changes(after: nil))
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == "Basic YWxpY2U6c2VjcmV0")
    }

    @Test func decodesEveryKindOfChange() async throws {
        let created = #"{"about":"","email":"","firstname":"Ada","id":3,"lastname":"Lovelace","phonenumber":"","version":1}"#
        let updated = #"{"about":"","email":"","firstname":"Ada","id":3,"lastname":"King","phonenumber":"","version":2}"#
        let transport = FakeEventStreamTransport(chunks: [
            ": connected\n\nid: 1\nevent: created\ndata: \(created)\n\n",
            "id: 2\nevent: upd", "ated\ndata: \(updated)\n\nid: 3\nevent: deleted\ndata: {\"id\":3}\n\n: keep-alive\n\n",
            "id: 9\nevent: reset\ndata: {}\n\n",
        ])
        let ada = try JSONDecoder().decode(Friend.self, from: Data(created.utf8))
        let king = try JSONDecoder().decode(Friend.self, from: Data(updated.utf8))
        #expect(king.lastname == "King")
        #expect(try await collect(try await client(transport).changes(after: nil)) == [
            .change(FriendChange(sequence: 1, event: .created(ada, version: 1))),
            .change(FriendChange(sequence: 2, event: .updated(king, version: 2))),
            .change(FriendChange(sequence: 3, event: .deleted(id: 3))),
            .change(FriendChange(sequence: 9, event: .reset)),
        ])
        #expect(transport.lastRequest?.value(forHTTPHeaderField: "Last-Event-ID") == nil)
    }

    @Test func anEventWithOnlyAnIDTellsWhereTheStreamStarts() async throws {
        let transport = FakeEventStreamTransport(chunks: [
            ": connected\n\nid: 4", "2\n", "\n", "id: 43\nevent: deleted\ndata: {\"id\":3}\n\n",
        ])
        #expect(try await collect(try await client(transport).changes(after: nil)) == [
            .position(42), .change(FriendChange(sequence: 43, event: .deleted(id: 3))),
        ])
    }

    @Test func aPositionThatIsNotASequenceEndsTheFeedAsUndecodable() async throws {
        let transport = FakeEventStreamTransport(chunks: ["id: soon\n\n"])
        await #expect(throws: AppServerError.undecodable) { try await collect(try await client(transport).changes(after: nil)) }
    }

    @Test func aRefusedFeedThrowsWhatTheStatusMeans() async throws {
        let transport = FakeEventStreamTransport(status: 401, chunks: [#"{"error":{"message":"A valid bearer token is required.","fields":{}}}"#])
        await #expect(throws: AppServerError.unauthorized) { try await client(transport).changes(after: nil) }
    }

    @Test func anEventThatIsNotAChangeEndsTheFeedAsUndecodable() async throws {
        let transport = FakeEventStreamTransport(chunks: ["id: 1\nevent: created\ndata: {\"id\":1}\n\n"])
        await #expect(throws: AppServerError.undecodable) { try await collect(try await client(transport).changes(after: nil)) }
    }
}
