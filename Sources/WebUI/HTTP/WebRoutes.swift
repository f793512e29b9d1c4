import Foundation
import HTTPTypes
import HTTPServerKit
import Hummingbird

/// The HTTP side of a browser app: pages, form posts, the event stream, the script and the style.
///
/// - `GET /any/path` opens that screen in the session's app (starting a session, with its cookie,
///   when the browser has none) and answers the whole page; `303` to where the app is when the
///   screen could not be shown (a friend that is gone, say); `404` when no screen lives there;
///   `403` when another site's page made the browser ask (see `FetchMetadata`).
/// - `POST /any/path` is a form of that page: the app receives it, then `303` to the screen shown
///   now (POST, redirect, GET). The script's live inputs (`X-WebUI` header) get `204`; what they
///   change arrives over the event stream.
/// - The script numbers its loads (`X-WebUI-Load`, and `load=` on the stream): a `GET` or a stream
///   older than a load the tab took already, or from a page of the tab a reload replaced, opens
///   nothing (`WebTab.takesLoad`).
/// - The script's other requests get the page of the screen shown now, where a browser would get
///   `303`, with its address in `X-WebUI-Path`: the `GET` a `303` leads to would open that screen
///   again, after the person may have moved on (a Discard pressed while Back's answer was on its
///   way took the app back into the form it had just left).
/// - `GET` of a path where the app offers a file (`WebApplication.download(at:)`) answers the
///   file as an attachment.
/// - A form with a file input is sent as `multipart/form-data` (`MultipartForm`), within
///   `maximumUploadSize`; a malformed or oversized one gets an error page saying what is wrong.
/// - `GET /webui/here` is `303` to the screen the shared app shows now; the script gets its tab's
///   page (as above), opening nothing.
/// - `GET /webui/session` says whether the session has ended (`sessionPath`).
/// - `GET /webui/events?path=&tab=&token=` streams the tab's changes to it (Server-Sent Events); the
///   first stream of a page the browser loaded itself adds `loaded=1`.
/// - The script names its tab with every request (`X-WebUI-Tab`, or `tab=` on the stream): each
///   such tab has an app of its own (see `WebSession`); requests naming none share one.
/// - A path's query is the app's too (`/?q=ada`): `open(path:)` gets both, and a page whose
///   app shows another address (`currentPath`) is redirected there.
public struct WebRoutes: Sendable {
    public struct Settings: Sendable {
        /// The names requests may be addressed to (without port); the loopback names by default.
        public var acceptedHostNames: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        /// How long a request waits for the work it started before it draws the page anyway.
        public var busyLimit: Duration = .seconds(5)
        /// The largest form body read.
        public var maximumFormSize = 64 * 1024
        /// The largest form with files (`multipart/form-data`) read.
        public var maximumUploadSize = 16 * 1024 * 1024
        /// When set, a session starts only when a person signs in (`SignInRoutes`).
        public var signIn: WebSignIn?
        /// Served by a reverse proxy on this machine that terminates TLS (`ProxyTrust`): cookies
        /// are `Secure`, and only the proxy's https requests are taken.
        public var behindProxy = false

        public init() {}
    }

    static let sessionCookie = "webui_session"
    public static let scriptPath = "/webui/webui.js"
    public static let stylePath = "/webui/app.css"
    public static let eventsPath = "/webui/events"
    /// `303` to where the session's shared app is now: a page drawn without the script while its
    /// app was still at work links here, to be loaded again once that work is done.
    public static let herePath = "/webui/here"
    /// `{"signedOut": true}` once the browser's session has ended on an app with sign-in (signed
    /// out in another tab, a new password): what the script asks when its stream is refused.
    public static let sessionPath = "/webui/session"

    let sessions: WebSessions
    let stylesheet: ByteBuffer
    let settings: Settings

    /// - Parameter stylesheet: the app's CSS, served at `stylePath`.
    public init(sessions: WebSessions, stylesheet: String, settings: Settings = Settings()) {
        self.sessions = sessions
        self.stylesheet = ByteBuffer(string: stylesheet)
        self.settings = settings
    }

