import Benchmark

/// The list's view side: turning friends into cell view models, and drawing a terminal frame.
let benchmarks: @Sendable () -> Void = {
    cellBenchmarks()
    frameBenchmarks()
}
