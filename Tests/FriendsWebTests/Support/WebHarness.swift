import Foundation
import FriendService
import FriendsAPI
import FriendsClient
import FriendsViewModels
import FriendsWeb
import TestSupport
import Testing
import WebUI

/// A real FriendService (in memory, on 127.0.0.1, an OS-picked port) with friends added in a
/// known order, and what the browser view needs over it: the pages, a shared avatar loader.
struct WebHarness: Sendable {
    static let csrf = "test-csrf-token"
    let client: AppServerClient
    let pages: FriendsPages

    static let ada = NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com", about: "Wrote the first program.")
    static let alan = NewFriend(firstname: "Alan", lastname: "Turing", phonenumber: "+44 161 496 0754")
    static let grace = NewFriend(firstname: "Grace", lastname: "Hopper")

    /// Runs `body` over a server holding `friends` (ids 1, 2, 3, ... in this order).
    static func with(
        _ friends: [NewFriend] = [ada, alan, grace],
        _ body: @MainActor (WebHarness) async throws -> Void
    ) async throws {
        try await TestServer.run(.live) { server in
            let client = AppServerClient(baseURL: server.url, timeout: 30)
            for friend in friends { _ = try await client.addFriend(friend) }
            try await body(WebHarness(client: client, pages: try FriendsPages.bundled(pageSize: 2)))
        }
    }

    /// Another client changes friend `id` (at its current version), as someone else would.
    func changeElsewhere(id: Int, _ update: FriendUpdate) async throws {
        let stored = try await client.friend(id: id)
        _ = try await client.updateFriend(id: id, with: update, ifMatch: stored.eTag)
    }

    /// A session's app, its list loaded.
    @MainActor
    func app(feed: FriendChangeFeed? = nil) async -> FriendsWebApp {
        let app = FriendsWebApp.make(client: client, pages: pages, feed: feed)
        await app.settle()
        return app
    }
}

extension FriendsWebApp {
    /// Waits until the work the last input started is done. The limit is only a backstop: beside
    /// the whole suite on two cores, the main actor can wait its turn for many seconds.
    func settle() async {
        await BusyWait.untilIdle(isBusy, limit: .seconds(60))
    }

    /// The whole page as a browser without the script gets it.
    func wholePage(scripted: Bool = false) -> String {
        page(PageContext(csrfToken: WebHarness.csrf, isScripted: scripted))
    }

    /// A form of the page at `path` was sent: `name=value` pairs.
    @discardableResult
    func send(_ pairs: [(String, String)], at path: String) async -> Bool {
        let received = receive(FormFields(pairs.map { (name: $0.0, value: $0.1) }), at: path)
        await settle()
        return received
    }
}