    public func router() -> Router<ConnectionRequestContext> {
        // HEAD answers as GET would, without the body (a link checker, `curl -I`).
        let router = Router(context: ConnectionRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: MethodCheckMiddleware())
        if settings.behindProxy { router.add(middleware: ProxyTrust()) }
        router.add(middleware: HostCheckMiddleware(
            acceptedNames: settings.acceptedHostNames, passesRequestsWithoutHost: false,
            refuse: { [names = settings.acceptedHostNames] in
                ErrorPage.response(
                    .misdirectedRequest, "This app answers only requests addressed to \(names.sorted().joined(separator: ", "))."
                )
            }
        ))
        router.get(RouterPath(Self.scriptPath)) { _, _ in Self.asset(Self.script, type: "text/javascript; charset=utf-8") }
        router.get(RouterPath(Self.stylePath)) { _, _ in Self.asset(stylesheet, type: "text/css; charset=utf-8") }
        router.get(RouterPath(Self.eventsPath)) { request, _ in await events(request) }
        router.get(RouterPath(Self.sessionPath)) { request, _ in
            let live = await MainActor.run {
                sessions.session(id: Self.sessionID(request)).map { !comesFromAnotherSession(request.headers[.csrfToken], than: $0) } ?? false
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[.cacheControl] = "no-store"
            let signedOut = !live && settings.signIn != nil
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"signedOut":\#(signedOut)}"#)))
        }
        router.get(RouterPath(Self.herePath)) { request, _ in await here(request) }
        // The router takes `/webui/…` for its own, so `**` below does not reach what it lacks:
        // without this, an empty 404 without the security headers.
        for own in ["/webui", "/webui/**"] {
            router.get(RouterPath(own)) { _, _ in Self.noPage }
            router.post(RouterPath(own)) { _, _ in Self.noPage }
        }
        if let signIn = settings.signIn { addSignInRoutes(to: router, signIn) }
        router.get("/") { request, _ in await page(request) }
        router.get("**") { request, _ in await page(request) }
        router.post("/") { request, _ in try await post(request) }
        router.post("**") { request, _ in try await post(request) }
        return router
    }

    // MARK: Pages

    private func page(_ request: Request) async -> Response {
        let refusal = "Pages of this app open only from its own pages or the address bar."
        guard FetchMetadata.mayDownload(request) else { return ErrorPage.response(.forbidden, refusal) }
        let target = Self.target(of: request)
        let isScripted = request.headers[.webUIScripted] != nil
        let signsIn = settings.signIn != nil
        let existing = await MainActor.run { () -> (WebSession, WebTab, Bool)? in
            if let session = sessions.session(id: Self.sessionID(request)) {
                return (session, sessions.tab(request.headers[.webUITab], of: session).tab, false)
            }
            guard !signsIn else { return nil }
            let session = sessions.start()
            return (session, session.shared, true)
        }
        guard let (session, tab, isNew) = existing else { return signInRedirect(from: target) }
        if comesFromAnotherSession(request.headers[.csrfToken], than: session) { return Self.expired }
        if let download = await tab.download(at: target) {
            var response = Self.attachment(download)
            if isNew { response.setCookie(cookie(for: session)) }
            return response
        }
        guard FetchMetadata.mayOpenAPage(request) else { return ErrorPage.response(.forbidden, refusal) }
        // A load older than one the tab took already opens nothing: it gets the page shown now.
        let isLatest = await MainActor.run { tab.takesLoad(request.headers[.webUILoad]) }
        let found = isLatest ? await tab.open(path: target) : true
        if found { await tab.waitUntilIdle(limit: settings.busyLimit) }
        var response = await MainActor.run { () -> Response in
            guard found else { return Self.noPage }
            let current = tab.app.currentPath
            if current != target, !isScripted { return Self.redirect(to: current) }
            return Self.page(of: tab, in: session, isScripted: isScripted)
        }
        if isNew { response.setCookie(cookie(for: session)) }
        return response
    }

    /// The screen shown now, opening none: `303` there, or for the script its tab's page (what it
    /// loads when told its screen moved on; a `GET` of that screen's own address would open it
    /// again over a click made meanwhile).
    private func here(_ request: Request) async -> Response {
        let isScripted = request.headers[.webUIScripted] != nil
        return await MainActor.run { () -> Response in
            guard let session = sessions.session(id: Self.sessionID(request)) else { return Self.redirect(to: "/") }
            guard isScripted else { return Self.redirect(to: session.app.currentPath) }
            if comesFromAnotherSession(request.headers[.csrfToken], than: session) { return Self.expired }
            guard FetchMetadata.mayOpenAPage(request) else {
                return ErrorPage.response(.forbidden, "Pages of this app open only from its own pages or the address bar.")
            }
            return Self.page(of: sessions.tab(request.headers[.webUITab], of: session).tab, in: session, isScripted: true)
        }
    }

    private func post(_ request: Request) async throws -> Response {
        let cookie = Self.sessionID(request)
        guard let session = await MainActor.run(body: { sessions.session(id: cookie) }) else {
            // Signed out meanwhile (elsewhere, a new password, idle too long): the form is not
            // taken, and the person signs in again to come back to its page.
            if settings.signIn != nil { return signInRedirect(from: request.uri.path, unsaved: true) }
            return try await openingAgain(request)
                ?? Self.expired
        }
        let fields: FormFields
        switch try await ownForm(request) {
        case .success(let read): fields = read
        case .failure(let refusal): return refusal.response
        }
        let token = fields["_csrf"] ?? request.headers[.csrfToken]
        guard let token, SecretToken.matches(token, session.csrfToken) else {
            return ErrorPage.response(.forbidden, "This form has expired. Reload the page and try again.")
        }
        let path = request.uri.path
        // A form with a file names its tab in a field: the browser sends it without the script's headers.
        let tabID = request.headers[.webUITab] ?? fields["_tab"]
        let (tab, isNewTab) = await MainActor.run {
            let (tab, isNew) = sessions.tab(tabID, of: session)
            // A form sent is a load too: a Back pressed before it, arriving after, opens nothing.
            _ = tab.takesLoad(request.headers[.webUILoad])
            return (tab, isNew)
        }
        // A tab the server no longer knows (it was ended to make room) starts again where its page is.
        if isNewTab, await tab.open(path: path) { await tab.waitUntilIdle(limit: settings.busyLimit) }
        let received = await MainActor.run { tab.app.receive(fields, at: path) }
        guard received else {
            return ErrorPage.response(.badRequest, "This page has no such action.")
        }
        if request.headers[.webUIScripted] != nil, fields["_live"] != nil {
            return Response(status: .noContent)
        }
        await tab.waitUntilIdle(limit: settings.busyLimit)
        let isScripted = request.headers[.webUIScripted] != nil
        return await MainActor.run {
            isScripted ? Self.page(of: tab, in: session, isScripted: true) : Self.redirect(to: tab.app.currentPath)
        }
    }

    /// A form sent from a page of a session this server does not have (it was restarted, and
    /// sessions live in memory): nothing it asked is done, since nobody can tell it was meant now,
    /// but a new session opens its page again, with what was typed there when the app can put it
    /// back (`WebApplication.restore`), and the app says so (`WebApplication.notDoneAfterRestart`).
    /// The page is the one the form was sent from, its query included (a list's search), when the
    /// `Referer` names it. Nil when no page lives at the form's address. What the script sends
    /// while someone types (`_live`) starts no session: for a search or a list's next page, the
    /// script loads its page again instead.
    private func openingAgain(_ request: Request) async throws -> Response? {
        guard case .success(let fields) = try await ownForm(request), fields["_live"] == nil else { return nil }
        let path = request.uri.path
        let (session, tab) = await MainActor.run {
            let session = sessions.start()
            return (session, sessions.tab(request.headers[.webUITab] ?? fields["_tab"], of: session).tab)
        }
        guard await tab.open(path: pageSentFrom(request) ?? path) else { return nil }
        await tab.waitUntilIdle(limit: settings.busyLimit)
        let isScripted = request.headers[.webUIScripted] != nil
        var response = await MainActor.run { () -> Response in
            if !tab.app.restore(fields, at: path) { tab.app.notDoneAfterRestart(fields, at: path) }
            return isScripted ? Self.page(of: tab, in: session, isScripted: true) : Self.redirect(to: tab.app.currentPath)
        }
        response.setCookie(cookie(for: session))
        return response
    }

    /// The address, with its query, of this server's page that sent `request`, when it is the
    /// form's own path (`Referer`; the list's forms post to `/` from `/?q=ada`).
    private func pageSentFrom(_ request: Request) -> String? {
        guard let origin = ownOrigin(of: request), let referer = request.headers[.referer], referer.hasPrefix(origin + "/"),
              let components = URLComponents(string: referer), components.path == request.uri.path,
              let query = components.percentEncodedQuery, !query.isEmpty else { return nil }
        return "\(components.path)?\(query)"
    }

    /// The page `tab` shows now; a script's request is told its address too.
    @MainActor
    private static func page(of tab: WebTab, in session: WebSession, isScripted: Bool) -> Response {
        let html = tab.app.page(PageContext(csrfToken: session.csrfToken, isScripted: isScripted, signedInAs: session.signedInAs))
        var response = Self.html(html)
        if isScripted { response.headers[.webUIPath] = tab.app.currentPath }
        return response
    }

    // MARK: Event stream

    private func events(_ request: Request) async -> Response {
        var headers = HTTPFields()
        headers[.contentType] = EventStream.contentType
        let cookie = Self.sessionID(request)
        // A HEAD subscribes to nothing: its stream would never be read, nor ended.
        guard request.method != .head else {
            return await MainActor.run { sessions.session(id: cookie) != nil } ? Response(status: .ok, headers: headers) : Self.expired
        }
        let path = request.uri.queryParameters.get("path") ?? "/"
        let tabID = request.uri.queryParameters.get("tab")
        // The first stream of a page the browser loaded itself, so drawn by the shared app.
        let loadedWhole = request.uri.queryParameters.get("loaded") != nil
        // The page's latest load when it connected: a stream older than a load taken since opens nothing.
        let load: String? = request.uri.queryParameters.get("load").map { String($0) }
        let pageToken = request.uri.queryParameters.get("token").map { String($0) }
        let found = await MainActor.run { () -> (WebTab, Bool, WebTab?, Bool)? in
            guard let session = sessions.session(id: cookie), !comesFromAnotherSession(pageToken, than: session) else { return nil }
            let drawn = loadedWhole ? sessions.takeSharedDrawing(of: path, in: session) : nil
            let (tab, isNew) = sessions.tab(tabID, of: session)
            return (tab, isNew, drawn, tab.takesLoad(load))
        }
        guard let (tab, isNewTab, drawn, isLatest) = found else { return Self.expired }
        // The address the tab shows is where its app is: a new tab's app starts there, and a tab
        // whose address changed without the script (typed, a bookmark) takes its app along.
        // It waits for what it loads, so the tab is not sent a spinner over the page it has.
        if await MainActor.run(body: { isNewTab || (isLatest && tab.app.currentPath != path) }), await tab.open(path: path) {
            await tab.waitUntilIdle(limit: settings.busyLimit)
        }
        let (id, updates) = await MainActor.run {
            guard let drawn else { return tab.pusher.subscribe(showing: path) }
            tab.app.takeNotices(of: drawn.app)
            // A tab the page did not start (a reload) may hold more than the drawing shows.
            return tab.pusher.subscribe(showing: path, drawnRegions: isNewTab ? nil : drawn.pusher.regionIDs)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            do {
                for await update in updates {
                    try await writer.write(EventStream.event(update))
                }
            } catch {
                // The tab went away.
            }
            await MainActor.run { tab.pusher.unsubscribe(id) }
            try? await writer.finish(nil)
        })
    }

