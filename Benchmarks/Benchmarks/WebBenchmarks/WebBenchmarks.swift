import Benchmark
import BenchmarkSupport
import Foundation
import FriendsAPI
import FriendsClient
import FriendsWeb
import WebUI
#if canImport(Glibc)
import Glibc
#endif

/// The browser view's server side: drawing the list page of 50 friends (whole, as a page without
/// the script gets it, and as the regions pushed to a live tab), beside the peer every list
/// request already pays, encoding the same 50 friends as the API's JSON; and the memory one open
/// session holds, measured over 100 sessions with their lists loaded.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 20,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )
    let client = StubFriends(friends: BenchmarkFriends.make(count: 200))
    let pages = try! FriendsPages.bundled()
    let context = PageContext(csrfToken: "Q8yJ1v3uQ3s0a5yq8fB7r4cJm2p1k9dZ0x6w5e4r3t2", isScripted: false)

    Benchmark("List page of 50 friends: whole page", configuration: configuration) { benchmark, app in
        onMainActor {
            for _ in benchmark.scaledIterations { blackHole(app.page(context)) }
        }
    } setup: {
        await loadedApp(client: client, pages: pages)
    }

    Benchmark("List page of 50 friends: live regions", configuration: configuration) { benchmark, app in
        onMainActor {
            for _ in benchmark.scaledIterations { blackHole(app.fragments(context)) }
        }
    } setup: {
        await loadedApp(client: client, pages: pages)
    }

    let page = FriendPage(items: Array(client.friends.prefix(50)), nextCursor: "more", total: client.friends.count)
    Benchmark("List page of 50 friends: peer, the API's JSON", configuration: configuration) { benchmark in
        let encoder = JSONEncoder()
        for _ in benchmark.scaledIterations { blackHole(try encoder.encode(page)) }
    }

    Benchmark(
        "100 open sessions: heap bytes held per session",
        configuration: .init(metrics: [.custom("KiB per session")], maxDuration: .seconds(10), maxIterations: 5)
    ) { benchmark in
        let before = heapInUse()
        let sessions = await openSessions(100, client: client, pages: pages)
        let after = heapInUse()
        benchmark.measurement(.custom("KiB per session"), (after - before) / 100 / 1024)
        blackHole(sessions)
    }
}

/// A session's app with its first page of 50 loaded.
@MainActor
func loadedApp(client: StubFriends, pages: FriendsPages) async -> FriendsWebApp {
    let app = FriendsWebApp(client: client, avatars: ImageLoader(avatarsFrom: client), feed: nil, pages: pages)
    await BusyWait.untilIdle(app.isBusy, limit: .seconds(10))
    return app
}

@MainActor
func openSessions(_ count: Int, client: StubFriends, pages: FriendsPages) async -> WebSessions {
    let sessions = WebSessions(capacity: count) {
        FriendsWebApp(client: client, avatars: ImageLoader(avatarsFrom: client), feed: nil, pages: pages)
    }
    for _ in 0..<count {
        await BusyWait.untilIdle(sessions.start().app.isBusy, limit: .seconds(10))
    }
    return sessions
}

/// Bytes the C allocator has handed out and not had back.
func heapInUse() -> Int {
    #if canImport(Glibc)
    Int(mallinfo2().uordblks)
    #else
    0
    #endif
}
