import Foundation
import FriendsAPI
import FriendsClient
@testable import FriendsNIOTransport
import Synchronization
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport of `friends` (the terminal app, `friends web`, import, export, the `--server` check): the
/// client's routes over it against the real server, and its answers when no answer comes.
@Suite(.timeLimit(.minutes(3))) struct NIOHTTPTransportTests {
    @Test func everyKindOfRequestGoesThroughWithItsBodyAndComesBackWhole() async throws {
        try await TestServer.run(.live) { server in
            let client = server.client(transport: NIOHTTPTransport())
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
            #expect(try await client.importCards(Data(card.utf8)) == ImportReport(created: 1, updated: 0, unchanged: 0, failed: []))
            let ada = try #require(try await client.friends().items.first)
            let renamed = try await client.updateFriend(id: ada.id, with: FriendUpdate(about: "Wrote the first program."))
            #expect(renamed.value.about == "Wrote the first program.")
            #expect(String(decoding: try await client.exportCards(), as: UTF8.self).contains("FN:Ada Lovelace"))
            try await client.deleteFriend(id: ada.id)
            #expect(try await client.friends().total == 0)
            #expect(await failure { () async throws(AppServerError) in try await client.friend(id: ada.id) } == .notFound)
        }
    }

    @Test func theRequestTargetKeepsThePercentEscapesOfTheBasePathAndTheQuery() async throws {
        let requestLine = Mutex<String?>(nil)
        let body = #"{"items":[],"nextCursor":null,"total":0}"#
        let server = try ScriptedHTTPServer { _, line in
            requestLine.withLock { $0 = line }
            return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        }
        defer { server.stop() }
        let base = try #require(URL(string: "\(server.url.absoluteString)/our%20friends/"))
        let client = AppServerClient(baseURL: base, transport: NIOHTTPTransport())
        #expect(try await client.friends(FriendListQuery(search: "a+b c")).total == 0)
        #expect(requestLine.withLock { $0 } == "GET /our%20friends/friends?q=a%2Bb%20c HTTP/1.1")
    }

    @Test func theHostFieldPutsAnIPv6AddressInBrackets() throws {
        let url = try #require(URL(string: "http://[::1]:8080/friends"))
        #expect(NIOHTTPExchange.hostField(host: try #require(url.host), port: url.port) == "[::1]:8080")
        #expect(NIOHTTPExchange.hostField(host: "127.0.0.1", port: 8080) == "127.0.0.1:8080")
        #expect(NIOHTTPExchange.hostField(host: "friends.example", port: nil) == "friends.example")
    }

    @Test func aServerThatNeverAnswersTimesOutAtTheRequestsTimeout() async throws {
        let server = try ScriptedHTTPServer.silent()
        defer { server.stop() }
        var request = URLRequest(url: server.url.appendingPathComponent("friends/import"))
        request.httpMethod = "POST"
        request.httpBody = Data("BEGIN:VCARD".utf8)
        request.timeoutInterval = 1
        await #expect(throws: URLError(.timedOut)) {
            _ = try await NIOHTTPTransport().send(request)
        }
    }

    @Test func cancellingTheCallerMidRequestEndsTheWait() async throws {
        let server = try ScriptedHTTPServer.silent()
        defer { server.stop() }
        let request = URLRequest(url: server.url.appendingPathComponent("friends"), timeoutInterval: 60)
        let call = Task { try await NIOHTTPTransport().send(request) }
        await server.nextConnection()
        call.cancel()
        let result = await call.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func nothingListeningIsUnreachable() async throws {
        // A port that was free a moment ago: taken, then given back.
        let server = try ScriptedHTTPServer.silent()
        let port = server.port
        server.stop()
        let client = AppServerClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, transport: NIOHTTPTransport())
        #expect(await failure { () async throws(AppServerError) in try await client.friends() } == .unreachable)
    }
}
