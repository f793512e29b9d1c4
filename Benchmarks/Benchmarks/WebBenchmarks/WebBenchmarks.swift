import Benchmark
import BenchmarkSupport
import Foundation
import FriendsAPI
import FriendsClient
import FriendsWeb
import WebUI

/// The browser view's server side: drawing the list page of 50 friends (whole, as a page without
/// the script gets it, and as the regions pushed to a live tab), beside the peer every list
/// request already pays, encoding the same 50 friends as the API's JSON; and the memory one open
/// session holds, measured over 100 sessions with their lists loaded (resident memory, which
/// counts what the allocator keeps as well as what the sessions use).
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
        let iterations = benchmark.scaledIterations
        onMainActor {
            for _ in iterations { blackHole(app.page(context)) }
        }
    } setup: {
        await loadedApp(client: client, pages: pages)
    }

    Benchmark("List page of 50 friends: live regions", configuration: configuration) { benchmark, app in
        let iterations = benchmark.scaledIterations
        onMainActor {
            for _ in iterations { blackHole(app.fragments(context)) }
        }
    } setup: {
        await loadedApp(client: client, pages: pages)
    }

    let page = FriendPage(items: Array(client.friends.prefix(50)), nextCursor: "more", total: client.friends.count)
    Benchmark("List page of 50 friends: peer, the API's JSON", configuration: configuration) { benchmark in
        let encoder = JSONEncoder()
        for _ in benchmark.scaledIterations { blackHole(try encoder.encode(page)) }
    }

    // Each run opens 100 more sessions and keeps them all, so the memory measured is new memory,
    // not what the allocator kept from sessions that went before.
    Benchmark(
        "100 open sessions: resident memory per session",
        configuration: .init(metrics: [.custom("KiB per session")], warmupIterations: 0, maxDuration: .seconds(20), maxIterations: 5)
    ) { benchmark in
        let before = residentBytes()
        await keepSessions(openSessions(100, client: client, pages: pages))
        let after = residentBytes()
        benchmark.measurement(.custom("KiB per session"), (after - before) / 100 / 1024)
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
var keptSessions: [WebSessions] = []

@MainActor
func keepSessions(_ sessions: WebSessions) {
    keptSessions.append(sessions)
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

/// The process's resident memory in bytes (Linux: the second field of /proc/self/statm, in pages).
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return pages * 4096
}
