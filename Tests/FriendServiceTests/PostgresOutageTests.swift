import Foundation
import FriendsAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage

/// PostgreSQL stopped under running servers, then started again: while it is down `/health`
/// answers 503 within a second and API requests within two (envelope + Retry-After); once it
/// accepts connections again the same servers serve within two seconds, without a restart.
@Suite(.enabled(if: ThrowawayPostgres.binaries != nil, ThrowawayPostgres.skipMessage))
struct PostgresOutageTests {
    @Test func serversFailFastWhileTheDatabaseIsDownAndServeAgainOnceItIsBack() async throws {
        let cluster = try await ThrowawayPostgres.start()
        let outcome = await Result.capturing {
            let configuration = FriendServerConfiguration(
                hostname: "127.0.0.1", port: 0, database: .postgres(url: cluster.url), backends: TestApp.backends,
                logLevel: .critical)
            // Two instances: one is asked for /health first, the other for an API route first.
            let healthFirst = try await FriendServer.start(configuration)
            let apiFirst = try await FriendServer.start(configuration)
            let served = await Result.capturing {
                #expect(try await Self.send("POST", apiFirst.url, "/friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#).status == 201)
                #expect(try await Self.send("GET", healthFirst.url, "/health").status == 200)

                try await cluster.stop()
                try await Self.expectUnavailable(healthFirst.url, "/health", within: .seconds(1))
                try await Self.expectUnavailable(apiFirst.url, "/friends", within: .seconds(2))
                try await Self.expectUnavailable(healthFirst.url, "/friends/1", within: .seconds(2))
                try await Self.expectUnavailable(apiFirst.url, "/health", within: .seconds(1))
                try await Self.expectUnavailable(apiFirst.url, "/friends", method: "POST", within: .seconds(2),
                                                 json: #"{"firstname": "Grace", "lastname": "Hopper"}"#)

                try await cluster.startAgain()
                let clock = ContinuousClock()
                let back = clock.now
                for (server, path) in [(apiFirst, "/friends"), (healthFirst, "/health"), (healthFirst, "/friends/1")] {
                    var status = 0
                    while status != 200, back.duration(to: clock.now) < .seconds(2) + Self.schedulingAllowance {
                        status = try await Self.send("GET", server.url, path).status
                        if status != 200 { try await Task.sleep(for: .milliseconds(50)) }
                    }
                    #expect(status == 200, "\(path) answered \(status) 2 s after PostgreSQL came back")
                }
                let page = try await Self.send("GET", healthFirst.url, "/friends")
                #expect(try JSONDecoder().decode(FriendPage.self, from: page.body).items.map(\.lastname) == ["Lovelace"])
            }
            try? await healthFirst.shutdown()
            try? await apiFirst.shutdown()
            try served.get()
        }
        await cluster.remove()
        try outcome.get()
    }

    /// The server's own limits sit well inside the promised ones (0.5 s for /health, 1.2 s for the
    /// API, a probe every 0.2 s); this allows for a test machine busy with the rest of the suite,
    /// which delays the test's own requests, without hiding the minute-long waits this guards against.
    static let schedulingAllowance: Duration = .milliseconds(750)

    private static func expectUnavailable(
        _ base: URL, _ path: String, method: String = "GET", within limit: Duration, json: String? = nil
    ) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await send(method, base, path, json: json)
        let elapsed = start.duration(to: clock.now)
        #expect(response.status == 503, "\(method) \(path)")
        #expect(elapsed < limit + schedulingAllowance, "\(method) \(path) took \(elapsed)")
        #expect(response.retryAfter == "1", "\(method) \(path)")
        let envelope = try JSONDecoder().decode(ErrorEnvelope.self, from: response.body)
        #expect(envelope.error.message == "The database is not available; try again later.")
    }

    private static func send(
        _ method: String, _ base: URL, _ path: String, json: String? = nil
    ) async throws -> (status: Int, retryAfter: String?, body: Data) {
        var request = URLRequest(url: base.appendingPathComponent(path), timeoutInterval: 30)
        request.httpMethod = method
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(json.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Retry-After"), data)
    }
}
