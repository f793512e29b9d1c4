import Foundation
import FriendService
import FriendsAPI
import TestSupport
import Testing
@testable import FriendsClient

/// The image loader against the real avatar route; requests are counted and held at a valve.
@Suite(.timeLimit(.minutes(3))) struct LiveImageLoaderTests {
    func load(_ id: Int, from loader: ImageLoader<Int>) async -> Result<Data, AppServerError> {
        do {
            return .success(try await loader.image(for: id))
        } catch {
            return .failure(error)
        }
    }

    func addFriend(to server: TestServer) async throws -> Int {
        try await server.client().addFriend(NewFriend(firstname: "Ada", lastname: "Lovelace")).value.id
    }

    @Test func aSecondLoadIsServedFromTheCache() async throws {
        try await TestServer.run(.live) { server in
            let id = try await addFriend(to: server)
            let valve = Valve(isOpen: true)
            let loader = ImageLoader(avatarsFrom: server.client(transport: ValvedTransport(valve: valve)))

            let first = try await loader.image(for: id)
            let second = try await loader.image(for: id)

            #expect(String(decoding: first, as: UTF8.self).hasPrefix("<svg"))
            #expect(second == first)
            #expect(await valve.arrivals == 1)
        }
    }

    @Test func simultaneousLoadsShareOneRequest() async throws {
        try await TestServer.run(.live) { server in
            let id = try await addFriend(to: server)
            let valve = Valve()
            let loader = ImageLoader(avatarsFrom: server.client(transport: ValvedTransport(valve: valve)))

            async let first = load(id, from: loader)
            async let second = load(id, from: loader)
            async let third = load(id, from: loader)
            await loader.waitUntil(waiters: 3, for: id)
            await valve.open()
            let results = await [first, second, third]

            #expect(await valve.arrivals == 1)
            let expected = try await server.client().avatar(id: id)
            #expect(results == Array(repeating: .success(expected), count: 3))
        }
    }

    @Test func aCancelledLoadStopsItsRequestAndLaterLoadsStillWork() async throws {
        try await TestServer.run(.live) { server in
            let id = try await addFriend(to: server)
            let valve = Valve()
            let loader = ImageLoader(avatarsFrom: server.client(transport: ValvedTransport(valve: valve)))

            let cancelled = Task { await load(id, from: loader) }
            await valve.waitForArrivals(1)
            cancelled.cancel()

            #expect(await cancelled.value == .failure(.cancelled))
            await valve.waitForCancellations(1)
            #expect(await loader.cachedImage(for: id) == nil)
            await valve.open()
            let later = await load(id, from: loader)
            #expect(try later.get().isEmpty == false)
            #expect(await valve.arrivals == 2)
        }
    }

    @Test func anUnknownFriendHasNoAvatar() async throws {
        try await TestServer.run(.live) { server in
            let loader = ImageLoader(avatarsFrom: server.client())

            #expect(await load(404, from: loader) == .failure(.notFound))
        }
    }
}
