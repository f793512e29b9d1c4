import Foundation
import FriendStorage
import FriendsAPI
import HTTPServerKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// Signing in to a server with accounts: Basic with a password or an app password, Bearer with a
/// token; clear refusals for anything else, and nothing changed by a refused request.
struct AccountAuthenticationTests {
    typealias App = AccountsTestApp

    @Test func withoutAccountsEverythingWorksAsBefore() async throws {
        try await App.run(accounts: []) { server async throws in
            #expect(try await server.http.send(.get, "/friends").status == .ok)
            #expect(try await server.http.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#).status == .created)
        }
    }

    @Test func everyRouteButTheOpenOnesNeedsAnAccount() async throws {
        try await App.run { server in
            for (method, path) in AuthorizationTests.apiRoutes {
                let response = try await server.http.send(method, path, json: #"{"firstname": "A", "lastname": "B"}"#)
                #expect(response.status == .unauthorized, "\(method) \(path)")
                #expect(response.headers[values: .wwwAuthenticate] == ["Bearer"])
                #expect(try response.envelope.message.hasPrefix("Sign in"))
            }
            #expect(try await server.http.send(.get, "/health").status == .ok)
            #expect(try await server.http.send(.get, "/openapi.json").status == .ok)
            #expect(try await server.mainStore.all().isEmpty)
        }
    }

    @Test func contactAppsAreAskedForANameAndPassword() async throws {
        try await App.run { server in
            let response = try await server.http.execute(uri: "/dav/", method: HTTPRequest.Method("PROPFIND")!, headers: [:], body: nil)
            #expect(response.status == .unauthorized)
            #expect(response.headers[values: .wwwAuthenticate] == [#"Basic realm="Friends", charset="UTF-8""#, "Bearer"])
        }
    }

    @Test func aPasswordATokenAsBearerAndATokenAsBasicPasswordAllSignIn() async throws {
        try await App.run { server in
            let ways = [App.basic("alice"), App.bearer("token-alice"), App.basic("alice", "token-alice"), App.basic("Alice", "pw-alice")]
            for headers in ways {
                let response = try await server.http.send(.get, "/friends", headers: headers)
                #expect(response.status == .ok, "\(headers)")
            }
        }
    }

    @Test(arguments: [
        "Basic not-base64!", "Basic " + Data("no-colon".utf8).base64EncodedString(), "Basic", "Bearer", "Bearer two words",
        "Digest username=alice", "Basic " + Data("alice:".utf8).base64EncodedString(),
        "Basic " + Data("alice:pw-bob".utf8).base64EncodedString(), "Basic " + Data("bob:token-alice".utf8).base64EncodedString(),
        "Bearer token-nobody", "Basic " + Data("alice';drop table accounts;--:pw-alice".utf8).base64EncodedString(),
        "Basic " + Data("../alice:pw-alice".utf8).base64EncodedString(),
        "Basic " + Data("\u{0430}lice:pw-alice".utf8).base64EncodedString(),
        "Basic " + Data((String(repeating: "a", count: 3_000) + ":" + String(repeating: "p", count: 3_000)).utf8).base64EncodedString(),
    ])
    func badCredentialsAreRefusedClearlyAndChangeNothing(authorization: String) async throws {
        try await App.run { server in
            let response = try await server.http.send(
                .post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: [.authorization: authorization]
            )
            #expect(response.status == .unauthorized)
            let message = try response.envelope.message
            #expect(!message.contains("pw-"))
            #expect(!message.contains("token-"))
            #expect(try await server.mainStore.all().isEmpty)
        }
    }

    @Test func twoAuthorizationHeadersAreOneTooManyAndAnOverlongOneSaysSo() async throws {
        try await App.run { server in
            var both = HTTPFields()
            both.append(HTTPField(name: .authorization, value: "Bearer token-alice"))
            both.append(HTTPField(name: .authorization, value: "Basic " + Data("alice:pw-alice".utf8).base64EncodedString()))
            let twice = try await server.http.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: both)
            #expect(twice.status == .badRequest)
            #expect(try twice.envelope.message == "Send one Authorization header: Basic or Bearer, not both.")

            let overlong = "Basic " + Data((String(repeating: "a", count: 5_000) + ":pw-alice").utf8).base64EncodedString()
            let long = try await server.http.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: [.authorization: overlong])
            #expect(long.status == .unauthorized)
            #expect(try long.envelope.message.hasPrefix("The Authorization header is longer than 4096 bytes"))
            #expect(try await server.mainStore.all().isEmpty)
        }
    }

    @Test func aRemovedAccountOrRevokedTokenStopsWorkingOnceTheRegistryIsAskedAgain() async throws {
        let clock = TestInstantClock()
        try await App.run(clock: clock) { server in
            #expect(try await server.http.send(.get, "/friends", headers: App.bearer("token-bob")).status == .ok)
            let bob = try #require(await server.registry.account(named: AccountName(validating: "bob")))
            let token = try #require(await server.registry.tokens(ofAccount: bob.id).first)
            _ = await server.registry.revokeToken(id: token.id, ofAccount: bob.id)
            clock.advance(by: AccountAuthenticator.registryLifetime)
            #expect(try await server.http.send(.get, "/friends", headers: App.bearer("token-bob")).status == .unauthorized)
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("bob")).status == .ok)
            try await server.registry.removeAccount(id: bob.id)
            clock.advance(by: AccountAuthenticator.registryLifetime)
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("bob")).status == .unauthorized)
        }
    }

    @Test func wrongPasswordsInALoopAreSlowedThen429WithRetryAfter() async throws {
        let clock = TestInstantClock()
        try await App.run(clock: clock) { server in
            for guess in 0..<SignInThrottle.Policy().freeFailures {
                #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice", "guess-\(guess)")).status == .unauthorized)
            }
            let throttled = try await server.http.send(.get, "/friends", headers: App.basic("alice", "guess-last"))
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] == "1")
            // Even the right password waits: while throttled, credentials are not looked at.
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice")).status == .tooManyRequests)
            clock.advance(by: .seconds(1))
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice")).status == .ok)
        }
    }

    @Test func aTokenInUseKeepsWorkingFromAThrottledAddressButAPasswordWaits() async throws {
        let clock = TestInstantClock()
        try await App.run(clock: clock) { server in
            #expect(try await server.http.send(.get, "/friends", headers: App.bearer("token-bob")).status == .ok)
            for guess in 0...SignInThrottle.Policy().freeFailures {
                _ = try await server.http.send(.get, "/friends", headers: App.basic("alice", "guess-\(guess)"))
            }
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice")).status == .tooManyRequests)
            #expect(try await server.http.send(.get, "/friends", headers: App.bearer("token-bob")).status == .ok)
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("bob", "token-bob")).status == .ok)
            // A valid token passes even if never checked before: nobody guesses one, and a contact
            // app must not be locked out by someone else's guesses. A wrong one is a guess like any other.
            #expect(try await server.http.send(.get, "/friends", headers: App.bearer("token-alice")).status == .ok)
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice", "token-alice")).status == .ok)
            #expect(try await server.http.send(.get, "/friends", headers: App.bearer("token-nobody")).status == .tooManyRequests)
        }
    }

    /// A device still holding a password since changed tries it again and again on its own; those
    /// tries are no new guesses, and counted they would keep the owner out, from the same address too.
    @Test func aPasswordRefusedBeforeIsRefusedAgainWithoutCountingAgainstTheOwner() async throws {
        let clock = TestInstantClock()
        try await App.run(clock: clock) { server async throws in
            let old = App.basic("alice", "old-password")
            for _ in 0..<(3 * SignInThrottle.Policy().freeFailures) {
                #expect(try await server.http.send(.get, "/friends", headers: old).status == .unauthorized)
            }
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice")).status == .ok)
            // Unknown names alike, so that the second try does not tell which names exist.
            for _ in 0..<(2 * SignInThrottle.Policy().freeFailures) {
                #expect(try await server.http.send(.get, "/friends", headers: App.basic("nobody", "pw")).status == .unauthorized)
            }
            // New guesses are counted as before, from a clean count.
            clock.advance(by: SignInThrottle.Policy().forgetAfter)
            for guess in 0..<SignInThrottle.Policy().freeFailures {
                #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice", "guess-\(guess)")).status == .unauthorized)
            }
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice", "guess-last")).status == .tooManyRequests)
        }
    }

    /// After a password change the old refusal no longer holds: a password set back to one a device
    /// tried is checked again, and taken.
    @Test func aRefusalIsRememberedOnlyWhileThePasswordStaysTheSame() async throws {
        let clock = TestInstantClock()
        try await App.run(clock: clock) { server in
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice", "new-password")).status == .unauthorized)
            let alice = try #require(await server.registry.account(named: AccountName(validating: "alice")))
            try await server.registry.setPasswordHash(FakeAccountSecrets().hash(password: "new-password"), ofAccount: alice.id)
            clock.advance(by: AccountAuthenticator.registryLifetime)
            #expect(try await server.http.send(.get, "/friends", headers: App.basic("alice", "new-password")).status == .ok)
        }
    }
}
