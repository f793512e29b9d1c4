import Foundation
import HTTPServerKit
import Hummingbird
import HummingbirdTesting
import Logging
import ServiceLifecycle
import TestSupport
import Testing
@testable import WebUI

/// The browser server over real sockets: the same connection guard as FriendService, so idle,
/// silent and slow clients are let go and ambiguous requests are refused.
struct WebServerConnectionTests {
    static let shortLimits = ConnectionLimits(
        headerTimeout: .milliseconds(200), bodyTimeout: .milliseconds(200), idleTimeout: .milliseconds(200)
    )

    /// A browser server of counter apps on 127.0.0.1 and an OS-picked port, stopped after `body`.
    static func withServer(_ limits: ConnectionLimits = shortLimits, _ body: @Sendable (Int) async throws -> Void) async throws {
        let sessions = await WebSessions { CounterApp() }
        let routes = WebRoutes(sessions: sessions, stylesheet: "")
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let application = WebServer.makeApplication(
            routes: routes, host: "127.0.0.1", port: 0, limits: limits, logger: Logger(label: "test")
        ) { port in portContinuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [application], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var listening = ports.makeAsyncIterator()
            let port = try #require(await listening.next())
            var failure: (any Error)?
            do { try await body(port) } catch { failure = error }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            if let failure { throw failure }
        }
    }

    @Test func aSilentConnectionIsClosedAtTheHeaderTimeout() async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            #expect(try await connection.readResponse().status == 408)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func slowHeadersAreAnswered408AndClosed() async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET / HTTP/1.1\r\nHost: loc")
            #expect(try await connection.readResponse().status == 408)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// What the connection guard refuses carries the headers of every page (no sniffing, no framing).
    @Test func aRefusalCarriesThePagesSecurityHeaders() async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("X-Frame-Options") == "DENY")
            #expect(response.header("Content-Security-Policy")?.hasPrefix("default-src 'none'") == true)
            #expect(response.header("Cache-Control") == "no-store")
        }
    }

    @Test func aBodyThatStopsShortIsAnsweredAndClosed() async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            let partial = String(repeating: "a", count: 39)
            try await connection.send(
                "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 1000\r\n\r\n\(partial)"
            )
            let response = try await connection.readResponse()
            #expect((400..<500).contains(response.status))
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosed() async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /webui/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// RFC 9112: a request with two `Host` headers gets 400, whichever comes first.
    @Test(arguments: ["Host: 127.0.0.1\r\nHost: evil.example", "Host: evil.example\r\nHost: 127.0.0.1"])
    func twoHostHeadersAreRefused(hosts: String) async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET / HTTP/1.1\r\n\(hosts)\r\n\r\n")
            #expect(try await connection.readResponse().status == 400)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func anAbsoluteFormTargetIsServedWithItsHostChecked() async throws {
        // Two requests on one connection: the short idle limit could close it between them.
        try await Self.withServer(ConnectionLimits()) { port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET http://127.0.0.1:\(port)/ HTTP/1.1\r\nHost: evil.example\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            try await connection.send("GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await connection.readResponse().status == 421)
            let refused = try RawHTTPConnection(port: port)
            try await refused.send("GET ftp://127.0.0.1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let response = try await refused.readResponse()
            #expect(response.status == 400)
            #expect(response.text.contains("must be a path"))
        }
    }

    /// A connection on which a session's form is being posted: its `POST` line, `Host`, `Origin` and
    /// session cookie sent, then `rest` (the body's headers, and as much of the body as the test sends).
    static func postingForm(port: Int, _ rest: String) async throws -> RawHTTPConnection {
        let page = try RawHTTPConnection(port: port)
        try await page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let cookie = try #require(try await page.readResponse().header("Set-Cookie")?.split(separator: ";").first)
        let connection = try RawHTTPConnection(port: port)
        try await connection.send("POST / HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nCookie: \(cookie)\r\n" + rest)
        return connection
    }

    /// A browser waiting for `100 Continue` before it sends a form longer than the server takes
    /// is refused before it sends it, and the connection closes (the form may follow or not).
    @Test func aFormLargerThanTheServerTakesIsRefusedWithoutContinue() async throws {
        try await Self.withServer(ConnectionLimits()) { port in
            let connection = try await Self.postingForm(
                port: port, "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n"
            )
            let refused = try await connection.readResponse()
            #expect(refused.status == 413, "\(refused.statusLine)")
            #expect(refused.text.contains("The form is too large"))
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// A form, or a file, that stops arriving gets the app's own `408` page, and the connection closes.
    @Test(arguments: ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
    func aFormThatStopsArrivingGets408(contentType: String) async throws {
        try await Self.withServer(ConnectionLimits(bodyTimeout: .milliseconds(200))) { port in
            let connection = try await Self.postingForm(port: port, "Content-Type: \(contentType)\r\nContent-Length: 100\r\n\r\naction=add")
            let refused = try await connection.readResponse()
            #expect(refused.status == 408, "\(refused.statusLine)")
            #expect(refused.text.contains("The form stopped arriving"))
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func connectionsBeyondTheMaximumWaitUntilOneCloses() async throws {
        let limits = ConnectionLimits(idleTimeout: .milliseconds(300), maximumConnections: 1)
        try await Self.withServer(limits) { port in
            let first = try RawHTTPConnection(port: port)
            try await first.send("GET /webui/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await first.readResponse().status == 200)
            let second = try RawHTTPConnection(port: port)
            try await second.send("GET /webui/app.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await second.readResponse().status == 200)
            // The first's end was sent before the second was let in: it is here already. (Two
            // clocks read on two client threads could not tell which came first.)
            #expect(first.hasEnded())
        }
    }
}
