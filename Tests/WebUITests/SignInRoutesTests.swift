import Foundation
import HTTPServerKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebUI

/// Signing in and out of an app whose server has accounts.
@Suite struct SignInRoutesTests {
    static var signIn: WebSignIn {
        // The throttle's clock stands still: a throttled attempt stays throttled however late the
        // suite, sharing two cores with everything else, gets to send it.
        let now = ContinuousClock.now
        return WebSignIn(
            throttle: SignInThrottle(now: { now }),
            check: { name, password in
                if password == "server-away" { return .unavailable("FriendService could not be reached.") }
                if password == "server-throttles" { return .throttled("Too many failed sign-ins: try again in 7 s.", retryAfter: 7) }
                if name == "alice" && password == "revocable" {
                    return .signedIn(makeApp: { CounterApp() }, holds: { SignInRoutesTests.revocableSignInHolds })
                }
                // Names are read in small letters, as FriendService reads them.
                return name.lowercased() == "alice" && password == "right" ? .signedIn(makeApp: { CounterApp() }) : .refused("That name and password do not match.")
            },
            page: { form in "<p>sign in \(form.name) \(form.message ?? "") next=\(form.next) csrf=\(form.csrfToken)</p>" }
        )
    }

    func withRoutes(
        _ setup: TestingSetup = .router, behindProxy: Bool = false,
        _ body: @Sendable (WebSessions, any TestClientProtocol) async throws -> Void
    ) async throws {
        let sessions = await WebSessions { CounterApp() }
        var settings = WebRoutes.Settings()
        settings.signIn = Self.signIn
        settings.behindProxy = behindProxy
        let routes = WebRoutes(sessions: sessions, stylesheet: "", settings: settings)
        try await Application(router: routes.router()).test(setup) { client in
            try await body(sessions, client)
        }
    }

    /// The sign-in page's own cookie and the token its form repeats.
    func openSignIn(_ client: some TestClientProtocol, headers: HTTPFields = [:]) async throws -> (cookie: String, token: String) {
        let page = try await client.execute(uri: "/sign-in", method: .get, headers: headers)
        #expect(page.status == .ok)
        let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        return (cookie, String(cookie.dropFirst("webui_sign_in=".count)))
    }

