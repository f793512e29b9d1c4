import Foundation
import Testing
@testable import FriendsClient

/// The loader against a fetch the test controls; `LiveImageLoaderTests` runs it against the server.
@Suite(.timeLimit(.minutes(3))) struct ImageLoaderTests {
    /// A fetch that waits at `valve`, counts calls per key and answers the key as one byte.
    final class Source: Sendable {
        let valve: Valve
        let failures: Set<Int>

        init(valve: Valve = Valve(isOpen: true), failing failures: Set<Int> = []) {
            self.valve = valve
            self.failures = failures
        }

        func fetch(_ key: Int) async throws(AppServerError) -> Data {
            guard await valve.pass() else { throw .cancelled }
            if failures.contains(key) { throw .unreachable }
            return Data([UInt8(key)])
        }

        func loader(capacity: Int = 10) -> ImageLoader<Int> {
            ImageLoader(capacity: capacity) { key async throws(AppServerError) -> Data in
                try await self.fetch(key)
            }
        }
    }

    func load(_ key: Int, from loader: ImageLoader<Int>) async -> Result<Data, AppServerError> {
        do {
            return .success(try await loader.image(for: key))
        } catch {
            return .failure(error)
        }
    }

    @Test func aCachedImageIsNotFetchedAgain() async {
        let source = Source()
        let loader = source.loader()

        let first = await load(1, from: loader)
        let second = await load(1, from: loader)

        #expect(first == .success(Data([1])))
        #expect(second == .success(Data([1])))
        #expect(await source.valve.arrivals == 1)
        #expect(await loader.cachedImage(for: 1) == Data([1]))
    }

    @Test func theCacheIsBounded() async {
        let source = Source()
        let loader = source.loader(capacity: 2)

        for key in [1, 2, 3, 1] { _ = await load(key, from: loader) }

        #expect(await source.valve.arrivals == 4)
        #expect(await loader.cachedImage(for: 2) == nil)
    }

    @Test func failuresAreNotCached() async {
        let source = Source(failing: [5])
        let loader = source.loader()

        let first = await load(5, from: loader)
        let second = await load(5, from: loader)

        #expect(first == .failure(.unreachable))
        #expect(second == .failure(.unreachable))
        #expect(await source.valve.arrivals == 2)
    }

    @Test func callersOfTheSameImageShareOneFetch() async {
        let source = Source(valve: Valve())
        let loader = source.loader()

        async let first = load(1, from: loader)
        async let second = load(1, from: loader)
        await source.valve.waitForArrivals(1)
        await loader.waitUntil(waiters: 2, for: 1)
        await source.valve.open()

        #expect(await first == .success(Data([1])))
        #expect(await second == .success(Data([1])))
        #expect(await source.valve.arrivals == 1)
    }

    @Test func aCancelledCallerStopsWaitingAndItsFetchIsCancelled() async {
        let source = Source(valve: Valve())
        let loader = source.loader()

        let caller = Task { await load(1, from: loader) }
        await source.valve.waitForArrivals(1)
        caller.cancel()

        #expect(await caller.value == .failure(.cancelled))
        await source.valve.waitForCancellations(1)
        #expect(await loader.waiterCount(for: 1) == 0)
        await source.valve.open()
        #expect(await load(1, from: loader) == .success(Data([1])))
        #expect(await source.valve.arrivals == 2)
    }

    @Test func theFetchGoesOnWhileAnotherCallerStillWaits() async {
        let source = Source(valve: Valve())
        let loader = source.loader()

        let leaving = Task { await load(1, from: loader) }
        let staying = Task { await load(1, from: loader) }
        await loader.waitUntil(waiters: 2, for: 1)
        leaving.cancel()
        #expect(await leaving.value == .failure(.cancelled))
        await source.valve.open()

        #expect(await staying.value == .success(Data([1])))
        #expect(await source.valve.cancellations == 0)
        #expect(await source.valve.arrivals == 1)
    }

    @Test func anAlreadyCancelledCallerFetchesNothing() async {
        let source = Source()
        let loader = source.loader()

        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await load(1, from: loader)
        }

        #expect(await caller.value == .failure(.cancelled))
        #expect(await source.valve.arrivals == 0)
    }
}
