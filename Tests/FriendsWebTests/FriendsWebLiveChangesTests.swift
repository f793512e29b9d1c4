import FriendsAPI
import Testing
@testable import FriendsViewModels
@testable import FriendsWeb

/// What the pages show of the changes the live feed brings.
@MainActor
@Suite struct FriendsWebLiveChangesTests {
    /// The question goes with its friend, the status says why, and focus goes to the row that
    /// took the friend's place, as after a delete.
    @Test func aDeleteQuestionWhoseFriendIsDeletedElsewhereGivesWayToAStatusSayingSo() async throws {
        try await WebHarness.with { harness in
            let feed = FriendChangeFeed()
            let app = await harness.app(feed: feed)
            await app.send([("action", "delete"), ("id", "1")], at: "/")
            #expect(app.wholePage().contains("Delete Ada Lovelace?"))

            feed.receive(.change(FriendChange(sequence: 1, event: .deleted(id: 1))))

            let page = app.wholePage(scripted: true)
            #expect(!page.contains("Delete Ada Lovelace?"))
            #expect(!page.contains(#"href="/friends/1""#))
            #expect(page.contains(#"<p id="status" class="status" role="status" aria-live="polite">Ada Lovelace was deleted elsewhere.</p>"#))
            #expect(page.contains(#"href="/friends/3" autofocus data-focus-now>Grace Hopper</a>"#))
        }
    }
}
