import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

@MainActor
@Suite("The friends list screen")
struct FriendsListScreenTests {
    static let wide = TerminalSize(rows: 24, columns: 80)
    static let narrow = TerminalSize(rows: 12, columns: 40)

    /// A list screen whose first load has finished.
    private func loadedScreen(_ client: FakeFriendsClient, pageSize: Int? = nil) async -> FriendsListScreen {
        let viewModel = FriendsListViewModel(client: client, pageSize: pageSize, sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        let screen = FriendsListScreen(viewModel: viewModel, redraw: {})
        screen.screenDidAppear()
        await viewModel.showLoadingHud.waitUntil { !$0 }
        return screen
    }

    @Test("rows show full name and phone, the first one selected, the keys in the footer")
    func rows() async {
        let screen = await loadedScreen(FakeFriendsClient(friends: SampleData.friends))
        let canvas = screen.render(size: Self.wide)
        #expect(canvas.style(of: "> Ada Lovelace")?.inverse == true)
        #expect(canvas.style(of: "Alan Turing")?.inverse == false)
        expectScreen(canvas, [
            " Your Friends (4)",
            "────────────────────────────────────────────────────────────────────────────────",
            "> Ada Lovelace                                                       0501234567",
            "  Alan Turing                                                  +44 161 496 0754",
            "  王芳                                                        +86 138 0013 8000",
            "  Grace Hopper",
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
            "",
            "",
            " ↑↓/jk Move  ⏎ Open  a Add  e Edit  d Delete  r Refresh  / Search  q Quit",
        ])
    }

    @Test("a contact with only an organization is listed by it")
    func organizationOnly() async {
        let acme = Friend(id: 9, firstname: "", lastname: "", phonenumber: "+1 555 0100", organization: "Acme Plumbing")
        let screen = await loadedScreen(FakeFriendsClient(friends: [SampleData.ada, acme]))
        let lines = screen.render(size: Self.wide).lines
        #expect(lines.contains { $0.hasPrefix("  Acme Plumbing") && $0.hasSuffix("+1 555 0100") })
    }

    @Test("narrow: names and phones share the width; the footer keeps q Quit")
    func narrowRows() async {
        let screen = await loadedScreen(FakeFriendsClient(friends: SampleData.friends))
        expectScreen(screen.render(size: Self.narrow), [
            " Your Friends (4)",
            "────────────────────────────────────────",
            "> Ada Lovelace               0501234567",
            "  Alan Turing          +44 161 496 0754",
            "  王芳                +86 138 0013 8000",
            "  Grace Hopper",
            "",
            "",
            "",
            "",
            "",
            " ↑↓/jk Move  ⏎ Open  q Quit  ? Help",
        ])
    }

    @Test("a tick turns the spinner and asks for a redraw while loading; once loaded it asks for none")
    func tickRedrawsOnlyWhileLoading() async {
        var redraws = 0
        let viewModel = FriendsListViewModel(client: FakeFriendsClient(friends: SampleData.friends))
        let screen = FriendsListScreen(viewModel: viewModel, redraw: { redraws += 1 })
        screen.screenDidAppear()
        let beforeTick = redraws
        screen.tick()
        #expect(redraws == beforeTick + 1)
        #expect(screen.spinnerFrame == 1)

        await viewModel.showLoadingHud.waitUntil { !$0 }
        let loaded = redraws
        screen.tick()
        #expect(redraws == loaded)
    }

    /// With no friend shown yet, the footer offers what can be done without one.
    @Test("while loading: the title says so and the spinner shows over the list")
    func loading() {
        let screen = FriendsListScreen(viewModel: FriendsListViewModel(client: FakeFriendsClient(friends: [])), redraw: {})
        screen.screenDidAppear()
        expectScreen(screen.render(size: Self.wide), [
            " Refreshing...",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "                                ┌──────────────┐",
            "                                │ ⠋ Loading... │",
            "                                └──────────────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " a Add  r Refresh  / Search  q Quit",
        ])
    }

    @Test("a failed load shows the error row")
    func error() async {
        let screen = await loadedScreen(FakeFriendsClient(pages: [.failure(.unreachable)]))
        let canvas = screen.render(size: Self.narrow)
        #expect(canvas.style(of: "Loading failed")?.foreground == .red)
        expectScreen(canvas, [
            " Your Friends (0)",
            "────────────────────────────────────────",
            "  Loading failed, check network connect…",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " a Add  r Refresh  / Search  q Quit",
        ])
    }

    @Test("no friends shows the empty row")
    func empty() async {
        let screen = await loadedScreen(FakeFriendsClient(friends: []))
        expectScreen(screen.render(size: Self.narrow), [
            " Your Friends (0)",
            "────────────────────────────────────────",
            "  No friends yet. Add your first friend.",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " a Add  r Refresh  / Search  q Quit",
        ])
    }

    @Test("rows shown near the end of what is loaded load the next page")
    func nextPage() async {
        let firstPage = (1...30).map { Friend(id: $0, firstname: "Friend", lastname: "Number \($0)") }
        let client = FakeFriendsClient(pages: [
            .success(FriendPage(items: firstPage, nextCursor: "page-2", total: 31)),
            .success(FriendPage(items: [Friend(id: 31, firstname: "Friend", lastname: "Number 31")], nextCursor: nil)),
        ])
        let screen = await loadedScreen(client, pageSize: 30)
        _ = screen.render(size: Self.wide)
        #expect(client.recorded.queries.count == 1)
        for _ in 0..<24 { _ = screen.handle(.down) }
        _ = screen.render(size: Self.wide)
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.queries.map(\.cursor) == [nil, "page-2"])
        #expect(screen.viewModel.friendCells.value.count == 31)
        #expect(screen.viewModel.title.value == "Your Friends (31)")
        #expect(screen.viewModel.selectedFriendID.value == 25)
    }

