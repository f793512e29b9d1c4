/// One app of a session with the stream that pushes its screen: the app of one browser tab, or
/// the app every tab without the script shares.
@MainActor
final class WebTab {
    let app: any WebApplication
    let pusher: FragmentPusher
    /// When a request of this tab last arrived.
    var lastUsed: ContinuousClock.Instant
    /// Whether the app has opened a page: only then does it stand for what a browser shows.
    private(set) var hasOpenedAPage = false

    init(app: any WebApplication, csrfToken: String, signedInAs: String? = nil, now: ContinuousClock.Instant) {
        self.app = app
        lastUsed = now
        pusher = FragmentPusher { [weak app] in
            guard let app else { return ("/", []) }
            return (app.currentPath, app.fragments(PageContext(csrfToken: csrfToken, isScripted: true, signedInAs: signedInAs)))
        }
        app.onChange = { [weak pusher] in pusher?.setNeedsPush() }
    }

    func open(path: String) async -> Bool {
        hasOpenedAPage = true
        return await app.open(path: path)
    }

    /// The script's latest load taken: its page's name, and its number there.
    private var latestLoad: (page: Substring, number: Int)?
    /// Pages of this tab a later page has replaced (a reload): their loads still on the way are
    /// out of date. The last few are enough; a tab reloads one page at a time.
    private var replacedPages: [Substring] = []

    /// Takes the script's load `label` (`X-WebUI-Load`, `<page>-<number>`): false for one older
    /// than a load of the same page taken already, or from a page a later one has replaced, which
    /// arrived late on another connection and must not open its screen over the newer one's. A
    /// request without a label is the browser's own, taken as it comes.
    func takesLoad(_ label: String?) -> Bool {
        guard let label, let dash = label.lastIndex(of: "-"), let number = Int(label[label.index(after: dash)...]) else {
            return true
        }
        let page = label[..<dash]
        if replacedPages.contains(page) { return false }
        if let latestLoad {
            if latestLoad.page == page, number < latestLoad.number { return false }
            if latestLoad.page != page {
                replacedPages.append(latestLoad.page)
                if replacedPages.count > 16 { replacedPages.removeFirst() }
            }
        }
        latestLoad = (page, number)
        return true
    }

    func download(at address: String) async -> Download? {
        await app.download(at: address)
    }

    /// Waits, for at most `limit`, until the app's work in progress is done.
    func waitUntilIdle(limit: Duration) async {
        await BusyWait.untilIdle(app.isBusy, limit: limit)
    }

    /// Whether the tab is gone, as far as the server can tell: no stream open, and no request
    /// since `cutoff`.
    func isIdle(cutoff: ContinuousClock.Instant) -> Bool {
        lastUsed < cutoff && pusher.subscriberCount == 0
    }

    func end() {
        pusher.finishAll()
        app.onChange = nil
    }
}
