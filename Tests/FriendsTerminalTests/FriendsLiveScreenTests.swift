import FriendsAPI
import FriendsClient
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal
@testable import FriendsViewModels

/// What the screens show of the live feed: its state in the list's header, and changes drawn
/// without a key press.
@MainActor
@Suite("Live changes on the Friends screens")
struct FriendsLiveScreenTests {
    static let wide = TerminalSize(rows: 8, columns: 60)
    static let narrow = TerminalSize(rows: 8, columns: 24)

    /// Counts the redraws the screens ask for.
    @MainActor
    final class Redraws {
        var count = 0
    }

    let feed = FriendChangeFeed()
    let redraws = Redraws()

    private func loadedList() async -> FriendsListScreen {
        let viewModel = FriendsListViewModel(
            client: FakeFriendsClient(friends: SampleData.friends),
            sleep: { _ in try await Task.sleep(for: .seconds(3600)) },
            feed: feed
        )
        let screen = FriendsListScreen(viewModel: viewModel, redraw: { [redraws] in redraws.count += 1 })
        screen.screenDidAppear()
        await viewModel.showLoadingHud.waitUntil { !$0 }
        return screen
    }

    @Test("the header shows the feed's state at the right: none, connecting, live, reconnecting, offline, signed out")
    func headerStates() async {
        let screen = await loadedList()
        var headers: [String] = []
        headers.append(screen.render(size: Self.wide).lines[0])
        for state in [LiveConnectionState.connecting, .live, .reconnecting, .offline, .signedOut] {
            feed.receive(.state(state))
            headers.append(screen.render(size: Self.wide).lines[0])
        }

        #expect(headers == [
            " Your Friends (4)",
            " Your Friends (4)                               connecting…",
            " Your Friends (4)                                    ● live",
            " Your Friends (4)                             reconnecting…",
            " Your Friends (4)                                   offline",
            " Your Friends (4)            signed out: restart to sign in",
        ])
        feed.receive(.state(.live))
        #expect(screen.render(size: Self.wide).style(of: "● live")?.foreground == .green)
        feed.receive(.state(.reconnecting))
        #expect(screen.render(size: Self.wide).style(of: "reconnecting…")?.foreground == .yellow)
    }

    @Test("narrow: the state stays while the title shortens; too narrow, the title wins")
    func narrowHeader() async {
        let screen = await loadedList()
        feed.receive(.state(.live))
        let narrow = screen.render(size: Self.narrow).lines[0]
        feed.receive(.state(.reconnecting))
        let tooNarrow = screen.render(size: Self.narrow).lines[0]

        #expect(narrow == " Your Friends…   ● live")
        #expect(tooNarrow == " Your Friends (4)")
    }

    @Test("signed in to an account, its name follows the title, and gives way to the state first")
    func accountInTheHeader() async {
        let screen = await loadedList()
        screen.signedInAs = "alice"
        feed.receive(.state(.live))
        #expect(screen.render(size: Self.wide).lines[0] == " Your Friends (4) · alice                            ● live")
        #expect(screen.render(size: Self.narrow).lines[0] == " Your Friends…   ● live")
    }

    @Test("a change from elsewhere redraws the rows with no key pressed")
    func rowsRedrawByThemselves() async {
        let screen = await loadedList()
        let before = redraws.count
        let renamed = Friend(id: 2, firstname: "Alan", lastname: "Turing", phonenumber: "+44 20 7946 0001")

        feed.receive(.change(FriendChange(sequence: 1, event: .updated(renamed, version: 2))))
        feed.receive(.change(FriendChange(sequence: 2, event: .deleted(id: SampleData.grace.id))))

        #expect(redraws.count > before)
        expectScreen(screen.render(size: Self.wide), [
            " Your Friends (3)",
            "────────────────────────────────────────────────────────────",
            "> Ada Lovelace                                   0501234567",
            "  Alan Turing                              +44 20 7946 0001",
            "  王芳                                    +86 138 0013 8000",
            "",
            "",
            " ↑↓/jk Move  ⏎ Open  a Add  e Edit  d Delete  q Quit  ? Help",
        ])
    }

    @Test("a delete question whose friend is deleted elsewhere closes, and the list says why")
    func deleteQuestionOfAFriendDeletedElsewhere() async {
        let screen = await loadedList()
        _ = screen.handle(.character("d"))
        #expect(screen.render(size: Self.wide).lines.contains { $0.contains("Delete Ada Lovelace?") })

        feed.receive(.change(FriendChange(sequence: 1, event: .deleted(id: SampleData.ada.id))))

        expectScreen(screen.render(size: Self.wide), [
            " Your Friends (3)",
            "────────────────────────────────────────────────────────────",
            "> Alan Turing                              +44 161 496 0754",
            "  王芳                                    +86 138 0013 8000",
            "  Grace Hopper",
            "",
            " Ada Lovelace was deleted elsewhere.",
            " ↑↓/jk Move  ⏎ Open  a Add  e Edit  d Delete  q Quit  ? Help",
        ])
        #expect(screen.render(size: Self.wide).style(of: "Ada Lovelace was deleted elsewhere.") == Theme.status)
    }

    @Test("one feed for the whole app: the list under the details and the details both follow a change")
    func oneFeedForEveryScreen() async throws {
        let app = FriendsApp(client: FakeFriendsClient(friends: SampleData.friends), feed: feed, redraw: {})
        let list = try #require(app.stack.top as? FriendsListScreen)
        await list.viewModel.showLoadingHud.waitUntil { !$0 }
        _ = app.handle(.enter)
        let detail = try #require(app.stack.top as? FriendDetailScreen)
        var renamed = SampleData.ada
        renamed.lastname = "King"

        feed.receive(.change(FriendChange(sequence: 1, event: .updated(renamed, version: 2))))

        #expect(detail.viewModel.fullName.value == "Ada King")
        guard case .normal(let row) = list.viewModel.friendCells.value.first else {
            Issue.record("the list's first row is not a friend")
            return
        }
        #expect(row.fullName == "Ada King")
        #expect(app.render(size: Self.wide).lines[0] == " Ada King")
    }

    @Test("the update form says at once when its friend changed elsewhere")
    func formNotice() {
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1-1\""), client: FakeFriendsClient(friends: []), feed: feed)
        let screen = FriendFormScreen(viewModel: viewModel, redraw: { [redraws] in redraws.count += 1 })
        var changed = SampleData.ada
        changed.about = "Countess."

        feed.receive(.change(FriendChange(sequence: 1, event: .updated(changed, version: 2))))

        #expect(redraws.count == 1)
        let lines = screen.render(size: TerminalSize(rows: 24, columns: 80)).lines
        #expect(lines[22] == " Ada Lovelace was changed elsewhere. Saving shows what changed.")
    }

    @Test("the update form of a friend deleted elsewhere says so, and its button says it adds the friend again")
    func formOfADeletedFriend() {
        let viewModel = FriendFormViewModel(updating: Versioned(SampleData.ada, eTag: "\"1-1\""), client: FakeFriendsClient(friends: []), feed: feed)
        let screen = FriendFormScreen(viewModel: viewModel, redraw: { [redraws] in redraws.count += 1 })
        #expect(screen.render(size: TerminalSize(rows: 24, columns: 80)).lines.contains { $0.contains("[ SUBMIT ]") })

        feed.receive(.change(FriendChange(sequence: 1, event: .deleted(id: SampleData.ada.id))))

        let lines = screen.render(size: TerminalSize(rows: 24, columns: 80)).lines
        #expect(lines.contains { $0.contains("[ ADD AS NEW ]") })
        #expect(lines.contains { $0.contains("Ada Lovelace was deleted elsewhere.") })
    }
}
