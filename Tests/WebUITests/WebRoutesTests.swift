import Foundation
import HTTPServerKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebUI

@Suite struct WebRoutesTests {
    /// The routes over a store of counter apps, driven without a socket.
    func withRoutes(_ body: @Sendable (WebSessions, any TestClientProtocol) async throws -> Void) async throws {
        let sessions = await WebSessions { CounterApp() }
        let routes = WebRoutes(sessions: sessions, stylesheet: "main { color: red; }")
        try await Application(router: routes.router()).test(.router) { client in
            try await body(sessions, client)
        }
    }

    /// A session started by a first visit: its cookie and CSRF token.
    struct Visit {
        let id: String
        let cookie: String
        let token: String
    }

    /// What the session's app was handed from forms so far.
    func received(_ visit: Visit, sessions: WebSessions) async -> [FormFields]? {
        await MainActor.run { (sessions.session(id: visit.id)?.app as? CounterApp)?.received }
    }

    func visit(_ client: some TestClientProtocol, sessions: WebSessions) async throws -> Visit {
        let response = try await client.execute(uri: "/", method: .get, headers: [:])
        let setCookie = try #require(response.headers[.setCookie])
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        let id = String(cookie.dropFirst("webui_session=".count))
        let token = try #require(await MainActor.run { sessions.session(id: id)?.csrfToken })
        return Visit(id: id, cookie: cookie, token: token)
    }

    func post(
        _ client: some TestClientProtocol, _ path: String = "/", body: String, cookie: String?,
        origin: String? = "http://localhost", extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let cookie { headers[.cookie] = cookie }
        if let origin { headers[.origin] = origin }
        headers.append(contentsOf: extra)
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func aFirstVisitStartsASessionWithAStrictHttpOnlyCookie() async throws {
        try await withRoutes { sessions, client in
            let response = try await client.execute(uri: "/", method: .get, headers: [:])
            #expect(response.status == .ok)
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("webui_session="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Path=/"))
            #expect(await MainActor.run { sessions.count } == 1)
            #expect(String(buffer: response.body).contains(#"<p id="count">0</p>"#))
        }
    }

    @Test func headAnswersAsGetWouldWithoutTheBody() async throws {
        try await withRoutes { _, client in
            for path in ["/", WebRoutes.scriptPath, WebRoutes.stylePath] {
                let get = try await client.execute(uri: path, method: .get, headers: [:])
                let head = try await client.execute(uri: path, method: .head, headers: [:])
                #expect(head.status == .ok, "\(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType])
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
                #expect(head.body.readableBytes == 0)
            }
            #expect(try await client.execute(uri: "/no/such/page", method: .head, headers: [:]).status == .notFound)
        }
    }

    /// The event stream's HEAD says what its GET would, opening no stream: `403` without a session.
    @Test func theEventStreamsHeadIsRefusedWithoutASessionAsItsGetIs() async throws {
        try await withRoutes { sessions, client in
            let stranger: HTTPFields = [.cookie: "webui_session=made-up"]
            #expect(try await client.execute(uri: WebRoutes.eventsPath, method: .get, headers: stranger).status == .forbidden)
            #expect(try await client.execute(uri: WebRoutes.eventsPath, method: .head, headers: stranger).status == .forbidden)
            let visit = try await visit(client, sessions: sessions)
            let head = try await client.execute(uri: WebRoutes.eventsPath, method: .head, headers: [.cookie: visit.cookie])
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == EventStream.contentType)
        }
    }

    @Test(arguments: [HTTPRequest.Method.put, .delete, .patch, .options])
    func otherMethodsGet405SayingWhichAreAllowed(method: HTTPRequest.Method) async throws {
        try await withRoutes { _, client in
            let response = try await client.execute(uri: "/", method: method, headers: [:])
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "GET, HEAD, POST")
            #expect(response.headers[.xFrameOptions] == "DENY", "with the headers of every answer")
        }
    }

