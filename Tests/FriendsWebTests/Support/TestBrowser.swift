import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebUI
@testable import FriendsWeb

/// A browser on the Friends routes: its session's cookie and CSRF token, pages by GET and forms
/// posted as a browser sends them; without the script, or as the script of tab `tab` sends them.
struct TestBrowser {
    let client: any TestClientProtocol
    let cookie: String
    let token: String

    /// The session's id (the cookie's value).
    var sessionID: String { String(cookie.drop { $0 != "=" }.dropFirst()) }

    func get(_ path: String, tab: String? = nil) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: headers(tab: tab))
    }

    /// A form of `name=value` pairs, with the session's token, sent from the page at `page` when given.
    func post(_ path: String, _ pairs: [(String, String)], tab: String? = nil, from page: String? = nil) async throws -> TestResponse {
        let body = ([("_csrf", token)] + pairs).map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        return try await post(path, body: body, contentType: "application/x-www-form-urlencoded", tab: tab, from: page)
    }

    /// A body made by the test (a form with files), as it is.
    func post(_ path: String, body: String, contentType: String, tab: String? = nil, from page: String? = nil) async throws -> TestResponse {
        var headers = headers(tab: tab)
        headers[.origin] = "http://localhost"
        if let page { headers[.referer] = "http://localhost" + page }
        headers[.contentType] = contentType
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    private func headers(tab: String?) -> HTTPFields {
        var headers: HTTPFields = [.cookie: cookie]
        if let tab {
            headers[HTTPField.Name("X-WebUI")!] = "1"
            headers[HTTPField.Name("X-WebUI-Tab")!] = tab
        }
        return headers
    }
}

extension WebHarness {
    /// The Friends routes over this harness's FriendService, before any browser has come.
    func withRoutes(
        settings: WebRoutes.Settings = WebRoutes.Settings(),
        _ body: @Sendable (any TestClientProtocol, WebSessions) async throws -> Void
    ) async throws {
        let client = self.client
        let pages = self.pages
        let sessions = await WebSessions { FriendsWebApp.make(client: client, pages: pages) }
        let routes = WebRoutes(sessions: sessions, stylesheet: pages.stylesheet, settings: settings)
        try await Application(router: routes.router()).test(.router) { client in
            try await body(client, sessions)
        }
    }

    /// The routes with one browser session, started by a first visit to the list.
    func withBrowser(
        settings: WebRoutes.Settings = WebRoutes.Settings(),
        _ body: @Sendable (TestBrowser, WebSessions) async throws -> Void
    ) async throws {
        try await withRoutes(settings: settings) { client, sessions in
            let first = try await client.execute(uri: "/", method: .get, headers: [:])
            let cookie = try #require(first.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let token = try #require(String(buffer: first.body).firstMatch(of: /name="csrf-token" content="([^"]+)"/)?.1)
            try await body(TestBrowser(client: client, cookie: cookie, token: String(token)), sessions)
        }
    }
}
