/// Sends a session's open tabs what changed on its screen.
///
/// When the app says something changed, the pusher renders the screen's regions once (at the end
/// of the main actor's current work, so a burst of changes is one push, and at most once every
/// `minimumPushInterval`) and sends each tab the regions that differ from what it last sent that
/// tab; a tab whose page shows another screen (another path; the query aside) is told to go there
/// instead.
@MainActor
final class FragmentPusher {
    /// What one tab is sent.
    enum Update: Equatable, Sendable {
        case fragments([Fragment])
        /// The session's screen is now at this path; the tab loads it.
        case navigate(String)
        /// The page the tab shows was drawn by another app with other regions (a reload, whose
        /// page the session's shared app drew, of a form whose entries the tab's app changed):
        /// the tab loads its page again from its own app, as regions cannot add or remove others.
        case redraw
        /// Nothing changed; the connection is still wanted (a closed tab is noticed on writing).
        case keepAlive
    }

    private final class Subscriber {
        let continuation: AsyncStream<Update>.Continuation
        var path: String
        var sent: [String: String] = [:]

        init(continuation: AsyncStream<Update>.Continuation, path: String) {
            self.continuation = continuation
            self.path = path
        }
    }

    private var subscribers: [Int: Subscriber] = [:]
    private var nextID = 0
    private var isPushScheduled = false
    private var lastPush: ContinuousClock.Instant?
    private let render: @MainActor () -> (path: String, fragments: [Fragment])
    private let now: @MainActor () -> ContinuousClock.Instant
    private let wait: @MainActor (Duration) async -> Void

    /// - Parameters:
    ///   - render: the screen's path and regions as they are now.
    ///   - now, wait: the clock that spaces pushes (a test's own, to say when time passes).
    init(
        render: @escaping @MainActor () -> (path: String, fragments: [Fragment]),
        now: @escaping @MainActor () -> ContinuousClock.Instant = { .now },
        wait: @escaping @MainActor (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.render = render
        self.now = now
        self.wait = wait
    }

    var subscriberCount: Int { subscribers.count }

    /// A tab showing `path` wants updates: it is sent every region at once (it may have missed
    /// changes since its page was drawn), then what changes. End it with `unsubscribe`.
    /// - Parameter drawnRegions: the regions of the page the tab shows, in order, when another
    ///   app drew it; when this app's differ, the tab is first told to `redraw`.
    func subscribe(showing path: String, drawnRegions: [String]? = nil) -> (id: Int, updates: AsyncStream<Update>) {
        let (stream, continuation) = AsyncStream<Update>.makeStream(bufferingPolicy: .bufferingNewest(64))
        nextID += 1
        let subscriber = Subscriber(continuation: continuation, path: path)
        subscribers[nextID] = subscriber
        if let drawnRegions, drawnRegions != regionIDs { send(.redraw, to: subscriber) }
        pushNow()
        return (nextID, stream)
    }

    /// The ids of the screen's regions as they are now, in order.
    var regionIDs: [String] {
        render().fragments.map(\.id)
    }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
    }

    /// Ends every tab's stream (the session ended).
    func finishAll() {
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers = [:]
    }

    func keepAlive() {
        for subscriber in subscribers.values { send(.keepAlive, to: subscriber) }
    }

    /// How far apart pushes are at least. Changes from the live feed arrive one at a time: an
    /// import of thousands of friends, or hundreds of edits a second, cost a render of the whole
    /// screen each, which for a list of a thousand rows fell minutes behind. The next push has
    /// every change made while it waited.
    static let minimumPushInterval: Duration = .milliseconds(100)

    /// Something on the screen changed: push once the current burst of changes is over, and no
    /// sooner than `minimumPushInterval` after the last push.
    func setNeedsPush() {
        guard !subscribers.isEmpty, !isPushScheduled else { return }
        isPushScheduled = true
        let remaining = lastPush.map { Self.minimumPushInterval - (now() - $0) } ?? .zero
        Task { @MainActor [weak self, wait] in
            if remaining > .zero { await wait(remaining) }
            guard let self else { return }
            self.isPushScheduled = false
            self.pushNow()
        }
    }

    func pushNow() {
        guard !subscribers.isEmpty else { return }
        lastPush = now()
        let (path, fragments) = render()
        for subscriber in subscribers.values {
            let sameScreen = Self.screen(of: subscriber.path) == Self.screen(of: path)
            subscriber.path = path
            if !sameScreen {
                subscriber.sent = [:]
                // The tab draws the new screen whole; what it is sent next is measured from that.
                for fragment in fragments { subscriber.sent[fragment.id] = fragment.html }
                send(.navigate(path), to: subscriber)
                continue
            }
            let changed = fragments.filter { subscriber.sent[$0.id] != $0.html }
            guard !changed.isEmpty else { continue }
            for fragment in changed { subscriber.sent[fragment.id] = fragment.html }
            send(.fragments(changed), to: subscriber)
        }
    }

    /// A path without its query. A query that changed alone (a search typed in the tab, which keeps
    /// it in its address itself) is no other screen to go to.
    static func screen(of path: String) -> Substring {
        path.prefix { $0 != "?" }
    }

    /// Yields `update`. A tab too slow to read its buffer loses the oldest update, so what it was
    /// sent is no longer known: it is told to load its screen whole on the next push.
    private func send(_ update: Update, to subscriber: Subscriber) {
        guard case .dropped = subscriber.continuation.yield(update) else { return }
        subscriber.path = ""
        subscriber.sent = [:]
        setNeedsPush()
    }
}
