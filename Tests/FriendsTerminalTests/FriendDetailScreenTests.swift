import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

@MainActor
@Suite("A friend's details")
struct FriendDetailScreenTests {
    private func screen(_ friend: Friend) -> FriendDetailScreen {
        let client = FakeFriendsClient(friends: [friend])
        let viewModel = FriendDetailViewModel(friend: friend, client: client, avatars: ImageLoader(avatarsFrom: client))
        return FriendDetailScreen(viewModel: viewModel, redraw: {})
    }

    @Test("wide: initials, phone, email, about")
    func wide() {
        expectScreen(screen(SampleData.ada).render(size: TerminalSize(rows: 24, columns: 80)), [
            " Ada Lovelace",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            "   AL",
            "",
            "  Phone   0501234567",
            "  Email   ada@example.com",
            "  About   Wrote the first program.",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " e Edit  d Delete  ↑↓ Scroll  q Quit  Esc Back",
        ])
    }

    @Test("narrow: the about text wraps; what the card does not have is not shown")
    func narrow() {
        var friend = SampleData.grace
        friend.about = "Found the first actual bug, a moth, in the Harvard Mark II."
        expectScreen(screen(friend).render(size: TerminalSize(rows: 12, columns: 40)), [
            " Grace Hopper",
            "────────────────────────────────────────",
            "",
            "   GH",
            "",
            "  About   Found the first actual bug, a",
            "          moth, in the Harvard Mark II.",
            "",
            "",
            "",
            "",
            " e Edit  d Delete  Esc Back  ? Help",
        ])
    }

    @Test("a name longer than the title row is cut there and shown whole under the initials")
    func longName() {
        var friend = SampleData.grace
        friend.firstname = "Grace Brewster Murray"
        friend.lastname = "Hopper of the United States Navy Reserve"
        expectScreen(screen(friend).render(size: TerminalSize(rows: 12, columns: 40)), [
            " Grace Brewster Murray Hopper of the U…",
            "────────────────────────────────────────",
            "",
            "   GH",
            "",
            "  Grace Brewster Murray Hopper of the",
            "  United States Navy Reserve",
            "",
            "  No details",
            "",
            "",
            " e Edit  d Delete  Esc Back  ? Help",
        ])
        #expect(!screen(SampleData.grace).render(size: TerminalSize(rows: 12, columns: 40)).lines.contains("  Grace Hopper"),
                "a name the title shows whole is not shown twice")
    }

    @Test("e asks to edit; q quits; Escape is left to the stack (back)")
    func keys() {
        let detail = screen(SampleData.ada)
        var edited: [Friend] = []
        detail.viewModel.onEditFriend = { edited.append($0.value) }
        #expect(detail.handle(.character("e")) == .handled)
        #expect(edited == [SampleData.ada])
        #expect(detail.handle(.escape) == .ignored)
        #expect(detail.handle(.character("q")) == .quit)
    }

    @Test("a friend removed elsewhere says so instead of showing stale details; e does nothing; Back is all it offers")
    func removed() async {
        let client = FakeFriendsClient(friends: [])
        let viewModel = FriendDetailViewModel(friend: SampleData.ada, client: client, avatars: ImageLoader(avatarsFrom: client))
        let screen = FriendDetailScreen(viewModel: viewModel, redraw: {})
        var edits = 0
        viewModel.onEditFriend = { _ in edits += 1 }
        screen.screenDidAppear()
        await viewModel.removedMessage.waitUntil { $0 != nil }
        _ = screen.handle(.character("e"))
        let canvas = screen.render(size: TerminalSize(rows: 8, columns: 40))
        #expect(canvas.style(of: "Ada Lovelace was")?.foreground == .red)
        expectScreen(canvas, [
            " Ada Lovelace",
            "────────────────────────────────────────",
            "",
            "  Ada Lovelace was deleted elsewhere.",
            "",
            "",
            "",
            " q Quit  Esc Back",
        ])
        #expect(edits == 0)
        #expect(screen.keyMap == FriendDetailScreen.removedKeys)
    }
}

@MainActor
@Suite("A friend's long notes")
struct FriendDetailScrollingTests {
    @Test("↓, Page Down and End scroll long notes; the indicator says where the view is")
    func scrolls() {
        var friend = SampleData.grace
        friend.about = (1...30).map { "Note \($0)." }.joined(separator: "\n")
        let client = FakeFriendsClient(friends: [friend])
        let screen = FriendDetailScreen(
            viewModel: FriendDetailViewModel(friend: friend, client: client, avatars: ImageLoader(avatarsFrom: client)), redraw: {})
        let size = TerminalSize(rows: 12, columns: 40)
        let indicator = { screen.render(size: size).lines[10] }
        #expect(indicator() == "  lines 1–7 of 32 · ↑↓ scroll")
        #expect(screen.handle(.down) == .handled)
        #expect(indicator() == "  lines 2–8 of 32 · ↑↓ scroll")
        #expect(screen.handle(.pageDown) == .handled)
        #expect(indicator() == "  lines 8–14 of 32 · ↑↓ scroll")
        #expect(screen.handle(.end) == .handled)
        #expect(indicator() == "  lines 26–32 of 32 · ↑↓ scroll")
        #expect(screen.render(size: size).lines[9] == "          Note 30.")
        #expect(screen.handle(.character("x")) == .ignored)
    }
}
