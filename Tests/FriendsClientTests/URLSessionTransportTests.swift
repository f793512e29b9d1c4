import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport against a server that never answers: the caller gets its answer anyway.
struct URLSessionTransportTests {
    @Test func aServerThatNeverAnswersTimesOutAtTheRequestsTimeout() async throws {
        let server = try ScriptedHTTPServer.silent()
        defer { server.stop() }
        var request = URLRequest(url: server.url.appendingPathComponent("friends"))
        request.timeoutInterval = 1
        await #expect(throws: URLError(.timedOut)) {
            _ = try await URLSessionTransport().send(request)
        }
    }

    @Test func cancellingTheCallerMidRequestEndsTheWait() async throws {
        let server = try ScriptedHTTPServer.silent()
        defer { server.stop() }
        var request = URLRequest(url: server.url.appendingPathComponent("friends"))
        request.timeoutInterval = 60
        let call = Task { try await URLSessionTransport().send(request) }
        await server.nextConnection()
        call.cancel()
        let result = await call.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func theClientReportsACancelledCallAsCancelled() async throws {
        let server = try ScriptedHTTPServer.silent()
        defer { server.stop() }
        let client = AppServerClient(baseURL: server.url, timeout: 60)
        let call = Task { () async throws(AppServerError) -> Friend in try await client.friend(id: 1).value }
        await server.nextConnection()
        call.cancel()
        let result = await call.result
        #expect(throws: AppServerError.cancelled) { try result.get() }
    }
}
