#if canImport(Glibc)
import Glibc
#endif

/// Keeps glibc's allocator from handing freed memory back to the kernel after every request.
///
/// A search builds small temporary tables in SQLite, each with a few pages of its own, and frees
/// them when it ends. glibc returns the top of a thread's heap to the kernel once more than
/// `M_TRIM_THRESHOLD` is free there (`madvise`), and the next request faults the same pages back
/// in: under a mix of searches that was a sixth of the server's CPU (perf; see BENCHMARKS.md).
/// Raising the threshold keeps that memory for reuse. It does not raise the peak: memory in use
/// is counted at its peak either way, and only what is already free stays mapped.
///
/// It also keeps glibc to two heaps ("arenas") instead of one for each of up to eight threads per
/// core: the server's dozen threads (event loops, Swift's pool, SQLite's readers and writer) each
/// kept free memory in a heap of its own, about 3 MB of the peak under the load script, at the
/// same throughput within the machine's noise (see BENCHMARKS.md).
enum MallocTuning {
    static let trimThreshold: Int32 = 64 << 20
    static let arenaCount: Int32 = 2

    static func apply() {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out: look it up instead.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let trimThresholdParameter: Int32 = -1  // M_TRIM_THRESHOLD
        let arenaMaximumParameter: Int32 = -8  // M_ARENA_MAX
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(trimThresholdParameter, trimThreshold)
        _ = mallopt(arenaMaximumParameter, arenaCount)
        #endif
    }
}
