import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production `EventStreamTransport`: a data task whose delegate receives the body as it
/// arrives (FoundationNetworking on Linux has no byte-stream API; its delegate callbacks work
/// everywhere). Each stream has its own session, invalidated when the stream ends.
public struct URLSessionEventStreamTransport: EventStreamTransport {
    private let configuration: URLSessionConfiguration

    public init(configuration: URLSessionConfiguration = .default) {
        self.configuration = configuration
    }

    public func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let receiver = StreamReceiver()
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        let task = session.dataTask(with: request)
        receiver.onEnd = {
            task.cancel()
            session.finishTasksAndInvalidate()
        }
        task.resume()
        return try await withTaskCancellationHandler {
            (try await receiver.response(), receiver.body)
        } onCancel: {
            receiver.end(throwing: CancellationError())
        }
    }
}

/// The delegate of one streaming data task: the response head once, then body chunks.
private final class StreamReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var head: Result<HTTPURLResponse, any Error>?
    private var headWaiter: CheckedContinuation<HTTPURLResponse, any Error>?
    private var isEnded = false
    /// Called once, when the stream ends for any reason: stops the task, releases the session.
    var onEnd: (@Sendable () -> Void)?
    let body: AsyncThrowingStream<Data, any Error>
    private let bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation

    override init() {
        (body, bodyContinuation) = AsyncThrowingStream.makeStream(of: Data.self)
        super.init()
        bodyContinuation.onTermination = { [weak self] _ in self?.end(throwing: nil) }
    }

    func response() async throws -> HTTPURLResponse {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<HTTPURLResponse, any Error>? = lock.withLock {
                if head == nil { headWaiter = continuation }
                return head
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    private func settleHead(_ result: Result<HTTPURLResponse, any Error>) {
        let waiter: CheckedContinuation<HTTPURLResponse, any Error>? = lock.withLock {
            guard head == nil else { return nil }
            head = result
            defer { headWaiter = nil }
            return headWaiter
        }
        waiter?.resume(with: result)
    }

    /// Ends the body (with `error`, or normally for nil) and the task; only the first call counts.
    func end(throwing error: (any Error)?) {
        let onEnd: (@Sendable () -> Void)? = lock.withLock {
            guard !isEnded else { return nil }
            isEnded = true
            return self.onEnd
        }
        guard let onEnd else { return }
        settleHead(.failure(error ?? URLError(.cancelled)))
        if let error {
            bodyContinuation.finish(throwing: error)
        } else {
            bodyContinuation.finish()
        }
        onEnd()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse {
            settleHead(.success(response))
            completionHandler(.allow)
        } else {
            end(throwing: URLError(.badServerResponse))
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bodyContinuation.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        end(throwing: error)
    }
}
