/// The open browser sessions, each with its own apps (one per tab, see `WebSession`).
///
/// Bounded three ways: a session unused for `idleLimit` ends (and its view models are released);
/// sessions whose browser never came back with the cookie are at most `newSessionCapacity`, the
/// oldest giving way to a newer one, so a flood of requests without a cookie costs little and
/// pushes out no one who is using the app; and past `capacity` sessions in use, the one unused
/// longest ends.
@MainActor
public final class WebSessions {
    public let capacity: Int
    public let newSessionCapacity: Int
    public let idleLimit: Duration
    /// The most tabs with an app of their own one session keeps.
    public let tabCapacity: Int
    /// `nil` for an app with sign-in: its sessions start only there, each with its person's apps.
    private let makeApp: (@MainActor () -> any WebApplication)?
    private let now: @MainActor () -> ContinuousClock.Instant
    private var sessions: [String: WebSession] = [:]

    /// - Parameters:
    ///   - makeApp: a new app, for a new session or one of its tabs; `nil` when sessions start
    ///     only when a person signs in (`start(signedInAs:makeApp:onEnd:holds:)`).
    ///   - now: the clock idle time is measured on (tests pass their own).
    public init(
        capacity: Int = 1_000,
        newSessionCapacity: Int = 64,
        idleLimit: Duration = .seconds(30 * 60),
        tabCapacity: Int = 12,
        now: @escaping @MainActor () -> ContinuousClock.Instant = { ContinuousClock.now },
        makeApp: (@MainActor () -> any WebApplication)?
    ) {
        precondition(capacity > 0 && newSessionCapacity > 0 && tabCapacity > 0, "A session store needs room for one session and tab.")
        self.capacity = capacity
        self.newSessionCapacity = newSessionCapacity
        self.idleLimit = idleLimit
        self.tabCapacity = tabCapacity
        self.now = now
        self.makeApp = makeApp
    }

    public var count: Int { sessions.count }

    /// The live session with this cookie value, now marked as used; `nil` when there is none
    /// (never was, or it ended).
    /// Only this session is checked for idleness: the others are swept by `endIdleSessions`
    /// (every few seconds, and when a session starts), not on every request.
    public func session(id: String?) -> WebSession? {
        guard let id, let session = sessions[id] else { return nil }
        let now = now()
        if isIdle(session, cutoff: now - idleLimit) || !session.signInHolds() {
            end(session)
            return nil
        }
        session.lastUsed = now
        if !session.isConfirmed { confirm(session) }
        return session
    }

    /// A new session, making room for it among the new ones when they are `newSessionCapacity`.
    public func start() -> WebSession {
        endIdleSessions()
        let unconfirmed = sessions.values.filter { !$0.isConfirmed }
        if unconfirmed.count >= newSessionCapacity, let oldest = Self.leastRecentlyUsed(unconfirmed) {
            end(oldest)
        }
        guard let makeApp else { preconditionFailure("The sessions of an app with sign-in start when a person signs in.") }
        let session = WebSession(tabCapacity: tabCapacity, now: now(), makeApp: makeApp)
        sessions[session.id] = session
        return session
    }

    /// A new session of a person who just signed in, whose tabs get apps from `makeApp` (each
    /// working as that person); it counts as in use.
    /// - Parameter holds: whether the sign-in still holds; once it does not (the person's password
    ///   changed, their access was removed), the session ends at its next request, as if signed out.
    public func start(
        signedInAs name: String, makeApp: @escaping @MainActor () -> any WebApplication, onEnd: (@MainActor () -> Void)? = nil,
        holds: @escaping @MainActor () -> Bool = { true }
    ) -> WebSession {
        endIdleSessions()
        let session = WebSession(tabCapacity: tabCapacity, now: now(), signedInAs: name, makeApp: makeApp)
        session.onEnd = onEnd
        session.signInHolds = holds
        sessions[session.id] = session
        confirm(session)
        return session
    }

    /// Ends a session (its person signed out, or signed in again).
    public func end(id: String) {
        if let session = sessions[id] { end(session) }
    }

    /// Ends the sessions unused for longer than `idleLimit`, and the tabs of the others unused as
    /// long. A session or tab with its event stream open is in use.
    public func endIdleSessions() {
        let cutoff = now() - idleLimit
        for session in sessions.values {
            if isIdle(session, cutoff: cutoff) { end(session) } else { session.endIdleTabs(cutoff: cutoff) }
        }
    }

    /// The tab `tabID` of `session` (see `WebSession.tab`), marked as used now.
    func tab(_ tabID: String?, of session: WebSession) -> (tab: WebTab, isNew: Bool) {
        session.tab(tabID, now: now())
    }

    /// See `WebSession.takeSharedDrawing`.
    func takeSharedDrawing(of path: String, in session: WebSession) -> WebTab? {
        session.takeSharedDrawing(of: path, now: now())
    }

    /// The browser came back with the cookie: the session is in use, and counts against `capacity`.
    private func confirm(_ session: WebSession) {
        session.isConfirmed = true
        let confirmed = sessions.values.filter(\.isConfirmed)
        if confirmed.count > capacity, let oldest = Self.leastRecentlyUsed(confirmed.filter { $0 !== session }) {
            end(oldest)
        }
    }

    private static func leastRecentlyUsed(_ sessions: [WebSession]) -> WebSession? {
        sessions.min { $0.lastUsed < $1.lastUsed }
    }

    private func isIdle(_ session: WebSession, cutoff: ContinuousClock.Instant) -> Bool {
        session.lastUsed < cutoff && session.subscriberCount == 0
    }

    /// Tells every open tab the connection is still wanted, so closed ones are noticed.
    public func keepTabsAlive() {
        for session in sessions.values { session.keepTabsAlive() }
    }

    /// Ends every session (the server stops).
    public func endAll() {
        for session in sessions.values { end(session) }
    }

    private func end(_ session: WebSession) {
        sessions.removeValue(forKey: session.id)
        session.end()
    }
}
