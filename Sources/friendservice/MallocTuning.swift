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
enum MallocTuning {
    static let trimThreshold: Int32 = 64 << 20

    static func apply() {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out: look it up instead.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let trimThresholdParameter: Int32 = -1  // M_TRIM_THRESHOLD
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(trimThresholdParameter, trimThreshold)
        #endif
    }
}
