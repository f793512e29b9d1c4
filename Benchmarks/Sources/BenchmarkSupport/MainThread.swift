import Foundation

/// Runs main-actor work from a benchmark closure, which the runner may call on any thread.
///
/// Put the whole measured loop inside `body`: the hop to the main thread, when there is one,
/// is then paid once per measured iteration, not once per operation.
public func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
    if Thread.isMainThread {
        return MainActor.assumeIsolated(body)
    }
    return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}
