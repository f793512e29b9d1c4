import Foundation
import FriendStorage
import HTTPTypes
import TestSupport
import Testing

@testable import FriendService

/// A live feed is signed in once, when it opens, and may stay open for hours: it ends once that
/// sign-in no longer holds (the token revoked, the password changed, the account removed), as the
/// next request with the same credentials would be refused.
struct AccountFeedSignInTests {
    typealias App = AccountsTestApp

    /// A live-feed stream opened with `credentials`, its head read.
    static func follow(port: Int, _ credentials: HTTPFields) async throws -> RawHTTPConnection {
        let connection = try RawHTTPConnection(port: port)
        let authorization = try #require(credentials[.authorization])
        try await connection.send("GET /friends/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: \(authorization)\r\n\r\n")
        #expect(try await connection.readResponse(toHEAD: true).status == 200)
        return connection
    }

    @Test(.timeLimit(.minutes(3)))
    func aStreamEndsOnceTheTokenPasswordOrAccountItOpenedWithIsGone() async throws {
        let registry = MemoryAccountRegistry()
        let alice = try await App.add("alice", to: registry)
        let bob = try await App.add("bob", to: registry)
        let server = try await FriendServer.start(App.configuration(registry: registry))
        let outcome = await Result.capturing {
            let port = try #require(server.url.port)
            let watch = try #require(server.spaces.signIns)
            let bobByToken = try await Self.follow(port: port, App.bearer("token-bob"))
            let bobByAppPassword = try await Self.follow(port: port, App.basic("bob", "token-bob"))
            let bobByPassword = try await Self.follow(port: port, App.basic("bob"))
            let aliceByPassword = try await Self.follow(port: port, App.basic("alice"))
            #expect(watch.count == 4)

            await watch.recheck()
            #expect(watch.count == 4)

            let token = try #require(await registry.tokens(ofAccount: bob.id).first)
            #expect(await registry.revokeToken(id: token.id, ofAccount: bob.id))
            await watch.recheck()
            #expect(await bobByToken.readToEnd().ending == .closed)
            #expect(await bobByAppPassword.readToEnd().ending == .closed)
            #expect(watch.count == 2)

            try await registry.setPasswordHash(FakeAccountSecrets().hash(password: "new"), ofAccount: bob.id)
            await watch.recheck()
            #expect(await bobByPassword.readToEnd().ending == .closed)
            #expect(watch.count == 1)

            try await registry.removeAccount(id: alice.id)
            await watch.recheck()
            #expect(await aliceByPassword.readToEnd().ending == .closed)
            #expect(watch.count == 0)
        }
        try await server.shutdown()
        try outcome.get()
    }

    @Test(.timeLimit(.minutes(3)))
    func aStreamOpenedWithoutASignInEndsOnceTheFirstAccountIsAdded() async throws {
        let registry = MemoryAccountRegistry()
        let server = try await FriendServer.start(App.configuration(registry: registry))
        let outcome = await Result.capturing {
            let port = try #require(server.url.port)
            let watch = try #require(server.spaces.signIns)
            let anonymous = try RawHTTPConnection(port: port)
            try await anonymous.send("GET /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await anonymous.readResponse(toHEAD: true).status == 200)
            #expect(watch.count == 1)

            await watch.recheck()
            #expect(watch.count == 1, "no account yet: the stream goes on")

            // The first account owns the address book the stream follows.
            try await App.add("dave", to: registry)
            await watch.recheck()
            #expect(await anonymous.readToEnd().ending == .closed)
            #expect(watch.count == 0)
        }
        try await server.shutdown()
        try outcome.get()
    }

    @Test(.timeLimit(.minutes(3)))
    func aStreamThatEndsByItselfIsNoLongerWatched() async throws {
        let registry = MemoryAccountRegistry()
        try await App.add("alice", to: registry)
        let server = try await FriendServer.start(App.configuration(registry: registry))
        let outcome = await Result.capturing {
            let port = try #require(server.url.port)
            let watch = try #require(server.spaces.signIns)
            let stream = try await Self.follow(port: port, App.basic("alice"))
            #expect(watch.count == 1)
            stream.close()
            await server.feed.waitForSubscribers(atMost: 0)
            #expect(watch.count == 0)
        }
        try await server.shutdown()
        try outcome.get()
    }
}