    @Test("/ opens the search line; each change searches; Enter keeps it, Escape clears it")
    func search() async {
        let client = FakeFriendsClient(friends: [SampleData.ada])
        let screen = await loadedScreen(client)
        _ = screen.handle(.character("/"))
        for character in "lov" { _ = screen.handle(.character(character)) }
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        // Each keystroke's search reaches the fake from its own task, so they may be recorded in any order.
        #expect(client.recorded.queries.contains { $0.search == "lov" })
        expectScreen(screen.render(size: Self.narrow), [
            " Your Friends (1)",
            "────────────────────────────────────────",
            "> Ada Lovelace               0501234567",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            " Search: [lov       ] 1 match for 'lov'",
            " type to search  ⏎ Done  Esc Clear",
        ])

        _ = screen.handle(.enter)
        #expect(screen.search?.isEditing == false)
        #expect(screen.handle(.character("q")) == .quit)
        _ = screen.handle(.escape)
        #expect(screen.search == nil)
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.queries.last.map { $0.search ?? "" } == "")
    }

    @Test("a search that matches nobody offers no keys for a friend; a friend added ends the search")
    func searchWithoutMatches() async throws {
        let client = FakeFriendsClient(pages: [.success(FriendPage(items: [SampleData.ada], nextCursor: nil)), .success(FriendPage(items: [], nextCursor: nil))])
        let screen = await loadedScreen(client)
        _ = screen.handle(.character("/"))
        _ = screen.handle(.character("x"))
        _ = screen.handle(.enter)
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(screen.viewModel.searchSummary.value == "No friends match 'x'")
        #expect(screen.keyMap?.entries.map(\.key) == ["a", "r", "Esc", "/", "q"])
        #expect(Footer(try #require(screen.keyMap)).items(fittingIn: 80).map(\.label) == ["Add", "Refresh", "Clear search", "Quit", "Help"])

        screen.viewModel.friendAdded(SampleData.grace)
        #expect(screen.search == nil)
    }

    @Test("the selection stays on the list: it stops at both ends")
    func selectionBounds() async {
        let screen = await loadedScreen(FakeFriendsClient(friends: SampleData.friends))
        _ = screen.handle(.up)
        #expect(screen.viewModel.selectedFriendID.value == SampleData.ada.id)
        _ = screen.handle(.end)
        #expect(screen.viewModel.selectedFriendID.value == SampleData.grace.id)
        _ = screen.handle(.pageDown)
        #expect(screen.viewModel.selectedFriendID.value == SampleData.grace.id)
        _ = screen.handle(.character("k"))
        #expect(screen.viewModel.selectedFriendID.value == SampleData.fang.id)
    }

    @Test("d on the last row asks about that friend; Delete deletes it, the one above is selected and the status line says so")
    func deleteTheLastRow() async {
        let client = FakeFriendsClient(friends: SampleData.friends)
        let screen = await loadedScreen(client)
        _ = screen.handle(.end)
        _ = screen.handle(.character("d"))
        expectScreen(screen.render(size: Self.narrow), [
            " Your Friends (4)",
            "────────────────────────────────────────",
            "  Ada L┌────────────────────────┐234567",
            "  Alan │ Delete Friend          │6 0754",
            "  王芳 │                        │3 8000",
            "> Grace│ Delete Grace Hopper?   │",
            "       │                        │",
            "       │ [ Delete ]  [ Cancel ] │",
            "       └────────────────────────┘",
            "",
            "",
            " ←→ Choose  ⏎ Confirm  Esc Cancel",
        ])
        _ = screen.handle(.left)
        _ = screen.handle(.enter)
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.deleted == [SampleData.grace.id])
        let canvas = screen.render(size: Self.narrow)
        #expect(canvas.style(of: "Deleted Grace Hopper.")?.foreground == .green)
        expectScreen(canvas, [
            " Your Friends (3)",
            "────────────────────────────────────────",
            "  Ada Lovelace               0501234567",
            "  Alan Turing          +44 161 496 0754",
            "> 王芳                +86 138 0013 8000",
            "",
            "",
            "",
            "",
            "",
            " Deleted Grace Hopper.",
            " ↑↓/jk Move  ⏎ Open  q Quit  ? Help",
        ])
        _ = screen.handle(.character("d"))
        #expect(screen.viewModel.deleteConfirmation.value?.message == "Delete 王芳?")
        _ = screen.handle(.escape)
        #expect(screen.viewModel.deleteConfirmation.value == nil)
    }
}