    func signIn(
        _ client: some TestClientProtocol, name: String = "alice", password: String = "right", next: String = "/",
        extraCookie: String? = nil, headers: HTTPFields = [:], origin: String = "http://localhost"
    ) async throws -> TestResponse {
        let (cookie, token) = try await openSignIn(client, headers: headers)
        var all: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: origin]
        all[.cookie] = [cookie, extraCookie].compactMap { $0 }.joined(separator: "; ")
        all.append(contentsOf: headers)
        let body = "_csrf=\(token)&name=\(name)&password=\(password)&next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        return try await client.execute(uri: "/sign-in", method: .post, headers: all, body: ByteBuffer(string: body))
    }

    static func sessionCookie(_ response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix("webui_session=") }?.split(separator: ";").first.map(String.init)
    }

    /// Whether the sign-in made with the password `revocable` still holds (one test changes it).
    @MainActor static var revocableSignInHolds = true

    @Test func aSessionWhoseSignInNoLongerHoldsEndsAndAsksToSignInAgain() async throws {
        try await withRoutes { sessions, client in
            let signedIn = try await signIn(client, password: "revocable")
            let cookie = try #require(Self.sessionCookie(signedIn))
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .ok)
            await MainActor.run { Self.revocableSignInHolds = false }
            let after = try await client.execute(uri: "/friends/3", method: .get, headers: [.cookie: cookie])
            #expect(after.status == .seeOther)
            #expect(after.headers[.location] == "/sign-in?next=/friends/3")
            #expect(await MainActor.run { sessions.count } == 0)
        }
    }

    /// Someone else signs in in another tab of the same browser: a tab left open on the first
    /// person's page (its token) is not shown the new session's pages under the first name, nor
    /// streamed them; it is told its session ended. The new session's own pages go on.
    @Test func aPageOfAnEarlierSessionIsNotShownTheNextOnes() async throws {
        try await withRoutes { sessions, client in
            let first = try #require(Self.sessionCookie(try await signIn(client)))
            let second = try #require(Self.sessionCookie(try await signIn(client)))
            let (firstToken, secondToken) = await MainActor.run {
                (sessions.session(id: String(first.dropFirst("webui_session=".count)))?.csrfToken ?? "",
                 sessions.session(id: String(second.dropFirst("webui_session=".count)))?.csrfToken ?? "")
            }
            let scripted: HTTPFields = [.cookie: second, .secFetchSite: "same-origin", .secFetchDest: "empty", .webUIScripted: "1",
                                        .webUITab: "tab-of-the-first-page"]
            for (token, expected) in [(firstToken, HTTPResponse.Status.forbidden), (secondToken, .ok)] {
                var headers = scripted
                headers[.csrfToken] = token
                #expect(try await client.execute(uri: "/", method: .get, headers: headers).status == expected)
                #expect(try await client.execute(uri: WebRoutes.herePath, method: .get, headers: headers).status == expected)
                let session = try await client.execute(uri: WebRoutes.sessionPath, method: .get, headers: headers)
                #expect(String(buffer: session.body) == #"{"signedOut":\#(token == firstToken)}"#)
            }
            let stream = try await client.execute(
                uri: WebRoutes.eventsPath + "?path=/&tab=tab-of-the-first-page&token=\(firstToken)", method: .get, headers: [.cookie: second]
            )
            #expect(stream.status == .forbidden)
        }
    }

    @Test func aPageWithoutASessionGoesToTheSignInPageAndStartsNoSession() async throws {
        try await withRoutes { sessions, client in
            let response = try await client.execute(uri: "/friends/3", method: .get, headers: [:])
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/sign-in?next=/friends/3")
            #expect(Self.sessionCookie(response) == nil)
            #expect(await MainActor.run { sessions.count } == 0)
        }
    }

    @Test func signingInStartsASessionWithANewIdAndGoesWhereThePersonWasGoing() async throws {
        try await withRoutes { sessions, client in
            let response = try await signIn(client, next: "/friends/3", extraCookie: "webui_session=chosen-by-an-attacker")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/friends/3")
            let cookie = try #require(Self.sessionCookie(response))
            #expect(cookie != "webui_session=chosen-by-an-attacker")
            let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("webui_session=") })
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && !setCookie.contains("Secure"))
            let id = String(cookie.dropFirst("webui_session=".count))
            #expect(await MainActor.run { sessions.session(id: id)?.signedInAs } == "alice")
            let page = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(page.status == .ok)
        }
    }

    /// The account's name as it is, not as typed: `Alice` signs in as alice.
    @Test func aNameTypedInCapitalsIsShownInSmallLetters() async throws {
        try await withRoutes { sessions, client in
            let response = try await signIn(client, name: "Alice")
            let cookie = try #require(Self.sessionCookie(response))
            let id = String(cookie.dropFirst("webui_session=".count))
            #expect(await MainActor.run { sessions.session(id: id)?.signedInAs } == "alice")
        }
    }

    @Test func aWrongPasswordSaysSoAndStartsNothing() async throws {
        try await withRoutes { sessions, client in
            let response = try await signIn(client, password: "wrong", next: "/friends/new")
            #expect(response.status == .ok)
            #expect(String(buffer: response.body).contains("That name and password do not match."))
            #expect(String(buffer: response.body).contains("next=/friends/new"), "where the person was going, for the next try")
            #expect(Self.sessionCookie(response) == nil)
            #expect(await MainActor.run { sessions.count } == 0)
        }
    }

    @Test func aFormFromElsewhereOrWithoutItsTokenIsRefused() async throws {
        try await withRoutes { sessions, client in
            #expect(try await signIn(client, origin: "http://evil.example").status == .forbidden)
            let forged = try await client.execute(
                uri: "/sign-in", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"],
                body: ByteBuffer(string: "name=alice&password=right")
            )
            #expect(forged.status == .forbidden)
            #expect(await MainActor.run { sessions.count } == 0)
        }
    }

    @Test(arguments: ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])
    func afterSigningInOnlyAPathOfThisAppIsFollowed(next: String) async throws {
        try await withRoutes { _, client in
            let response = try await signIn(client, next: next)
            #expect(response.headers[.location] == "/")
        }
    }

    @Test func signingOutEndsTheSessionAndItsCookieIsRefusedAfterwards() async throws {
        try await withRoutes { sessions, client in
            let cookie = try #require(Self.sessionCookie(try await signIn(client)))
            let id = String(cookie.dropFirst("webui_session=".count))
            let token = try #require(await MainActor.run { sessions.session(id: id)?.csrfToken })
            // What a tab whose live stream was refused asks: signed out, or only offline.
            let live = try await client.execute(uri: "/webui/session", method: .get, headers: [.cookie: cookie])
            #expect(live.status == .ok)
            #expect(String(buffer: live.body) == #"{"signedOut":false}"#)
            let out = try await client.execute(
                uri: "/sign-out", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost", .cookie: cookie],
                body: ByteBuffer(string: "_csrf=\(token)")
            )
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/sign-in")
            #expect(out.headers[values: .setCookie].contains { $0.hasPrefix("webui_session=;") && $0.contains("Max-Age=0") })
            #expect(out.headers[HTTPField.Name("Clear-Site-Data")!] == "\"cache\"", "Back shows no signed-in page kept for it")
            #expect(await MainActor.run { sessions.count } == 0)
            let replayed = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(replayed.status == .seeOther)
            #expect(replayed.headers[.location] == "/sign-in")
            let form = try await client.execute(
                uri: "/", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost", .cookie: cookie],
                body: ByteBuffer(string: "_csrf=\(token)&action=increment")
            )
            #expect(form.status == .seeOther, "the form is not taken: the person signs in again")
            #expect(form.headers[.location] == "/sign-in?unsaved=1")
            let ended = try await client.execute(uri: "/webui/session", method: .get, headers: [.cookie: cookie])
            #expect(String(buffer: ended.body) == #"{"signedOut":true}"#)
            // The sign-in page says that what the form held was not saved.
            let told = try await client.execute(uri: "/sign-in?unsaved=1", method: .get)
            #expect(String(buffer: told.body).contains(WebRoutes.unsavedMessage))
            let edit = try await client.execute(
                uri: "/friends/1/edit", method: .post,
                headers: [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost", .cookie: cookie],
                body: ByteBuffer(string: "_csrf=\(token)&action=save")
            )
            #expect(edit.headers[.location] == "/sign-in?next=/friends/1/edit&unsaved=1")
        }
    }

    @Test func wrongPasswordsInALoopAreSlowedThen429() async throws {
        try await withRoutes { _, client in
            for _ in 0..<SignInThrottle.Policy().freeFailures {
                #expect(String(buffer: try await signIn(client, password: "guess").body).contains("do not match"))
            }
            let throttled = try await signIn(client, password: "right")
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] != nil)
            #expect(Self.sessionCookie(throttled) == nil)
        }
    }

    /// Attempts the server could not check are no failed attempts here: a restart does not lock
    /// anyone out.
    @Test func attemptsThatCouldNotBeCheckedAreNotCounted() async throws {
        try await withRoutes { _, client in
            for _ in 0..<10 {
                let answer = try await signIn(client, password: "server-away")
                #expect(answer.status == .serviceUnavailable)
                #expect(String(buffer: answer.body).contains("FriendService could not be reached."))
                #expect(answer.headers[.retryAfter] == nil)
            }
            #expect(try await signIn(client, password: "right").status == .seeOther)
        }
    }

    /// A server's slowing down is answered as the page's own, with the server's wait; the name's
    /// next attempts are held back for that wait here too, however few failed here (the server
    /// would refuse them), so the page never tells a shorter wait than the server's.
    @Test func theServersWaitHoldsTheNameBackHereToo() async throws {
        try await withRoutes { _, client in
            let first = try await signIn(client, password: "server-throttles")
            #expect(first.status == .tooManyRequests)
            #expect(String(buffer: first.body).contains("Too many failed sign-ins: try again in 7 s."))
            #expect(first.headers[.retryAfter] == "7")
            for password in ["server-throttles", "wrong", "right"] {
                let held = try await signIn(client, password: password)
                #expect(held.status == .tooManyRequests, "\(password)")
                #expect(String(buffer: held.body).contains("Try again in 7 s."))
                #expect(held.headers[.retryAfter] == "7")
            }
        }
    }

    @Test func behindTheProxyOnlyItsHTTPSRequestsAreTakenAndCookiesAreSecure() async throws {
        try await withRoutes(.live, behindProxy: true) { _, client in
            let direct = try await client.execute(uri: "/sign-in", method: .get, headers: [:])
            #expect(direct.status == .forbidden)
            let proxied: HTTPFields = [HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-For")!: "192.168.1.7"]
            let response = try await signIn(client, headers: proxied, origin: "https://localhost")
            #expect(response.status == .seeOther)
            let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("webui_session=") })
            #expect(setCookie.contains("Secure"))
        }
    }
}
