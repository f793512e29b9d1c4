import HTTPServerKit

/// One browser's session: its CSRF token, and an app (so view models) per tab.
///
/// A tab running the script names itself with every request (`tabID`): each such tab gets an app
/// of its own, made on its first request, so tabs navigate on their own and no tab discards what
/// another is typing. At most `tabCapacity` are kept; past that, a tab that has no stream open
/// (closed, most likely) and was used longest ago ends first. Requests that name no tab (pages
/// loaded whole, a browser without the script) share one app, `app`; the tab of a page loaded
/// whole takes over what that app showed only there (`takeSharedDrawing`).
@MainActor
public final class WebSession {
    /// The cookie's value.
    public let id: String
    /// Every state-changing request of this session must carry it.
    public let csrfToken: String
    /// Who signed in, for an app with sign-in (`WebRoutes.Settings.signIn`).
    public let signedInAs: String?
    /// The app of requests that name no tab.
    public var app: any WebApplication { shared.app }
    /// When a request of this session last arrived.
    var lastUsed: ContinuousClock.Instant
    /// Whether the browser came back with the cookie: until then the session may be one of a
    /// flood of requests that never will, and gives way to any other.
    var isConfirmed = false
    private(set) var shared: WebTab
    private(set) var tabs: [String: WebTab] = [:]
    let tabCapacity: Int
    private let makeApp: @MainActor () -> any WebApplication

    init(
        tabCapacity: Int, now: ContinuousClock.Instant, signedInAs: String? = nil,
        makeApp: @escaping @MainActor () -> any WebApplication
    ) {
        self.signedInAs = signedInAs
        id = SecretToken.make()
        csrfToken = SecretToken.make()
        lastUsed = now
        self.tabCapacity = tabCapacity
        self.makeApp = makeApp
        shared = WebTab(app: makeApp(), csrfToken: csrfToken, signedInAs: signedInAs, now: now)
    }

    /// The app of tab `tabID`; `nil` when the session has none for it.
    public func app(ofTab tabID: String) -> (any WebApplication)? {
        tabs[tabID]?.app
    }

    /// The shared app's stream.
    var pusher: FragmentPusher { shared.pusher }

    /// The tab named `tabID` (the shared one for `nil` or a name that is not one), now marked as
    /// used, and whether it was made just now: its app then has yet to open the tab's address.
    func tab(_ tabID: String?, now: ContinuousClock.Instant) -> (tab: WebTab, isNew: Bool) {
        guard let tabID, Self.isTabID(tabID) else {
            shared.lastUsed = now
            return (shared, false)
        }
        if let tab = tabs[tabID] {
            tab.lastUsed = now
            return (tab, false)
        }
        if tabs.count >= tabCapacity, let (oldID, oldest) = leastRecentlyUsedTab() {
            tabs.removeValue(forKey: oldID)
            oldest.end()
        }
        let tab = WebTab(app: makeApp(), csrfToken: csrfToken, signedInAs: signedInAs, now: now)
        tabs[tabID] = tab
        return (tab, true)
    }

    /// The shared app that drew a page the browser loaded itself, once that page's script opens
    /// its first stream: the tab's app then takes what only the drawing app knows (an alert), and
    /// the shared app is made anew, so it keeps nothing of that page for the next one loaded
    /// whole. `nil` when the shared app drew no page, drew another one, or a stream follows it.
    func takeSharedDrawing(of path: String, now: ContinuousClock.Instant) -> WebTab? {
        guard shared.hasOpenedAPage, shared.pusher.subscriberCount == 0 else { return nil }
        let drawn = shared
        shared = WebTab(app: makeApp(), csrfToken: csrfToken, signedInAs: signedInAs, now: now)
        drawn.end()
        return drawn.app.currentPath == path ? drawn : nil
    }

    /// A closed tab before an open one, then the one used longest ago.
    private func leastRecentlyUsedTab() -> (String, WebTab)? {
        tabs.min { a, b in
            let (aOpen, bOpen) = (a.value.pusher.subscriberCount > 0, b.value.pusher.subscriberCount > 0)
            return aOpen != bOpen ? !aOpen : a.value.lastUsed < b.value.lastUsed
        }.map { ($0.key, $0.value) }
    }

    /// A tab's name as the script makes it: 16 to 64 letters, digits, `-` or `_`.
    static func isTabID(_ text: String) -> Bool {
        (16...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// How many streams the session's tabs have open.
    var subscriberCount: Int {
        tabs.values.reduce(shared.pusher.subscriberCount) { $0 + $1.pusher.subscriberCount }
    }

    /// Ends the tabs with no stream open and no request since `cutoff`.
    func endIdleTabs(cutoff: ContinuousClock.Instant) {
        for (tabID, tab) in tabs where tab.isIdle(cutoff: cutoff) {
            tabs.removeValue(forKey: tabID)
            tab.end()
        }
    }

    func keepTabsAlive() {
        shared.pusher.keepAlive()
        for tab in tabs.values { tab.pusher.keepAlive() }
    }

    /// What the session's person holds open beside its apps (a live feed of their own).
    var onEnd: (@MainActor () -> Void)?
    /// Whether the person's sign-in still holds (`WebSessions.start`).
    var signInHolds: @MainActor () -> Bool = { true }

    func end() {
        shared.end()
        for tab in tabs.values { tab.end() }
        tabs = [:]
        onEnd?()
        onEnd = nil
    }
}
