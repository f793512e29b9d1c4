import HTTPServerKit

/// One browser's session: its own app (and so its own view models), its CSRF token, and the
/// tabs it pushes changes to.
@MainActor
public final class WebSession {
    /// The cookie's value.
    public let id: String
    /// Every state-changing request of this session must carry it.
    public let csrfToken: String
    public let app: any WebApplication
    /// Who signed in, for an app with sign-in (`WebRoutes.Settings.signIn`).
    public let signedInAs: String?
    /// When a request of this session last arrived.
    var lastUsed: ContinuousClock.Instant
    /// Whether the browser came back with the cookie: until then the session may be one of a
    /// flood of requests that never will, and gives way to any other.
    var isConfirmed = false
    let pusher: FragmentPusher

    init(app: any WebApplication, now: ContinuousClock.Instant, signedInAs: String? = nil) {
        self.signedInAs = signedInAs
        id = SecretToken.make()
        csrfToken = SecretToken.make()
        self.app = app
        lastUsed = now
        let csrfToken = self.csrfToken
        pusher = FragmentPusher { [weak app] in
            guard let app else { return ("/", []) }
            return (app.currentPath, app.fragments(PageContext(csrfToken: csrfToken, isScripted: true, signedInAs: signedInAs)))
        }
        app.onChange = { [weak pusher] in pusher?.setNeedsPush() }
    }

    func open(path: String) async -> Bool {
        await app.open(path: path)
    }

    func download(at path: String) async -> Download? {
        await app.download(at: path)
    }

    /// Waits, for at most `limit`, until the app's work in progress is done.
    func waitUntilIdle(limit: Duration) async {
        await BusyWait.untilIdle(app.isBusy, limit: limit)
    }

    func end() {
        pusher.finishAll()
        app.onChange = nil
    }
}
