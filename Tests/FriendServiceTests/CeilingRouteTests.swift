import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import FriendService

/// The load benchmark's reference route: a body of the size asked, only on a server started for it.
struct CeilingRouteTests {
    @Test func aServerStartedForTheBenchmarkAnswersABodyOfTheSizeAsked() async throws {
        var configuration = TestApp.configuration()
        configuration.servesCeilingRoute = true
        try await TestServer.run(.router, configuration) { server in
            let answer = try await server.http.send(.get, "/ceiling/5525")
            #expect(answer.status == .ok)
            #expect(answer.body.readableBytes == 5525)
            #expect(try await server.http.send(.get, "/ceiling/0").body.readableBytes == 0)
            for size in ["abc", "-1", String(CeilingRoute.largestBody + 1)] {
                let refused = try await server.http.send(.get, "/ceiling/\(size)")
                #expect(refused.status == .badRequest)
                #expect(try refused.envelope.message.contains("number of bytes"))
            }
        }
    }

    @Test func anOrdinaryServerHasNoSuchRoute() async throws {
        try await TestApp.run { client, _ in
            let answer = try await client.send(.get, "/ceiling/100")
            #expect(answer.status == .notFound)
        }
    }
}