    // MARK: Requests

    /// The path with its query, as the address bar shows it.
    static func target(of request: Request) -> String {
        guard let query = request.uri.query, !query.isEmpty else { return request.uri.path }
        return "\(request.uri.path)?\(query)"
    }

    static func sessionID(_ request: Request) -> String? {
        request.cookies[sessionCookie]?.value
    }

    /// Whether the script's request comes from a page drawn for another session than the
    /// cookie's now, by the session token the page holds: someone else signed in in another tab
    /// of the browser. Its page shows who it was drawn for, and must not be shown the new
    /// session's friends under that name: it is answered as a page that has expired. Without
    /// sign-in every session is the same person's, and a tab goes on in the one another tab
    /// started after a restart.
    func comesFromAnotherSession(_ pageToken: String?, than session: WebSession) -> Bool {
        guard settings.signIn != nil, let pageToken else { return false }
        return !SecretToken.matches(pageToken, session.csrfToken)
    }

    func cookie(for session: WebSession) -> Cookie {
        Cookie(name: Self.sessionCookie, value: session.id, path: "/", secure: settings.behindProxy, httpOnly: true, sameSite: .strict)
    }

    /// A file to save: its bytes with `Content-Disposition: attachment`, or the reason it is not there.
    static func attachment(_ download: Download) -> Response {
        switch download {
        case .unavailable(let message):
            return ErrorPage.response(.serviceUnavailable, message)
        case .file(let data, let contentType, let filename):
            // Only characters that need no quoting or encoding reach the header.
            let safeName = String(filename.unicodeScalars.filter { CharacterSet(charactersIn:
                "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-").contains($0) }.map(Character.init))
            return Response(
                status: .ok,
                headers: [.contentType: contentType, .contentDisposition: "attachment; filename=\"\(safeName.isEmpty ? "download" : safeName)\""],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
            )
        }
    }

    /// A request of a session this server does not have (it was restarted, or the session ended).
    static var expired: Response { ErrorPage.response(.forbidden, "This page has expired. Open the app again to go on.") }

    static var noPage: Response { ErrorPage.response(.notFound, "There is no page at this address.") }

    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    static func asset(_ body: ByteBuffer, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"], body: ResponseBody(byteBuffer: body))
    }

    /// The toolkit's script (a resource of this module).
    static let script: ByteBuffer = {
        guard let url = Bundle.module.url(forResource: "webui", withExtension: "js"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("The WebUI script is missing from the module's resources.")
        }
        return ByteBuffer(string: text)
    }()
}
