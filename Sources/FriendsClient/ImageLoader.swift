import Foundation

/// Loads images by key with a bounded in-memory cache.
///
/// Callers asking for the same key while it loads share one request. A caller whose task is
/// cancelled stops waiting at once with `.cancelled`; the request itself is cancelled when its
/// last waiter leaves. Failures are not cached, so asking again retries.
public actor ImageLoader<Key: Hashable & Sendable> {
    public typealias Fetch = @Sendable (Key) async throws(AppServerError) -> Data
    private typealias Waiter = CheckedContinuation<Result<Data, AppServerError>, Never>

    private struct Request {
        let id: Int
        let task: Task<Void, Never>
        var waiters: [Int: Waiter]
    }

    private let fetch: Fetch
    private var cache: ImageCache<Key>
    private var requests: [Key: Request] = [:]
    private var lastID = 0
    /// Who waits for a number of callers to be waiting for a key (see `waitUntil(waiters:for:)`).
    private var waiterWatches: [(key: Key, count: Int, watch: CheckedContinuation<Void, Never>)] = []

    /// - Parameters:
    ///   - capacity: at most this many images stay in memory.
    ///   - maximumBytes: at most this many bytes of images stay in memory.
    ///   - fetch: loads the image for a key, e.g. `AppServerClient.avatar(id:)`.
    public init(capacity: Int = 100, maximumBytes: Int = 8 * 1024 * 1024, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.cache = ImageCache(capacity: capacity, maximumBytes: maximumBytes)
    }

    /// The image for `key`, from the cache or loaded once for every caller waiting on it.
    public func image(for key: Key) async throws(AppServerError) -> Data {
        if let data = cache.image(for: key) { return data }
        let waiterID = makeID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                wait(waiter, id: waiterID, for: key)
            }
        } onCancel: {
            Task { await self.stopWaiting(waiterID, for: key) }
        }
        return try result.get()
    }

    /// The image for `key` changed: the next caller loads it again.
    public func forget(_ key: Key) {
        cache.remove(key)
    }

    /// The image for `key` if it is in the cache, without loading it.
    func cachedImage(for key: Key) -> Data? {
        cache.image(for: key)
    }

    /// How many callers wait for `key` to load (0 when it is not loading).
    func waiterCount(for key: Key) -> Int {
        requests[key]?.waiters.count ?? 0
    }

    /// Returns once `count` callers wait for `key` to load, so a test knows every caller it
    /// started has arrived before it lets the load finish.
    func waitUntil(waiters count: Int, for key: Key) async {
        guard waiterCount(for: key) < count else { return }
        await withCheckedContinuation { waiterWatches.append((key, count, $0)) }
    }

    private func wait(_ waiter: Waiter, id waiterID: Int, for key: Key) {
        if Task.isCancelled {
            waiter.resume(returning: .failure(.cancelled))
        } else if requests[key] != nil {
            requests[key]?.waiters[waiterID] = waiter
        } else {
            let requestID = makeID()
            let task = Task { await self.load(key, requestID: requestID) }
            requests[key] = Request(id: requestID, task: task, waiters: [waiterID: waiter])
        }
        let met = waiterWatches.filter { waiterCount(for: $0.key) >= $0.count }
        waiterWatches.removeAll { waiterCount(for: $0.key) >= $0.count }
        for watch in met { watch.watch.resume() }
    }

    private func load(_ key: Key, requestID: Int) async {
        let result: Result<Data, AppServerError>
        do throws(AppServerError) {
            result = .success(try await fetch(key))
        } catch {
            result = .failure(error)
        }
        finish(key, requestID: requestID, with: result)
    }

    private func finish(_ key: Key, requestID: Int, with result: Result<Data, AppServerError>) {
        // A request abandoned by all its waiters may finish after a newer one for the same key began.
        guard let request = requests[key], request.id == requestID else { return }
        requests[key] = nil
        if case .success(let data) = result {
            cache.insert(data, for: key)
        }
        for waiter in request.waiters.values {
            waiter.resume(returning: result)
        }
    }

    private func stopWaiting(_ waiterID: Int, for key: Key) {
        guard var request = requests[key], let waiter = request.waiters.removeValue(forKey: waiterID) else { return }
        waiter.resume(returning: .failure(.cancelled))
        if request.waiters.isEmpty {
            request.task.cancel()
            requests[key] = nil
        } else {
            requests[key] = request
        }
    }

    private func makeID() -> Int {
        lastID += 1
        return lastID
    }
}

extension ImageLoader where Key == Int {
    /// Loads friends' avatars by friend id.
    public init(avatarsFrom client: some FriendsProviding, capacity: Int = 100) {
        self.init(capacity: capacity) { id async throws(AppServerError) -> Data in
            try await client.avatar(id: id)
        }
    }
}
