import Benchmark
import BenchmarkSupport
import Foundation
import FriendsAPI

/// A page of 100 friends (`GET /friends?limit=100`) as the server encodes it and the client decodes it.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )
    let page = FriendPage(items: BenchmarkFriends.make(count: 100), nextCursor: "eyJsYXN0bmFtZSI6ImhvcHBlciJ9")
    let body = try! JSONEncoder().encode(page)

    Benchmark("Encode a page of 100 friends", configuration: configuration) { benchmark in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        benchmark.startMeasurement()
        blackHole(try encoder.encode(page))
    }

    Benchmark("Decode a page of 100 friends", configuration: configuration) { benchmark in
        let decoder = JSONDecoder()
        benchmark.startMeasurement()
        blackHole(try decoder.decode(FriendPage.self, from: body))
    }
}
