import Foundation
import FriendsAPI
import FriendsClient
import FriendsNIOTransport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The apps' transport of the live feed against a server that writes exactly what each test says.
struct NIOEventStreamTransportTests {
    private static func request(_ server: ScriptedServer, timeout: TimeInterval = 60) -> URLRequest {
        var request = URLRequest(url: server.url.appendingPathComponent("friends/events"))
        request.setValue("7", forHTTPHeaderField: "Last-Event-ID")
        request.timeoutInterval = timeout
        return request
    }

    @Test(.timeLimit(.minutes(3)))
    func anEventSplitAcrossReadsArrivesWhole() async throws {
        try await ScriptedServer.with { server in
            async let opened = NIOEventStreamTransport().open(Self.request(server))
            let connection = try await server.nextConnection()
            let head = try await connection.requestHead()
            #expect(head.hasPrefix("GET /friends/events HTTP/1.1\r\n"))
            #expect(head.lowercased().contains("last-event-id: 7\r\n"))
            try await connection.sendEventStreamHead()
            try await connection.sendChunk("id: 8\nevent: del")

            let (response, body) = try await opened
            #expect(response.statusCode == 200)
            var chunks = body.makeAsyncIterator()
            var parser = ServerSentEventParser()
            let first = try #require(try await chunks.next())
            #expect(String(decoding: first, as: UTF8.self) == "id: 8\nevent: del")
            #expect(parser.consume(first).isEmpty)

            try await connection.sendChunk("eted\ndata: {\"id\":")
            #expect(parser.consume(try #require(try await chunks.next())).isEmpty)
            try await connection.sendChunk("3}\r\n\r\n")
            let events = parser.consume(try #require(try await chunks.next()))
            #expect(events == [ServerSentEvent(type: "deleted", data: #"{"id":3}"#, lastEventID: "8")])

            try await connection.endAndClose()
            #expect(try await chunks.next() == nil)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func theClientsCredentialsGoOnTheWire() async throws {
        try await ScriptedServer.with { server in
            let client = AppServerClient(
                baseURL: server.url, credentials: .password(user: "alice", password: "secret"), eventTransport: NIOEventStreamTransport()
            )
            async let changes = client.changes(after: nil)
            let connection = try await server.nextConnection()
            #expect(try await connection.requestHead().lowercased().contains("authorization: basic ywxpy2u6c2vjcmv0\r\n"))
            try await connection.sendEventStreamHead()
            try await connection.endAndClose()
            _ = try await changes
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func theReconnectingFeedResumesOverItAfterTheServerEndsAStream() async throws {
        try await ScriptedServer.with { server in
            let client = AppServerClient(baseURL: server.url, eventTransport: NIOEventStreamTransport())
            let clock = ManualClock()
            var feed = ReconnectingFriendChanges(source: client, clock: clock).makeAsyncIterator()
            #expect(await feed.next() == .state(.connecting))

            let first = try await server.nextConnection()
            #expect(try await !first.requestHead().lowercased().contains("last-event-id"))
            try await first.sendEventStreamHead()
            try await first.sendChunk(": connected\n\nid: 4\n\n")
            #expect(await feed.next() == .state(.live))
            try await first.sendChunk("id: 5\nevent: deleted\ndata: {\"id\":1}\n\n")
            #expect(await feed.next() == .change(FriendChange(sequence: 5, event: .deleted(id: 1))))
            try await first.endAndClose()
            #expect(await feed.next() == .state(.reconnecting))

            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(500))
            let second = try await server.nextConnection()
            #expect(try await second.requestHead().lowercased().contains("last-event-id: 5\r\n"))
            try await second.sendEventStreamHead()
            try await second.sendChunk("id: 6\nevent: deleted\ndata: {\"id\":2}\n\n")
            #expect(await feed.next() == .state(.live))
            #expect(await feed.next() == .change(FriendChange(sequence: 6, event: .deleted(id: 2))))
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aConsumerThatStopsReadingClosesTheConnection() async throws {
        try await ScriptedServer.with { server in
            async let opened = NIOEventStreamTransport().open(Self.request(server))
            let connection = try await server.nextConnection()
            _ = try await connection.requestHead()
            try await connection.sendEventStreamHead()
            let (_, body) = try await opened
            let reading = Task {
                for try await _ in body {}
            }
            reading.cancel()
            try await connection.closed()
            _ = await reading.result
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func cancellingWhileWaitingForTheResponseHeadClosesTheConnection() async throws {
        try await ScriptedServer.with { server in
            let opening = Task { try await NIOEventStreamTransport().open(Self.request(server)) }
            let connection = try await server.nextConnection()
            _ = try await connection.requestHead()
            opening.cancel()
            try await connection.closed()
            await #expect(throws: (any Error).self) { try await opening.value }
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aStreamThatSaysNothingForItsTimeoutEndsAsTimedOut() async throws {
        try await ScriptedServer.with { server in
            // Long enough that a loaded machine still sends the head in time (CI has seen the whole suite
            // held up for over 20 s at its start); the silence after it is what times out.
            async let opened = NIOEventStreamTransport().open(Self.request(server, timeout: 30))
            let connection = try await server.nextConnection()
            _ = try await connection.requestHead()
            try await connection.sendEventStreamHead()
            let (_, body) = try await opened
            await #expect(throws: URLError(.timedOut)) {
                for try await _ in body {}
            }
        }
    }
}