    /// Another local app's page (`<img src="http://127.0.0.1:8088/">`) must not move the session
    /// away from a form in progress; the person's own navigations and the script's loads do.
    @Test func onlyOwnNavigationsOpenAPage() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            _ = try await client.execute(uri: "/other", method: .get, headers: [.cookie: visit.cookie])
            let refused: [HTTPFields] = [
                [.secFetchSite: "same-site", .secFetchDest: "image"],
                [.secFetchSite: "cross-site", .secFetchDest: "document"],
                [.secFetchSite: "same-origin", .secFetchDest: "iframe"],
                [.secFetchSite: "same-origin", .secFetchDest: "empty"],
            ]
            for headers in refused {
                var headers = headers
                headers[.cookie] = visit.cookie
                let response = try await client.execute(uri: "/", method: .get, headers: headers)
                #expect(response.status == .forbidden, "\(headers)")
                #expect(await MainActor.run { sessions.session(id: visit.id)?.app.currentPath } == "/other")
            }
            let allowed: [HTTPFields] = [
                [.secFetchSite: "none", .secFetchDest: "document"],
                [.secFetchSite: "same-origin", .secFetchDest: "document"],
                [.secFetchSite: "same-origin", .secFetchDest: "empty", .webUIScripted: "1"],
                [:],
            ]
            for headers in allowed {
                var headers = headers
                headers[.cookie] = visit.cookie
                let response = try await client.execute(uri: "/", method: .get, headers: headers)
                #expect(response.status == .ok, "\(headers)")
            }
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        try await withRoutes { _, client in
            for path in ["/", "/nowhere", WebRoutes.scriptPath] {
                let response = try await client.execute(uri: path, method: .get, headers: [:])
                #expect(response.headers[.contentSecurityPolicy] == "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.xFrameOptions] == "DENY")
            }
        }
    }

    /// The router test client always says `localhost`; which names pass is the middleware's rule.
    @Test func onlyTheAcceptedNamesPassTheHostCheck() {
        let check = HostCheckMiddleware<BasicRequestContext>(
            acceptedNames: WebRoutes.Settings().acceptedHostNames, passesRequestsWithoutHost: false,
            refuse: { Response(status: .misdirectedRequest) }
        )
        for accepted in ["localhost", "LOCALHOST:8088", "127.0.0.1", "127.0.0.1:1", "127.0.0.1:65535", "[::1]", "[::1]:8088"] {
            #expect(check.accepts(accepted), "\(accepted)")
        }
        for refused in ["evil.example", "evil.example:8088", "127.0.0.1.evil.example", "localhost:x", "localhost:", "::1", "", "127.0.0.1:99999", "localhost:65536", "localhost:0", "[::1]:000080808"] {
            #expect(!check.accepts(refused), "\(refused)")
        }
    }

    @Test func aFormPostChangesTheAppAndRedirectsToTheScreenShown() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let response = try await post(client, body: "_csrf=\(visit.token)&action=go", cookie: visit.cookie)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/other")
        }
    }

    /// The script is answered with the page itself: the `GET` a `303` leads to would open that
    /// screen again, after the person may have moved on.
    @Test func theScriptsFormPostIsAnsweredWithThePageShownNowAndItsAddress() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let response = try await post(
                client, body: "_csrf=\(visit.token)&action=go", cookie: visit.cookie, extra: [.webUIScripted: "1"]
            )
            #expect(response.status == .ok)
            #expect(response.headers[.webUIPath] == "/other")
            #expect(String(buffer: response.body).contains("<p>scripted</p>"))
        }
    }

    @Test func aScreenTheAppDidNotGoToIsAnsweredWithTheScreenItShows() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let asks = try await client.execute(uri: "/asks", method: .get, headers: [.cookie: visit.cookie])
            #expect(asks.status == .seeOther)
            #expect(asks.headers[.location] == "/")
            let scripted = try await client.execute(uri: "/asks", method: .get, headers: [
                .cookie: visit.cookie, .secFetchSite: "same-origin", .secFetchDest: "empty", .webUIScripted: "1",
            ])
            #expect(scripted.status == .ok)
            #expect(scripted.headers[.webUIPath] == "/")
            #expect(String(buffer: scripted.body).contains(#"<p id="count">0</p>"#))
        }
    }

    /// Two loads of a tab can reach the server in either order: the older one opens nothing.
    @Test func aLoadOlderThanOneTheTabTookOpensNothing() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            func load(_ path: String, _ label: String?) async throws -> TestResponse {
                var headers: HTTPFields = [
                    .cookie: visit.cookie, .secFetchSite: "same-origin", .secFetchDest: "empty",
                    .webUIScripted: "1", .webUITab: "tab",
                ]
                if let label { headers[.webUILoad] = label }
                return try await client.execute(uri: path, method: .get, headers: headers)
            }
            #expect(try await load("/other", "page-2").headers[.webUIPath] == "/other")
            let older = try await load("/", "page-1")
            #expect(older.status == .ok)
            #expect(older.headers[.webUIPath] == "/other", "the page shown now, not the older load's")
            // The tab reloaded: its new page numbers its loads afresh, and the page it replaced,
            // whose load may still be on its way, opens nothing any more.
            #expect(try await load("/", "reloaded-1").headers[.webUIPath] == "/")
            #expect(try await load("/other", "page-9").headers[.webUIPath] == "/")
            #expect(try await load("/other", "reloaded-2").headers[.webUIPath] == "/other")
            // A form sent after a load counts as a newer one.
            let sent = try await post(
                client, "/other", body: "_csrf=\(visit.token)&action=increment", cookie: visit.cookie,
                extra: [.webUIScripted: "1", .webUITab: "tab", .webUILoad: "reloaded-3"]
            )
            #expect(sent.headers[.webUIPath] == "/other")
            #expect(try await load("/", "reloaded-2").headers[.webUIPath] == "/other")
            #expect(try await load("/", nil).headers[.webUIPath] == "/", "a request without a number is taken as it comes")
        }
    }

    /// The stream is a load too (`load=`): one older than a load the tab took opens nothing, a
    /// newer one at another address takes the tab's app there.
    @Test func aStreamOlderThanALoadTheTabTookOpensNothing() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let scripted: HTTPFields = [.cookie: visit.cookie, .secFetchSite: "same-origin", .secFetchDest: "empty", .webUIScripted: "1"]
            var other = scripted
            other[.webUITab] = "tab"
            other[.webUILoad] = "page-2"
            #expect(try await client.execute(uri: "/other", method: .get, headers: other).headers[.webUIPath] == "/other")
            let tab = try #require(await MainActor.run { sessions.session(id: visit.id).map { sessions.tab("tab", of: $0).tab } })

            /// Opens the tab's stream, waits until it is subscribed, ends it, and says where the tab's app is.
            func stream(_ query: String) async throws -> String {
                async let answer = client.execute(uri: "\(WebRoutes.eventsPath)?tab=tab&\(query)", method: .get, headers: scripted)
                while await MainActor.run(body: { tab.pusher.subscriberCount }) == 0 { await Task.yield() }
                await MainActor.run { tab.pusher.finishAll() }
                #expect(try await answer.status == .ok)
                return await MainActor.run { tab.app.currentPath }
            }
            #expect(try await stream("path=/&load=page-1") == "/other", "an older stream does not open its address")
            #expect(try await stream("path=/&load=page-3") == "/", "a newer one takes the app where its page is")
            #expect(try await stream("path=/other&load=page-2") == "/")
        }
    }

    /// A page drawn without the script while its app still worked links to `herePath` to be
    /// loaded again: that goes where the app is by then, not back to the screen it was leaving.
    @Test func hereLeadsToTheScreenTheSessionShowsNow() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            _ = try await post(client, body: "_csrf=\(visit.token)&action=go", cookie: visit.cookie)
            let here = try await client.execute(uri: WebRoutes.herePath, method: .get, headers: [.cookie: visit.cookie])
            #expect(here.status == .seeOther)
            #expect(here.headers[.location] == "/other")
            let withoutSession = try await client.execute(uri: WebRoutes.herePath, method: .get, headers: [:])
            #expect(withoutSession.headers[.location] == "/")
            // The script is given the page there, as its other loads are.
            let scripted = try await client.execute(uri: WebRoutes.herePath, method: .get, headers: [
                .cookie: visit.cookie, .secFetchSite: "same-origin", .secFetchDest: "empty", .webUIScripted: "1",
            ])
            #expect(scripted.status == .ok)
            #expect(scripted.headers[.webUIPath] == "/other")
            #expect(String(buffer: scripted.body).contains("<p>scripted</p>"))
            let fromAnotherSite = try await client.execute(uri: WebRoutes.herePath, method: .get, headers: [
                .cookie: visit.cookie, .secFetchSite: "cross-site", .secFetchDest: "empty", .webUIScripted: "1",
            ])
            #expect(fromAnotherSite.status == .forbidden)
        }
    }

    @Test func theScriptsLiveInputIsAnsweredWithNoContent() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let response = try await post(
                client, body: "action=increment&_live=1", cookie: visit.cookie,
                extra: [.webUIScripted: "1", .csrfToken: visit.token]
            )
            #expect(response.status == .noContent)
            let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: visit.cookie])
            #expect(String(buffer: page.body).contains(#"<p id="count">1</p>"#))
        }
    }

    @Test func aPostWithoutTheSessionsTokenIsRefusedAndChangesNothing() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            // The token with its last character changed.
            let wrong = visit.token.dropLast() + (visit.token.hasSuffix("A") ? "B" : "A")
            for body in ["action=increment", "_csrf=&action=increment", "_csrf=\(wrong)&action=increment"] {
                let response = try await post(client, body: body, cookie: visit.cookie)
                #expect(response.status == .forbidden)
            }
            #expect(await received(visit, sessions: sessions) == [])
            let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: visit.cookie])
            #expect(String(buffer: page.body).contains(#"<p id="count">0</p>"#))
        }
    }

    @Test(arguments: [
        ("http://evil.example", nil), ("http://localhost:8088", nil), ("null", nil),
        (nil, nil), (nil, "http://evil.example/"), (nil, "http://localhost.evil.example/"),
    ] as [(String?, String?)])
    func aPostFromAnotherOriginIsRefused(origin: String?, referer: String?) async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            var extra = HTTPFields()
            if let referer { extra[.referer] = referer }
            let response = try await post(client, body: "_csrf=\(visit.token)&action=increment", cookie: visit.cookie, origin: origin, extra: extra)
            #expect(response.status == .forbidden)
            #expect(await received(visit, sessions: sessions) == [])
        }
    }

    @Test func aSameOriginRefererStandsInForAMissingOrigin() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let response = try await post(
                client, body: "_csrf=\(visit.token)&action=increment", cookie: visit.cookie, origin: nil,
                extra: [.referer: "http://localhost/friends"]
            )
            #expect(response.status == .seeOther)
            #expect(await received(visit, sessions: sessions)?.map { $0["action"] } == ["increment"])
        }
    }

    /// Sessions live in memory: a form sent after the server restarted names one it does not
    /// have. Nothing it asked is done, and a new session opens its page again (the one the form
    /// was sent from, query included) and is told so; only a live input is refused.
    @Test func aPostWithoutALiveSessionDoesNothingAndOpensItsPageInANewSession() async throws {
        try await withRoutes { sessions, client in
            let sent = try await post(
                client, body: "action=increment", cookie: "webui_session=made-up",
                extra: [.referer: "http://localhost/?step=2"]
            )
            #expect(sent.status == .seeOther)
            #expect(sent.headers[.location] == "/?step=2")
            let cookie = try #require(sent.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let id = String(cookie.dropFirst("webui_session=".count))
            let app = try #require(await MainActor.run { sessions.session(id: id)?.app as? CounterApp })
            #expect(await MainActor.run { app.received.isEmpty && app.count == 0 })
            #expect(await MainActor.run { app.notDone.map { $0["action"] } } == ["increment"])

            // The script gets the page itself; a Referer of another page or site opens the form's own.
            let scripted = try await post(
                client, body: "action=increment", cookie: "webui_session=made-up",
                extra: [.webUIScripted: "1", .referer: "http://evil.example/?step=2"]
            )
            #expect(scripted.status == .ok)
            #expect(scripted.headers[.webUIPath] == "/")
            #expect(String(buffer: scripted.body).contains(#"<p id="count">0</p>"#))

            let live = try await post(client, body: "action=increment&_live=1", cookie: "webui_session=made-up")
            #expect(live.status == .forbidden)
            #expect(live.headers[.setCookie] == nil)
            #expect(String(buffer: live.body).contains("This page has expired."))
        }
    }

    @Test func badFormsGetClearErrors() async throws {
        try await withRoutes { sessions, client in
            let visit = try await visit(client, sessions: sessions)
            let unknown = try await post(client, body: "_csrf=\(visit.token)&action=explode", cookie: visit.cookie)
            #expect(unknown.status == .badRequest)
            let unreadable = try await post(client, body: "_csrf=\(visit.token)&action=%zz", cookie: visit.cookie)
            #expect(unreadable.status == .badRequest)
            let json = try await post(
                client, body: #"{"action":"increment"}"#, cookie: visit.cookie, extra: [.contentType: "application/json"]
            )
            #expect(json.status == .unsupportedMediaType)
            let huge = try await post(client, body: "_csrf=\(visit.token)&action=increment&x=" + String(repeating: "a", count: 70_000), cookie: visit.cookie)
            #expect(huge.status == .contentTooLarge)
            #expect(String(buffer: huge.body).contains("The form is too large: it may send at most 64 KB."), "a page that says why")
            #expect(huge.headers[.contentSecurityPolicy] != nil, "with the security headers of every page")
        }
    }

    /// Under the toolkit's own `/webui/` too, with the page that says so and the security headers.
    @Test(arguments: ["/nowhere", "/webui", "/webui/", "/webui/nothing", "/webui/webui.js/x"])
    func aPathWithNoScreenIsNotFound(path: String) async throws {
        try await withRoutes { _, client in
            // A form posted elsewhere without a session is answered as such (`openingAgain`).
            for method in path.hasPrefix("/webui") ? [HTTPRequest.Method.get, .post] : [.get] {
                let response = try await client.execute(uri: path, method: method, headers: [.origin: "http://localhost"])
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(String(buffer: response.body).contains("There is no page at this address."), "\(method) \(path)")
                #expect(response.headers[.contentSecurityPolicy] != nil, "\(method) \(path)")
            }
        }
    }

    @Test func theScriptAndStyleAreServedFromThisServer() async throws {
        try await withRoutes { _, client in
            let script = try await client.execute(uri: WebRoutes.scriptPath, method: .get, headers: [:])
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(String(buffer: script.body).contains("EventSource"))
            let style = try await client.execute(uri: WebRoutes.stylePath, method: .get, headers: [:])
            #expect(String(buffer: style.body) == "main { color: red; }")
        }
    }
}
