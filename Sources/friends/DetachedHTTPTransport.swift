import Foundation
import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests through another transport (URLSession) without ever cancelling them.
///
/// On Linux, URLSession (swift-corelibs-foundation) can crash when a task is cancelled
/// ("Trying to access a behaviour for a task that is not in the registry"), which the view
/// models do all the time (a new search replaces the one in flight), and it does not always
/// give up at the request's `timeoutInterval`. So here a caller that is cancelled, or whose
/// time is up, stops waiting at once, and the request itself finishes unseen in the background.
struct DetachedHTTPTransport: HTTPTransport {
    var base: any HTTPTransport = URLSessionTransport()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let outcome = OneShot()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.wait(with: continuation)
                let base = self.base
                Task {
                    do {
                        outcome.finish(.success(try await base.send(request)))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                let timeout = request.timeoutInterval
                outcome.setTimer(Task {
                    guard (try? await Task.sleep(for: .seconds(timeout))) != nil else { return }
                    outcome.finish(.failure(URLError(.timedOut)))
                })
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
        }
    }

    /// Whichever comes first (the response, the timeout, the cancellation) is delivered, once.
    private final class OneShot: @unchecked Sendable {
        typealias Outcome = Result<(Data, HTTPURLResponse), any Error>
        private let lock = NSLock()
        private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        private var early: Outcome?
        private var isDone = false
        private var timer: Task<Void, Never>?

        func wait(with continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
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
            let (waiting, timer): (CheckedContinuation<(Data, HTTPURLResponse), any Error>?, Task<Void, Never>?) = lock.withLock {
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
