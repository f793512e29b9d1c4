import Benchmark
import BenchmarkSupport
import FriendsAPI
import FriendsViewModels

/// What the list view model does when 100,000 friends arrive: one cell view model per friend.
func cellBenchmarks() {
    let friends = BenchmarkFriends.make(count: 100_000)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 200
    )

    Benchmark("100,000 friends to cell view models", configuration: configuration) { _ in
        blackHole(friends.map { FriendsListCell.normal(FriendCellViewModel(friend: $0)) })
    }
}
