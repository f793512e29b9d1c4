import FriendStorage
import FriendsAPI
import HTTPServerKit
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Reads the change log once for every subscriber of this server instance and hands each new
/// change to all of them, in sequence order, each exactly once.
///
/// A pass reads every change after the last one delivered. Writes through this instance ask for
/// a pass (`announce`); on PostgreSQL, NOTIFY asks for one for writes through other instances,
/// and on SQLite a look at the file's `data_version` for writes by other processes.
/// Passes run one at a time inside `run()`, the feed's service, and calls that arrive during a
/// pass share the next one, as group commit does. So no read of the log outlives the service:
/// the server's service group stops it (after the HTTP server) before the store is closed.
final class ChangeFeed: Service, Sendable {
    struct Settings: Sendable {
        /// How many changes the log keeps for resuming clients.
        var historyLimit: Int
        /// How many undelivered changes a subscriber may have before it gets `reset` and is closed.
        var bufferSize: Int
        /// How often idle streams get a comment.
        var keepAliveInterval: Duration
        /// How many streams may be open at once; more are refused, so that subscribers cannot
        /// take every connection the server accepts.
        var maximumSubscribers: Int = .max
    }

    /// Why `subscribe()` refused.
    enum Refusal: Error, Equatable {
        /// `maximumSubscribers` streams are open.
        case full
        /// The log could not be read, so where the stream would start is unknown.
        case positionUnknown
    }

    /// Listens for changes committed elsewhere: calls its first argument each time listening
    /// (re)starts and its second for each change announced, until cancelled.
    typealias Listener = @Sendable (_ onListening: @escaping @Sendable () -> Void, _ announce: @escaping @Sendable () -> Void) async -> Void

    private typealias Waiter = CheckedContinuation<Void, Never>

    private enum Lifecycle {
        case notStarted, running, stopped
    }

    private struct State {
        /// Subscriptions that changes are delivered to.
        var subscribers: [Int: ChangeSubscription] = [:]
        /// Subscriptions not yet unsubscribed (their streams are open), counted against the maximum.
        var open: Set<Int> = []
        var lastID = 0
        /// The last sequence handed to subscribers; `nil` until the first pass.
        var delivered: Int?
        var lastPruned = 0
        var lifecycle = Lifecycle.notStarted
        var isPassRequested = false
        /// Callers of `catchUp` waiting for the next pass.
        var passWaiters: [Waiter] = []
        /// The pass loop of `run()`, waiting to be asked for a pass.
        var passer: CheckedContinuation<[Waiter]?, Never>?
        var isShutDown = false
        var countWatchers: [(id: Int, isMet: @Sendable (Int) -> Bool, continuation: Waiter)] = []
        var lastWatcherID = 0

        /// Takes the watchers whose condition the open count meets.
        mutating func metWatchers() -> [Waiter] {
            let count = open.count
            let met = countWatchers.filter { $0.isMet(count) }.map(\.continuation)
            countWatchers.removeAll { $0.isMet(count) }
            return met
        }
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

    /// A new subscription and the last sequence delivered before it: it gets every change after
    /// that. Finished at once when the feed has shut down. The caller must `unsubscribe` it.
    func subscribe() async throws(Refusal) -> (subscription: ChangeSubscription, delivered: Int) {
        if state.withLockedValue({ $0.delivered == nil }) { await catchUp() }
        let result: Result<(ChangeSubscription, Int, [Waiter]), Refusal> = state.withLockedValue { state in
            guard state.open.count < settings.maximumSubscribers else { return .failure(.full) }
            guard let delivered = state.delivered else { return .failure(.positionUnknown) }
            state.lastID += 1
            let subscription = ChangeSubscription(id: state.lastID, capacity: settings.bufferSize)
            state.open.insert(subscription.id)
            if state.isShutDown {
                subscription.finish()
            } else {
                state.subscribers[subscription.id] = subscription
            }
            return .success((subscription, delivered, state.metWatchers()))
        }
        let (subscription, delivered, watchers) = try result.get()
        for watcher in watchers { watcher.resume() }
        return (subscription, delivered)
    }

    /// Ends `subscription` and frees its place; calling it again does nothing.
    func unsubscribe(_ subscription: ChangeSubscription) {
        subscription.finish()
        let watchers = state.withLockedValue { state in
            state.subscribers[subscription.id] = nil
            state.open.remove(subscription.id)
            return state.metWatchers()
        }
        for watcher in watchers { watcher.resume() }
    }

    /// Subscriptions not yet unsubscribed: the open streams.
    var subscriberCount: Int {
        state.withLockedValue { $0.open.count }
    }

    /// Returns once at least `count` subscribers are subscribed (tests wait on this).
    func waitForSubscribers(_ count: Int) async {
        await waitForSubscriberCount { $0 >= count }
    }

    /// Returns once at most `count` subscribers are left (tests wait on this).
    func waitForSubscribers(atMost count: Int) async {
        await waitForSubscriberCount { $0 <= count }
    }

