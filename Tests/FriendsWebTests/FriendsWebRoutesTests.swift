import Foundation
import FriendsAPI
import FriendsClient
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebUI
@testable import FriendsWeb

/// Every route of the Friends pages through WebUI's router, as a browser without the script uses
/// them: GET a page, POST a form, follow the 303.
@Suite struct FriendsWebRoutesTests {
    @Test func everyScreenHasItsAddress() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                for (path, title) in [("/", "Your Friends (3)"), ("/friends/1", "Ada Lovelace"), ("/friends/1/edit", "Update Friend"), ("/friends/new", "Add Friend")] {
                    let response = try await browser.get(path)
                    #expect(response.status == .ok, "\(path)")
                    #expect(String(buffer: response.body).contains("<title id=\"document-title\">\(title) – Friends</title>"), "\(path)")
                }
                #expect(try await browser.get("/friends/abc").status == .notFound)
                #expect(try await browser.get("/friends/1/delete").status == .notFound)
                let gone = try await browser.get("/friends/999")
                #expect(gone.status == .seeOther)
                #expect(gone.headers[.location] == "/")
            }
        }
    }

    @Test func aNewSessionOpensAFriendStraightFromItsAddress() async throws {
        try await WebHarness.with { harness in
            try await harness.withRoutes { client, _ in
                let response = try await client.execute(uri: "/friends/1/edit", method: .get, headers: [:])
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#"value="Lovelace""#))
            }
        }
    }

    /// A bookmark, a new tab or a reload names a friend the list may not have loaded: the pages
    /// hold two friends at a time, and Alan Turing (2) comes third.
    @Test func aFriendPastTheFirstPageOpensFromItsAddressAndAGoneOneSaysSo() async throws {
        try await WebHarness.with { harness in
            try await harness.withRoutes { client, _ in
                let detail = try await client.execute(uri: "/friends/2", method: .get, headers: [:])
                #expect(detail.status == .ok)
                #expect(String(buffer: detail.body).contains(#"<title id="document-title">Alan Turing – Friends</title>"#))

                let form = try await client.execute(uri: "/friends/2/edit", method: .get, headers: [:])
                #expect(form.status == .ok)
                #expect(String(buffer: form.body).contains(#"value="Turing""#))

                let gone = try await client.execute(uri: "/friends/999/edit", method: .get, headers: [:])
                #expect(gone.status == .seeOther)
                #expect(gone.headers[.location] == "/")
                let cookie = try #require(gone.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                let list = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
                #expect(String(buffer: list.body).contains("This friend no longer exists."))
                // Left unanswered, it does not follow the person to the next page they open.
                let next = try await client.execute(uri: "/friends/2", method: .get, headers: [.cookie: cookie])
                #expect(String(buffer: next.body).contains("Alan Turing"))
                #expect(!String(buffer: next.body).contains("This friend no longer exists."))
            }
        }
    }

    /// A page loaded whole is drawn by the session's shared app; the script of that page then
    /// names its tab, and that tab must go on from the same app, so the "no longer exists" alert the
    /// page shows is not cleared by a tab started afresh.
    @Test func theScriptOfAPageLoadedWholeKeepsItsAlert() async throws {
        try await WebHarness.with { harness in
            try await harness.withRoutes { client, sessions in
                let first = try await client.execute(uri: "/", method: .get, headers: [:])
                let cookie = try #require(first.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                let tabName = "tab-1-0123456789abcdef"
                let id = String(cookie.dropFirst("webui_session=".count))
                // The tab's script ran on that first page; the next page keeps the tab's name.
                try await MainActor.run {
                    _ = sessions.tab(tabName, of: try #require(sessions.session(id: id)))
                }
                let gone = try await client.execute(uri: "/friends/999", method: .get, headers: [.cookie: cookie])
                #expect(gone.status == .seeOther)
                let list = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
                #expect(String(buffer: list.body).contains("This friend no longer exists."))
                let tabPage = try await MainActor.run { () throws -> String in
                    let session = try #require(sessions.session(id: id))
                    let tab = sessions.tab(tabName, of: session).tab
                    let drawn = try #require(sessions.takeSharedDrawing(of: "/", in: session))
                    tab.app.takeNotices(of: drawn.app)
                    return tab.app.page(PageContext(csrfToken: session.csrfToken, isScripted: true))
                }
                #expect(tabPage.contains("This friend no longer exists."))
            }
        }
    }

    @Test func addingDeletingAndSearchingThroughForms() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                #expect(try await browser.get("/friends/new").status == .ok)
                let saved = try await browser.post("/friends/new", [
                    ("firstname", "Zoë"), ("lastname", "Ødegaard"), ("phonenumber", "+47 912 34 567"), ("email", ""), ("about", ""),
                    ("action", "save"),
                ])
                #expect(saved.status == .seeOther)
                #expect(saved.headers[.location] == "/")
                #expect(String(buffer: try await browser.get("/").body).contains("Added Zoë Ødegaard."))
                let stored = try await harness.client.friends(FriendListQuery(search: "Ødegaard")).items
                #expect(stored.map(\.phonenumber) == ["+47 912 34 567"])

                let searched = try await browser.get("/?q=ada")
                #expect(searched.status == .ok)
                #expect(String(buffer: searched.body).contains("1 match for &#39;ada&#39;"))
                // A control character typed into the search never reaches the page: its address is
                // the search without it.
                let withNUL = try await browser.get("/?q=a%00da")
                #expect(withNUL.status == .seeOther)
                #expect(withNUL.headers[.location] == "/?q=ada")

                // The list's forms lead back to the list with its search.
                _ = try await browser.post("/", [("action", "delete"), ("id", "1")])
                #expect(String(buffer: try await browser.get("/?q=ada").body).contains("Delete Ada Lovelace?"))
                let confirmed = try await browser.post("/", [("action", "confirmDelete")])
                #expect(confirmed.headers[.location] == "/?q=ada")
                await #expect(throws: AppServerError.notFound) { try await harness.client.friend(id: 1) }
            }
        }
    }

    /// `friends web` keeps sessions in memory: a form sent after it restarted comes from a session
    /// it does not have. Nothing is saved (nobody can say it is still meant), but the form opens
    /// again in a new session with what was typed in it, and says why.
    @Test(arguments: [nil, "tab-1-0123456789abcdef"] as [String?])
    func aFormSentAfterARestartIsNotSavedButKeepsWhatWasTyped(tab: String?) async throws {
        try await WebHarness.with { harness in
            try await harness.withRoutes { client, _ in
                let gone = TestBrowser(client: client, cookie: "webui_session=from-before-the-restart", token: "old-token")
                let drawnFrom = try #require(try await harness.client.friend(id: 1).eTag)
                let sent = try await gone.post("/friends/1/edit", [
                    ("_edits", drawnFrom), ("firstname", "Ada"), ("lastname", "Byron"), ("phonenumber", "+44 20 7946 0018"),
                    ("about", "Typed before"), ("action", "save"),
                ], tab: tab)
                let cookie = try #require(sent.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                #expect(!cookie.contains("from-before-the-restart"))
                let page: String
                if tab == nil {
                    #expect(sent.status == .seeOther)
                    #expect(sent.headers[.location] == "/friends/1/edit")
                    let browser = TestBrowser(client: client, cookie: cookie, token: "")
                    page = String(buffer: try await browser.get("/friends/1/edit").body)
                } else {
                    #expect(sent.status == .ok)
                    page = String(buffer: sent.body)
                }
                #expect(page.contains("Not Saved Yet"))
                #expect(page.contains(#"value="Byron""#))
                #expect(page.contains("Typed before"))
                #expect(try await harness.client.friend(id: 1).value.lastname == "Lovelace", "nothing was saved")

                // Cancel asked to throw what was typed away: it is not brought back.
                let cancelled = try await pageShown(after: gone.post("/friends/1/edit", [
                    ("_edits", drawnFrom), ("lastname", "Byron"), ("action", "cancel"),
                ], tab: tab), client: client)
                #expect(cancelled.contains("Not Done"))
                #expect(!cancelled.contains("Byron"))

                // Not over another version (the page's untouched fields would change it back), nor with
                // entries the form does not have (their ids are given in turn: they could be others):
                // the form opens as it is now, and says nothing was done.
                for fields in [[("_edits", "\"1-99\""), ("lastname", "Byron"), ("action", "save")],
                               [("_edits", drawnFrom), ("entry-41", "+1 555 0100"), ("action", "save")],
                               [("lastname", "Byron"), ("action", "save")]] {
                    let reopened = try await pageShown(after: gone.post("/friends/1/edit", fields, tab: tab), client: client)
                    #expect(reopened.contains("Not Done"), "\(fields)")
                    #expect(reopened.contains(#"value="Lovelace""#), "\(fields)")
                    #expect(!reopened.contains("Byron"), "\(fields)")
                }
                // Nor from another site's page.
                let forged = try await client.execute(
                    uri: "/friends/new", method: .post,
                    headers: [.origin: "http://evil.example", .contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "firstname=Eve&action=save")
                )
                #expect(forged.status == .forbidden)
                #expect(forged.headers[.setCookie] == nil)

                // What the script sends while someone types starts no session.
                let typing = try await gone.post("/friends/new", [("firstname", "Zo"), ("action", "field"), ("_live", "1")], tab: "tab-2-0123456789abcdef")
                #expect(typing.status == .forbidden)
                #expect(typing.headers[.setCookie] == nil)
            }
        }
    }

    /// The list's buttons after a restart: a Delete sent from the old page deletes nobody and says
    /// so, on the list it was sent from (search included); a Refresh is done by showing the list anew.
    @Test(arguments: [nil, "tab-1-0123456789abcdef"] as [String?])
    func theListsButtonsAfterARestartDoNothingButShowTheListAgain(tab: String?) async throws {
        try await WebHarness.with { harness in
            try await harness.withRoutes { client, _ in
                let gone = TestBrowser(client: client, cookie: "webui_session=from-before-the-restart", token: "old-token")
                let deleted = try await pageShown(after: gone.post("/", [("action", "delete"), ("id", "1")], tab: tab, from: "/?q=ada"), client: client)
                #expect(deleted.contains("Not Done"))
                #expect(deleted.contains("Ada Lovelace"))
                #expect(!deleted.contains("Grace Hopper"), "the search the page showed")
                #expect(!deleted.contains("Delete Ada Lovelace?"))
                #expect(try await harness.client.friend(id: 1).value.firstname == "Ada")

                let refreshed = try await pageShown(after: gone.post("/", [("action", "refresh")], tab: tab, from: "/"), client: client)
                #expect(refreshed.contains("Grace Hopper"))
                #expect(!refreshed.contains("Not Done"))

                // Load more: the list opens at its first page, which is not what was asked.
                let more = try await pageShown(after: gone.post("/", [("action", "more"), ("id", "1")], tab: tab, from: "/"), client: client)
                #expect(more.contains("Not Done"))
            }
        }
    }

    /// The page an answer to a form shows: its body for the script, the page its `303` leads to
    /// (in the session it set) for a browser without it.
    private func pageShown(after response: TestResponse, client: any TestClientProtocol) async throws -> String {
        guard response.status == .seeOther else {
            #expect(response.status == .ok)
            return String(buffer: response.body)
        }
        let cookie = try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let location = try #require(response.headers[.location])
        return String(buffer: try await TestBrowser(client: client, cookie: cookie, token: "").get(location).body)
    }

    /// A page of a screen the session no longer shows (another tab without the script, or Back
    /// showing a page from the browser's cache) changes nothing, and says so: text typed into it
    /// and saved is not dropped silently.
    @Test func aFormOfAScreenNoLongerShownChangesNothingAndSaysSo() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                _ = try await browser.get("/friends/1/edit")
                // Another tab still shows the list and deletes from it.
                let stale = try await browser.post("/", [("action", "delete"), ("id", "2")])
                #expect(stale.headers[.location] == "/friends/1/edit")
                let page = String(buffer: try await browser.get("/friends/1/edit").body)
                #expect(!page.contains("Delete Alan Turing?"))
                #expect(page.contains("so what it sent was not used"))
                _ = try await browser.post("/friends/1/edit", [("action", "dismissAlert")])

                // The add form, saved from a page left behind, saves nothing, and says so.
                let save = try await browser.post("/friends/new", [
                    ("firstname", "Zoë"), ("lastname", "Ødegaard"), ("phonenumber", ""), ("email", ""), ("about", ""), ("action", "save"),
                ])
                #expect(save.headers[.location] == "/friends/1/edit")
                #expect(String(buffer: try await browser.get("/friends/1/edit").body).contains("so what it sent was not used"))
                #expect(try await harness.client.friends(FriendListQuery(search: "Ødegaard")).items.isEmpty)

                // What the script sends as someone types or scrolls is dropped without a word.
                _ = try await browser.post("/friends/1/edit", [("action", "dismissAlert")])
                _ = try await browser.post("/", [("action", "more"), ("_live", "1"), ("id", "2")])
                #expect(!String(buffer: try await browser.get("/friends/1/edit").body).contains("so what it sent was not used"))
            }
        }
    }

    // MARK: Tabs

    static let firstTab = "tab-one-0123456789abcdef"
    static let secondTab = "tab-two-0123456789abcdef"

    /// Tab 1 has the add form half typed; tab 2 of the same session opens the list and a friend.
    /// Tab 1 still has its form and its text, and went nowhere.
    @Test func tabsOfOneSessionNavigateOnTheirOwnAndKeepWhatIsTyped() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, sessions in
                #expect(try await browser.get("/friends/new", tab: Self.firstTab).status == .ok)
                let typed = try await browser.post("/friends/new", [("action", "field"), ("_live", "1"), ("firstname", "Katherine")], tab: Self.firstTab)
                #expect(typed.status == .noContent)

                #expect(try await browser.get("/", tab: Self.secondTab).status == .ok)
                let friend = try await browser.get("/friends/2", tab: Self.secondTab)
                #expect(friend.status == .ok)
                #expect(String(buffer: friend.body).contains("Alan Turing"))

                let form = try await browser.get("/friends/new", tab: Self.firstTab)
                #expect(form.status == .ok)
                #expect(String(buffer: form.body).contains(#"value="Katherine""#))
                let paths = await MainActor.run { () -> [String?] in
                    let session = sessions.session(id: browser.sessionID)
                    return [Self.firstTab, Self.secondTab].map { session?.app(ofTab: $0)?.currentPath }
                }
                #expect(paths == ["/friends/new", "/friends/2"])
                // Pages without the script share the session's own app, which neither tab moved.
                #expect(await MainActor.run { sessions.session(id: browser.sessionID)?.app.currentPath } == "/")
            }
        }
    }

    /// A tab the server does not know yet (a new tab, or one ended to make room) starts at the
    /// address its request names, and its form's input goes to that screen.
    @Test func aTabStartsWhereItsFirstRequestIs() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, sessions in
                let typed = try await browser.post("/friends/1/edit", [("action", "field"), ("_live", "1"), ("about", "Countess.")], tab: Self.firstTab)
                #expect(typed.status == .noContent)
                let form = String(buffer: try await browser.get("/friends/1/edit", tab: Self.firstTab).body)
                #expect(form.contains("Countess."))
                #expect(await MainActor.run { sessions.session(id: browser.sessionID)?.app.currentPath } == "/")
            }
        }
    }

    // MARK: The search in the address

    @Test func theListsSearchIsInItsAddress() async throws {
        try await WebHarness.with { harness in
            try await harness.withBrowser { browser, _ in
                let bookmarked = String(buffer: try await browser.get("/?q=ada+love").body)
                #expect(bookmarked.contains(#"value="ada love""#))
                #expect(bookmarked.contains("1 match for &#39;ada love&#39;"))
                // An empty search is the list's own address.
                let empty = try await browser.get("/?q=")
                #expect(empty.status == .seeOther)
                #expect(empty.headers[.location] == "/")
                // Typed in the box (the script's live input): the forms lead to its address.
                _ = try await browser.post("/", [("action", "search"), ("q", "Ødegaard & co")])
                let refreshed = try await browser.post("/", [("action", "refresh")])
                #expect(refreshed.headers[.location] == "/?q=%C3%98degaard+%26+co")
                // A friend's page leads back to the list with its search.
                _ = try await browser.get("/?q=ada")
                #expect(String(buffer: try await browser.get("/friends/1").body).contains(#"<a class="back" href="/?q=ada">"#))
                // The list's own address is the list without a search.
                #expect(!String(buffer: try await browser.get("/").body).contains("match"))
            }
        }
    }

    @MainActor
    @Test func anEndedSessionReleasesItsViewModels() async throws {
        try await WebHarness.with { harness in
            let client = harness.client
            let pages = harness.pages
            final class Witness: @unchecked Sendable {
                weak var app: FriendsWebApp?
                weak var list: AnyObject?
            }
            final class TestClock {
                var now = ContinuousClock.now
            }
            let witness = Witness()
            let clock = TestClock()
            let sessions = WebSessions(idleLimit: .seconds(60), now: { clock.now }) {
                let app = FriendsWebApp.make(client: client, pages: pages)
                witness.app = app
                witness.list = app.list
                return app
            }
            do {
                let app = sessions.start().app
                _ = await app.open(path: "/friends/1")
                await BusyWait.untilIdle(app.isBusy, limit: .seconds(10))
            }
            #expect(witness.app != nil)
            clock.now += .seconds(61)
            sessions.endIdleSessions()
            #expect(sessions.count == 0)
            #expect(witness.app == nil)
            #expect(witness.list == nil)
        }
    }
}
