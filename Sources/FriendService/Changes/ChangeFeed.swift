import FriendStorage
import FriendsAPI
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Reads the change log once for every subscriber of this server instance and hands each new
/// change to all of them, in sequence order, each exactly once.
///
/// A pass reads every change after the last one delivered. Writes through this instance start a
/// pass (`announce`); on PostgreSQL, NOTIFY starts one for writes through other instances. Passes
/// never overlap, and calls that arrive during a pass share the next one, as group commit does.
final class ChangeFeed: Service, Sendable {
    struct Settings: Sendable {
        /// How many changes the log keeps for resuming clients.
        var historyLimit: Int
        /// How many undelivered changes a subscriber may have before it gets `reset` and is closed.
        var bufferSize: Int
        /// How often idle streams get a comment.
        var keepAliveInterval: Duration
    }

    /// Listens for changes committed elsewhere: calls its first argument each time listening
    /// (re)starts and its second for each change announced, until cancelled.
    typealias Listener = @Sendable (_ onListening: @escaping @Sendable () -> Void, _ announce: @escaping @Sendable () -> Void) async -> Void

    private struct State {
        var subscribers: [Int: ChangeSubscription] = [:]
        var lastID = 0
        /// The last sequence handed to subscribers; `nil` until the first pass.
        var delivered: Int?
        var lastPruned = 0
        var passWaiters: [CheckedContinuation<Void, Never>] = []
        var isPassing = false
        var isShutDown = false
        var subscriberWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let store: any FriendStore
    let settings: Settings
    private let listener: Listener?
    private let logger: Logger
    private let state = NIOLockedValueBox(State())

    static let pageSize = 500

    init(store: any FriendStore, settings: Settings, listener: Listener? = nil, logger: Logger) {
        self.store = store
        self.settings = settings
        self.listener = listener
        self.logger = logger
    }

    // MARK: Subscribing

    /// A new subscription and the last sequence delivered before it: it gets every change after that.
    /// Finished at once when the feed has shut down.
    func subscribe() async -> (subscription: ChangeSubscription, delivered: Int) {
        if state.withLockedValue({ $0.delivered == nil }) { await catchUp() }
        let (subscription, delivered, watchers) = state.withLockedValue { state in
            state.lastID += 1
            let subscription = ChangeSubscription(id: state.lastID, capacity: settings.bufferSize)
            if state.isShutDown {
                subscription.finish()
            } else {
                state.subscribers[subscription.id] = subscription
            }
            let count = state.subscribers.count
            let met = state.subscriberWatchers.filter { $0.count <= count }.map(\.continuation)
            state.subscriberWatchers.removeAll { $0.count <= count }
            return (subscription, state.delivered ?? 0, met)
        }
        for watcher in watchers { watcher.resume() }
        return (subscription, delivered)
    }

    func unsubscribe(_ subscription: ChangeSubscription) {
        subscription.finish()
        _ = state.withLockedValue { $0.subscribers.removeValue(forKey: subscription.id) }
    }

    var subscriberCount: Int {
        state.withLockedValue { $0.subscribers.count }
    }

    /// Returns once at least `count` subscribers are subscribed (tests wait on this).
    func waitForSubscribers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let met = state.withLockedValue { state in
                guard state.subscribers.count < count else { return true }
                state.subscriberWatchers.append((count, continuation))
                return false
            }
            if met { continuation.resume() }
        }
    }

    // MARK: Reading the log

    /// Starts a pass unless one is about to start anyway; does not wait.
    func announce() {
        Task { await catchUp() }
    }

    /// Returns after a pass that started after this call: every change committed before the
    /// call has then been delivered.
    func catchUp() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let startsPassing = state.withLockedValue { state in
                state.passWaiters.append(continuation)
                guard !state.isPassing else { return false }
                state.isPassing = true
                return true
            }
            if startsPassing { Task { await self.passUntilNoneWaits() } }
        }
    }

    private func passUntilNoneWaits() async {
        while true {
            let waiters = state.withLockedValue { state in
                defer { state.passWaiters = [] }
                if state.passWaiters.isEmpty { state.isPassing = false }
                return state.passWaiters
            }
            guard !waiters.isEmpty else { return }
            await pass()
            for waiter in waiters { waiter.resume() }
        }
    }

    private func pass() async {
        do {
            guard let delivered = state.withLockedValue({ $0.delivered }) else {
                // Changes committed before the feed started are history, for resuming clients only.
                let latest = try await store.latestChangeSequence()
                state.withLockedValue { $0.delivered = latest }
                return
            }
            var after = delivered
            while true {
                guard let changes = try await store.changes(after: after, limit: Self.pageSize) else {
                    try await resetEveryone()
                    return
                }
                guard let last = changes.last else { break }
                broadcast(changes)
                after = last.sequence
            }
            try await pruneWhenDue(latest: after)
        } catch {
            logger.error("Reading the change log failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    private func broadcast(_ changes: [FriendChange]) {
        let encoded = changes.map(EncodedChange.init)
        state.withLockedValue { state in
            for change in encoded {
                for (id, subscriber) in state.subscribers where !subscriber.deliver(change) {
                    state.subscribers[id] = nil
                }
            }
            state.delivered = changes.last?.sequence ?? state.delivered
        }
    }

    /// This instance fell behind the kept history (its notifications were lost for long): every
    /// subscriber must reload.
    private func resetEveryone() async throws {
        let latest = try await store.latestChangeSequence()
        logger.warning("The change feed fell behind the kept history; resetting subscribers")
        state.withLockedValue { state in
            for subscriber in state.subscribers.values { subscriber.reset(at: latest) }
            state.subscribers = [:]
            state.delivered = latest
        }
    }

    private func pruneWhenDue(latest: Int) async throws {
        let isDue = state.withLockedValue { state in
            guard latest - state.lastPruned >= max(1, settings.historyLimit / 8) else { return false }
            state.lastPruned = latest
            return true
        }
        if isDue { try await store.pruneChanges(keepingLast: settings.historyLimit) }
    }

    // MARK: Running

    /// Sends keep-alives and listens for other instances' changes until graceful shutdown,
    /// then ends every stream.
    func run() async throws {
        await catchUp()
        let listening = listener.map { listen in
            Task { await listen({ [weak self] in self?.announce() }, { [weak self] in self?.announce() }) }
        }
        let interval = settings.keepAliveInterval
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: interval)
                self.keepAlive()
            }
        }
        listening?.cancel()
        shutdown()
    }

    /// Wakes every idle subscriber with a keep-alive comment.
    func keepAlive() {
        for subscriber in state.withLockedValue({ Array($0.subscribers.values) }) { subscriber.keepAlive() }
    }

    /// Ends every subscription after what it has buffered, and refuses new ones.
    func shutdown() {
        let subscribers = state.withLockedValue { state in
            state.isShutDown = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