    /// Returns once `isMet` holds for the open count, or when the task is cancelled (a test's time limit).
    private func waitForSubscriberCount(_ isMet: @escaping @Sendable (Int) -> Bool) async {
        let id = state.withLockedValue { state in
            state.lastWatcherID += 1
            return state.lastWatcherID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let met = state.withLockedValue { state in
                    guard !isMet(state.open.count), !Task.isCancelled else { return true }
                    state.countWatchers.append((id, isMet, continuation))
                    return false
                }
                if met { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLockedValue { state in
                defer { state.countWatchers.removeAll { $0.id == id } }
                return state.countWatchers.first { $0.id == id }
            }
            watcher?.continuation.resume()
        }
    }

    // MARK: Reading the log

    /// Asks for a pass unless one is about to start anyway; does not wait.
    func announce() {
        requestPass(waiter: nil)
    }

    /// Returns after a pass that started after this call: every change committed before the call
    /// has then been delivered. Before `run()` starts it waits for it; once the feed has stopped
    /// it returns at once, reading nothing.
    func catchUp() async {
        await withCheckedContinuation { (waiter: Waiter) in requestPass(waiter: waiter) }
    }

    private func requestPass(waiter: Waiter?) {
        let (passer, waiters, isStopped): (CheckedContinuation<[Waiter]?, Never>?, [Waiter], Bool) = state.withLockedValue { state in
            guard state.lifecycle != .stopped else { return (nil, [], true) }
            if let waiter { state.passWaiters.append(waiter) } else { state.isPassRequested = true }
            guard let passer = state.passer else { return (nil, [], false) }
            state.passer = nil
            state.isPassRequested = false
            defer { state.passWaiters = [] }
            return (passer, state.passWaiters, false)
        }
        if isStopped { waiter?.resume() }
        passer?.resume(returning: waiters)
    }

    /// Runs passes as they are asked for until the feed stops.
    private func passWhileRunning() async {
        while let waiters = await nextPassRequest() {
            await pass()
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Waits until a pass is asked for and returns who waits for it; `nil` once the feed stopped.
    private func nextPassRequest() async -> [Waiter]? {
        await withCheckedContinuation { (continuation: CheckedContinuation<[Waiter]?, Never>) in
            let ready: [Waiter]?? = state.withLockedValue { state in
                if state.lifecycle == .stopped { return .some(nil) }
                guard state.isPassRequested || !state.passWaiters.isEmpty else {
                    state.passer = continuation
                    return .none
                }
                state.isPassRequested = false
                defer { state.passWaiters = [] }
                return .some(state.passWaiters)
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// No pass starts after this; the pass loop ends and whoever waits for a pass is let go.
    private func stopPassing() {
        let (passer, waiters) = state.withLockedValue { state in
            state.lifecycle = .stopped
            defer {
                state.passer = nil
                state.passWaiters = []
            }
            return (state.passer, state.passWaiters)
        }
        passer?.resume(returning: nil)
        for waiter in waiters { waiter.resume() }
    }

    private func pass() async {
        do {
            guard let delivered = state.withLockedValue({ $0.delivered }) else {
                // Changes committed before the feed started are history, for resuming clients only.
                let latest = try await store.latestChangeSequence()
                state.withLockedValue { $0.delivered = latest }
                return
            }
            if try await skipWhileNobodySubscribes() { return }
            var after = delivered
            while true {
                guard let logged = try await store.loggedChanges(after: after, limit: Self.pageSize) else {
                    try await resetEveryone()
                    return
                }
                guard let last = logged.last else { break }
                broadcast(logged.compactMap(\.change), through: last.sequence)
                after = last.sequence
            }
            try await pruneWhenDue(latest: after)
        } catch {
            logger.error("Reading the change log failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// With no subscribers, learns where the log stands instead of reading and encoding every
    /// change for nobody (about 5 % of a `POST`'s CPU, see BENCHMARKS.md). Whoever subscribes
    /// before the new position is set is a subscriber the pass then reads for.
    private func skipWhileNobodySubscribes() async throws -> Bool {
        guard state.withLockedValue({ $0.subscribers.isEmpty }) else { return false }
        let latest = try await store.latestChangeSequence()
        let skipped = state.withLockedValue { state in
            guard state.subscribers.isEmpty else { return false }
            state.delivered = latest
            return true
        }
        if skipped { try await pruneWhenDue(latest: latest) }
        return skipped
    }

    /// Sends `changes` to every subscriber; the log is read `through` the sequence given (changes
    /// to groups, which friends' views do not hear, may come after the last of `changes`).
    private func broadcast(_ changes: [FriendChange], through sequence: Int) {
        let encoded = changes.map(EncodedChange.init)
        let pumps = state.withLockedValue { state in
            var pumps: [EventStreamPump] = []
            for change in encoded {
                for (id, subscriber) in state.subscribers where !subscriber.deliver(change, waking: &pumps) {
                    state.subscribers[id] = nil
                }
            }
            state.delivered = sequence
            return pumps
        }
        EventStreamPump.wake(pumps)
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

    /// Reads the log when asked, sends keep-alives and listens for other instances' changes until
    /// graceful shutdown; then ends every stream and returns once the pass in progress is done.
    func run() async throws {
        let starts = state.withLockedValue { state in
            guard state.lifecycle == .notStarted else { return false }
            state.lifecycle = .running
            // The first pass learns where the log stands.
            state.isPassRequested = true
            return true
        }
        guard starts else { return }
        await withTaskGroup(of: Void.self) { passing in
            // Not cancelled: `stopPassing` ends it after the pass in progress, which finishes its reads.
            passing.addTask { await self.passWhileRunning() }
            await withTaskGroup(of: Void.self) { listening in
                if let listener {
                    listening.addTask { await listener({ [weak self] in self?.announce() }, { [weak self] in self?.announce() }) }
                }
                let interval = settings.keepAliveInterval
                try? await cancelWhenGracefulShutdown {
                    while true {
                        try await Task.sleep(for: interval)
                        self.keepAlive()
                    }
                }
                shutdown()
                stopPassing()
                listening.cancelAll()
            }
        }
    }

    /// Wakes every idle subscriber with a keep-alive comment.
    func keepAlive() {
        var pumps: [EventStreamPump] = []
        for subscriber in state.withLockedValue({ Array($0.subscribers.values) }) { subscriber.keepAlive(waking: &pumps) }
        EventStreamPump.wake(pumps)
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
