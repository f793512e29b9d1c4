import Foundation
import FriendsAPI
import HTTPServerKit
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import FriendService

struct AuthorizationTests {
    static let apiRoutes: [(HTTPRequest.Method, String)] = [
        (.get, "/friends"), (.post, "/friends"), (.get, "/friends/1"), (.patch, "/friends/1"), (.delete, "/friends/1"),
        (.get, "/friends/1/avatar"), (.get, "/listFriends"), (.post, "/addFriend"), (.patch, "/editFriend/1"),
        (.delete, "/editFriend/1"),
    ]

    @Test(arguments: [nil, "Bearer wrong", "Basic c2VjcmV0", "Bearer", "secret", "Bearer secret2"])
    func everyAPIRouteNeedsTheToken(authorization: String?) async throws {
        // Ten wrong tokens from one place would be throttled after the fifth (tested below).
        var configuration = TestApp.configuration(token: "secret")
        configuration.signInPolicy.freeFailures = Self.apiRoutes.count
        try await TestServer.run(.router, configuration) { server in
            let (client, store) = (server.http, server.store)
            for (method, path) in Self.apiRoutes {
                var headers = HTTPFields()
                if let authorization { headers[.authorization] = authorization }
                let response = try await client.send(method, path, json: #"{"firstname": "A", "lastname": "B"}"#, headers: headers)
                #expect(response.status == .unauthorized, "\(method) \(path)")
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
                _ = try response.envelope
            }
            #expect(try await store.all().isEmpty)
        }
    }

    @Test func theRightTokenOpensEveryRoute() async throws {
        try await TestApp.run(token: "secret") { client, _ in
            let headers: HTTPFields = [.authorization: FriendsHTTPHeader.bearer("secret")]
            let created = try await client.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: headers)
            #expect(created.status == .created)
            #expect(try await client.send(.get, "/friends", headers: headers).status == .ok)
            #expect(try await client.send(.get, "/listFriends", headers: headers).status == .ok)
            let avatar = try await client.send(.get, "/friends/1/avatar", headers: headers)
            #expect(avatar.headers[.cacheControl] == "private, no-cache")
            #expect(avatar.headers[values: .vary].contains("Authorization"))
            let missing = try await client.send(.get, "/friends/999", headers: headers)
            #expect(missing.status == .notFound)
            #expect(missing.headers[.cacheControl] == "private, no-cache")
            #expect(missing.headers[values: .vary].contains("Authorization"))
        }
    }

    @Test func healthAndTheOpenAPIDocumentStayOpen() async throws {
        try await TestApp.run(token: "secret") { client, _ in
            let health = try await client.send(.get, "/health")
            #expect(health.status == .ok)
            let document = try await client.send(.get, "/openapi.json")
            #expect(document.status == .ok)
        }
    }

    @Test func wrongTokensInALoopAreSlowedThen429WhileTheRightTokenPasses() async throws {
        let clock = TestInstantClock()
        var configuration = TestApp.configuration(token: "secret")
        configuration.now = { clock.now }
        try await TestServer.run(.router, configuration) { server in
            let guess = { (n: Int) -> HTTPFields in [.authorization: FriendsHTTPHeader.bearer("guess\(n)")] }
            for n in 0..<SignInThrottle.Policy().freeFailures {
                #expect(try await server.http.send(.get, "/friends", headers: guess(n)).status == .unauthorized)
            }
            let wrong = guess(99)
            let throttled = try await server.http.send(.get, "/friends", headers: wrong)
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] == "1")
            #expect(try throttled.envelope.error.message == "Too many failed sign-ins: try again in 1 s.")
            // A guess as a contact app's password is counted the same.
            #expect(try await server.http.send(.get, "/friends", headers: [.authorization: "Basic Z3Vlc3M6Z3Vlc3M="]).status == .tooManyRequests)
            let right: HTTPFields = [.authorization: FriendsHTTPHeader.bearer("secret")]
            #expect(try await server.http.send(.get, "/friends", headers: right).status == .ok)
            // No credentials at all is no guess: it is told to sign in, not to wait.
            #expect(try await server.http.send(.get, "/friends").status == .unauthorized)
            clock.advance(by: .seconds(1))
            #expect(try await server.http.send(.get, "/friends", headers: wrong).status == .unauthorized)
            #expect(try await server.http.send(.get, "/friends", headers: wrong).status == .tooManyRequests)
        }
    }

    /// A contact app still holding the token the server was started with before is refused each
    /// time, and not counted: its owner, at the same address, is not held back by it.
    @Test func aWrongTokenSentAgainIsRefusedUncounted() async throws {
        let clock = TestInstantClock()
        var configuration = TestApp.configuration(token: "secret")
        configuration.now = { clock.now }
        try await TestServer.run(.router, configuration) { server in
            let oldToken: HTTPFields = [.authorization: "Basic " + Data("me:old-token".utf8).base64EncodedString()]
            for _ in 0..<(SignInThrottle.Policy().freeFailures * 3) {
                let answer = try await server.http.send(.get, "/friends", headers: oldToken)
                #expect(answer.status == .unauthorized)
            }
            // New guesses are counted as ever: the old token took one count only.
            for n in 1..<SignInThrottle.Policy().freeFailures {
                #expect(try await server.http.send(.get, "/friends", headers: [.authorization: FriendsHTTPHeader.bearer("guess\(n)")]).status == .unauthorized)
            }
            #expect(try await server.http.send(.get, "/friends", headers: [.authorization: FriendsHTTPHeader.bearer("another")]).status == .tooManyRequests)
            // While held back, even a token tried before waits, so a guesser learns nothing of it.
            #expect(try await server.http.send(.get, "/friends", headers: oldToken).status == .tooManyRequests)
            // Remembered for a quarter of an hour after it was last sent (as long as counts are kept):
            // then it is counted once again, as the wait after the guesses that follow it shows.
            clock.advance(by: RefusedTokens.lifetime)
            #expect(try await server.http.send(.get, "/friends", headers: oldToken).status == .unauthorized)
            #expect(try await server.http.send(.get, "/friends", headers: oldToken).status == .unauthorized)
            for n in 1..<SignInThrottle.Policy().freeFailures {
                #expect(try await server.http.send(.get, "/friends", headers: [.authorization: FriendsHTTPHeader.bearer("later\(n)")]).status == .unauthorized)
            }
            #expect(try await server.http.send(.get, "/friends", headers: [.authorization: FriendsHTTPHeader.bearer("last")]).status == .tooManyRequests)
        }
    }
}
