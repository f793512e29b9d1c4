import Benchmark

/// The list's view side: drawing a terminal frame of a long list. (Cells are built per page
/// appended, so no screen turns 100,000 friends into cells at once; that benchmark is retired.)
let benchmarks: @Sendable () -> Void = {
    frameBenchmarks()
}
