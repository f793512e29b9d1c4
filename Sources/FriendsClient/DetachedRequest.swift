import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs a request that is never cancelled, and stops waiting for it when the caller is cancelled
/// or its time is up — whichever of response, timeout and cancellation comes first wins, once.
///
/// On Linux, URLSession (swift-corelibs-foundation) can crash when a task is cancelled ("Trying to
/// access a behaviour for a task that is not in the registry"), which view models do all the time
/// (a new search replaces the one in flight), and it does not reliably give up at the request's
/// `timeoutInterval`. The abandoned request finishes unseen in the background.
enum DetachedRequest {
    typealias Response = (Data, HTTPURLResponse)

    static func send(
        timeout: TimeInterval,
        _ operation: @escaping @Sendable () async throws -> Response
    ) async throws -> Response {
        let outcome = FirstOutcome()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(with: continuation)
                Task {
                    do {
                        outcome.finish(.success(try await operation()))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                outcome.setTimer(Task {
                    guard (try? await Task.sleep(for: .seconds(timeout))) != nil else { return }
                    outcome.finish(.failure(URLError(.timedOut)))
                })
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
        }
    }

    private final class FirstOutcome: @unchecked Sendable {
        typealias Outcome = Result<Response, any Error>
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Response, any Error>?
        private var early: Outcome?
        private var isDone = false
        private var timer: Task<Void, Never>?

        func wait(with continuation: CheckedContinuation<Response, any Error>) {
            let ready: Outcome? = lock.withLock {
                if let early { return early }
                self.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }

        func setTimer(_ task: Task<Void, Never>) {
            let finished = lock.withLock {
                timer = task
                return isDone
            }
            if finished { task.cancel() }
        }

        func finish(_ outcome: Outcome) {
            let (waiting, timer): (CheckedContinuation<Response, any Error>?, Task<Void, Never>?) = lock.withLock {
                guard !isDone else { return (nil, nil) }
                isDone = true
                if continuation == nil { early = outcome }
                defer { continuation = nil }
                return (continuation, self.timer)
            }
            timer?.cancel()
            waiting?.resume(with: outcome)
        }
    }
}
