import Foundation
import FriendStorage
import HTTPServerKit
import TestSupport
import Testing

@testable import FriendService

/// A server behind a reverse proxy on this machine gets requests addressed to the proxy's public
/// name: with `--behind-proxy` that name is served. Without it, only loopback names are, accounts
/// or not (a page whose name is made to resolve to 127.0.0.1 could otherwise guess passwords).
/// Behind a proxy without accounts or a token, nothing would stop it passing on anyone's requests.
struct AccountProxyTests {
    typealias App = AccountsTestApp

    static let basicAlice = "Basic " + Data("alice:pw-alice".utf8).base64EncodedString()

    /// A server on loopback with `accounts`, stopped after `body`.
    static func withServer(
        accounts: [String], behindProxy: Bool = false, token: String? = nil, publicName: String? = nil,
        _ body: (Int) async throws -> Void
    ) async throws {
        let registry = MemoryAccountRegistry()
        for name in accounts { try await App.add(name, to: registry) }
        // A clock that stands still: the throttle holds a name back for a second after the free
        // failures, and a run slowed by the whole suite beside it once sent the next request
        // later than that (no 429 where one was due).
        var configuration = App.configuration(registry: registry, clock: TestInstantClock())
        configuration.behindProxy = behindProxy
        configuration.token = token
        configuration.publicName = publicName
        let server = try await FriendServer.start(configuration)
        let result = await Result.capturing { try await body(try #require(server.url.port)) }
        try await server.shutdown()
        try result.get()
    }

    static func status(port: Int, host: String, authorization: String? = nil, forwardedFor: String? = nil) async throws -> Int {
        let connection = try RawHTTPConnection(port: port)
        let credentials = authorization.map { "Authorization: \($0)\r\n" } ?? ""
        let forwarded = forwardedFor.map { "X-Forwarded-For: \($0)\r\n" } ?? ""
        try await connection.send("GET /friends HTTP/1.1\r\nHost: \(host)\r\n\(credentials)\(forwarded)\r\n")
        return try await connection.readResponse().status
    }

    @Test func behindAProxyWithAccountsThePublicNameIsServedToThoseWhoSignIn() async throws {
        try await Self.withServer(accounts: ["alice"], behindProxy: true) { port async throws in
            #expect(try await Self.status(port: port, host: "friends.example.org", authorization: Self.basicAlice) == 200)
            #expect(try await Self.status(port: port, host: "friends.example.org") == 401)
        }
    }

    @Test func withAccountsButNotBehindAProxyOnlyLoopbackNamesAreServed() async throws {
        try await Self.withServer(accounts: ["alice"]) { port async throws in
            #expect(try await Self.status(port: port, host: "rebound.example", authorization: Self.basicAlice) == 421)
            #expect(try await Self.status(port: port, host: "localhost:\(port)", authorization: Self.basicAlice) == 200)
        }
    }

    @Test func withoutAccountsOrATokenOnlyLoopbackNamesAreServed() async throws {
        try await Self.withServer(accounts: []) { port async throws in
            #expect(try await Self.status(port: port, host: "friends.example.org") == 421)
            #expect(try await Self.status(port: port, host: "localhost:\(port)") == 200)
        }
    }

    @Test func behindAProxyWithItsPublicNameGivenOtherNamesAreMisdirected() async throws {
        let registry = MemoryAccountRegistry()
        try await App.add("alice", to: registry)
        var configuration = App.configuration(registry: registry)
        configuration.behindProxy = true
        configuration.publicName = "Friends.Example.org"
        let server = try await FriendServer.start(configuration)
        let outcome = await Result.capturing {
            let port = try #require(server.url.port)
            #expect(try await Self.status(port: port, host: "friends.example.org", authorization: Self.basicAlice) == 200)
            #expect(try await Self.status(port: port, host: "rebound.example", authorization: Self.basicAlice) == 421)
            #expect(try await Self.status(port: port, host: "127.0.0.1:\(port)", authorization: Self.basicAlice) == 200)
        }
        try await server.shutdown()
        try outcome.get()
    }

    @Test func aPublicNameNeedsTheProxyAndIsAHostName() {
        var configuration = App.configuration(registry: MemoryAccountRegistry())
        configuration.publicName = "friends.example.org"
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
        configuration.behindProxy = true
        #expect(throws: Never.self) { try configuration.validate() }
        configuration.publicName = "https://friends.example.org/"
        #expect(throws: ConfigurationError.self) { try configuration.validate() }
    }

    @Test func behindAProxyWithATokenThePublicNameIsServed() async throws {
        try await Self.withServer(accounts: [], behindProxy: true, token: "secret") { port async throws in
            #expect(try await Self.status(port: port, host: "friends.example.org", authorization: "Bearer secret") == 200)
        }
    }

    /// `--public-name` with a token turns the Host check on as it does with accounts: it is what
    /// the README's proxy setup asks for, and it used to be ignored when a token was set.
    @Test func behindAProxyWithATokenAndItsPublicNameOtherNamesAreMisdirected() async throws {
        try await Self.withServer(accounts: [], behindProxy: true, token: "secret", publicName: "friends.example.org") { port async throws in
            #expect(try await Self.status(port: port, host: "friends.example.org", authorization: "Bearer secret") == 200)
            #expect(try await Self.status(port: port, host: "rebound.example", authorization: "Bearer secret") == 421)
            #expect(try await Self.status(port: port, host: "127.0.0.1:\(port)", authorization: "Bearer secret") == 200)
        }
    }

    /// The `421` names the names the server answers to: the public name when it has one, and
    /// otherwise how to give it one; the address it listens on too, when that is another.
    @Test func theMisdirectedAnswerNamesTheNamesTakenAndHowToGiveAPublicOne() {
        let loopback: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let named = APIError.misdirected(acceptedNames: loopback.union(["friends.example.org"]), publicName: "friends.example.org")
        #expect(named.envelope.message == "This server answers only requests addressed to friends.example.org, localhost, 127.0.0.1 or [::1].")
        #expect(named.envelope.fields == ["Host": "Must be friends.example.org, localhost, 127.0.0.1 or [::1], with or without a port."])
        #expect(APIError.misdirected(acceptedNames: loopback.union(["127.0.0.2"]), publicName: nil).envelope.message
            == "This server answers only requests addressed to localhost, 127.0.0.1, [::1] or 127.0.0.2 "
            + "(behind a reverse proxy, start it with --behind-proxy and --public-name NAME).")
    }

    /// Wrong tokens from the network are slowed down as wrong passwords are; a program on this
    /// machine, which forwards no address, is not: the throttle is against guessing from elsewhere.
    @Test func behindAProxyWrongTokensFromElsewhereAreSlowedButNotThoseOfThisMachine() async throws {
        try await Self.withServer(accounts: [], behindProxy: true, token: "secret") { port async throws in
            let freeFailures = SignInThrottle.Policy().freeFailures
            for n in 0...freeFailures {
                #expect(try await Self.status(port: port, host: "127.0.0.1", authorization: "Bearer guess\(n)") == 401)
            }
            for n in 0..<freeFailures {
                #expect(try await Self.status(port: port, host: "127.0.0.1", authorization: "Bearer guess\(n)", forwardedFor: "203.0.113.9") == 401)
            }
            #expect(try await Self.status(port: port, host: "127.0.0.1", authorization: "Bearer another", forwardedFor: "203.0.113.9") == 429)
            #expect(try await Self.status(port: port, host: "127.0.0.1", authorization: "Bearer secret", forwardedFor: "203.0.113.9") == 200)
        }
    }

    @Test func behindAProxyWithoutAccountsOrATokenTheServerRefusesToStart() async throws {
        var configuration = App.configuration(registry: MemoryAccountRegistry())
        configuration.behindProxy = true
        let error = await #expect(throws: ConfigurationError.self) { try await FriendServer.start(configuration) }
        #expect(error?.message.contains("reverse proxy") == true)
        #expect(error?.message.contains("friendservice user add") == true)
    }
}
