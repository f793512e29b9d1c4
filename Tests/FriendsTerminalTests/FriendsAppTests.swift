import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

@MainActor
@Suite("Moving between the Friends screens")
struct FriendsAppTests {
    private func loadedApp(_ client: FakeFriendsClient) async throws -> (FriendsApp, FriendsListScreen) {
        let app = FriendsApp(client: client, redraw: {})
        let list = try #require(app.stack.top as? FriendsListScreen)
        await list.viewModel.showLoadingHud.waitUntil { !$0 }
        return (app, list)
    }

    @Test("the list loads first; Enter opens the selected friend; Escape comes back and reloads")
    func openAndBack() async throws {
        let client = FakeFriendsClient(friends: SampleData.friends)
        let (app, list) = try await loadedApp(client)
        #expect(client.recorded.queries.count == 1)

        _ = app.handle(.down)
        #expect(app.handle(.enter) == .handled)
        let detail = try #require(app.stack.top as? FriendDetailScreen)
        #expect(detail.viewModel.fullName.value == "Alan Turing")

        #expect(app.handle(.escape) == .handled)
        #expect(app.stack.top === list)
        await list.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.queries.count == 2)
    }

    @Test("a adds, e edits the selected friend, from the list and from the details")
    func forms() async throws {
        let (app, list) = try await loadedApp(FakeFriendsClient(friends: SampleData.friends))
        _ = app.handle(.character("a"))
        let add = try #require(app.stack.top as? FriendFormScreen)
        #expect(add.viewModel.title == "Add Friend")
        _ = app.handle(.escape)

        _ = app.handle(.character("e"))
        await list.viewModel.showLoadingHud.waitUntil { !$0 }
        let update = try #require(app.stack.top as? FriendFormScreen)
        #expect(update.viewModel.title == "Update Friend")
        #expect(update.viewModel.fields.value == SampleData.ada.fields)
        _ = app.handle(.escape)

        _ = app.handle(.enter)
        _ = app.handle(.character("e"))
        let fromDetail = try #require(app.stack.top as? FriendFormScreen)
        #expect(fromDetail.viewModel.fields.value == SampleData.ada.fields)
        #expect(app.stack.screens.count == 3)
    }

    @Test("a saved friend takes the user back to the list, which shows it")
    func addAndReturn() async throws {
        let client = FakeFriendsClient(pages: [
            .success(FriendPage(items: [], nextCursor: nil)),
            .success(FriendPage(items: [Friend(id: 100, firstname: "Ada", lastname: "Lovelace")], nextCursor: nil)),
        ])
        let (app, list) = try await loadedApp(client)
        _ = app.handle(.character("a"))
        for character in "Ada" { _ = app.handle(.character(character)) }
        _ = app.handle(.tab)
        for character in "Lovelace" { _ = app.handle(.character(character)) }
        _ = app.handle(.enter)
        await list.viewModel.title.waitUntil { $0 == "Your Friends (1)" }
        #expect(app.stack.top === list)
        #expect(client.recorded.added == [NewFriend(firstname: "Ada", lastname: "Lovelace")])
        #expect(list.viewModel.statusMessage.value == "Added Ada Lovelace.")
        #expect(list.viewModel.selectedFriendID.value == 100)
    }

    @Test("a friend deleted elsewhere while edited from its details, added again as new, shows as the new friend")
    func addedAsNewFromTheDetails() async throws {
        let client = FakeFriendsClient(friends: SampleData.friends)
        let (app, _) = try await loadedApp(client)
        _ = app.handle(.enter)
        let detail = try #require(app.stack.top as? FriendDetailScreen)
        _ = app.handle(.character("e"))
        let form = try #require(app.stack.top as? FriendFormScreen)
        client.deleteElsewhere(SampleData.ada.id)
        for character in "x" { _ = app.handle(.character(character)) }
        _ = app.handle(.enter)
        await form.viewModel.addsAsNew.waitUntil { $0 }
        _ = app.handle(.enter)
        await form.viewModel.showLoadingHud.waitUntil { !$0 }

        #expect(app.stack.top === detail)
        #expect(detail.viewModel.friendID == 100)
        #expect(detail.viewModel.removedMessage.value == nil)
        #expect(detail.viewModel.fullName.value == "Adax Lovelace")
    }

    @Test("d asks first; Delete removes the selected friend, Cancel does not")
    func delete() async throws {
        let client = FakeFriendsClient(friends: SampleData.friends)
        let (app, list) = try await loadedApp(client)
        _ = app.handle(.down)
        _ = app.handle(.character("d"))
        expectScreen(app.render(size: TerminalSize(rows: 12, columns: 40)), [
            " Your Friends (4)",
            "────────────────────────────────────────",
            "  Ada L┌────────────────────────┐234567",
            "> Alan │ Delete Friend          │6 0754",
            "  王芳 │                        │3 8000",
            "  Grace│ Delete Alan Turing?    │",
            "       │                        │",
            "       │ [ Delete ]  [ Cancel ] │",
            "       └────────────────────────┘",
            "",
            "",
            " ←→ Choose  ⏎ Confirm  Esc Cancel",
        ])
        _ = app.handle(.enter)
        #expect(list.viewModel.deleteConfirmation.value == nil)
        #expect(client.recorded.deleted.isEmpty)

        _ = app.handle(.character("d"))
        _ = app.handle(.left)
        _ = app.handle(.enter)
        await list.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.deleted == [SampleData.alan.id])
    }

    @Test("d on a friend's details asks the list's question; Delete deletes it and the list says so")
    func deleteFromDetails() async throws {
        let client = FakeFriendsClient(friends: SampleData.friends)
        let (app, list) = try await loadedApp(client)
        _ = app.handle(.down)
        _ = app.handle(.enter)
        let detail = try #require(app.stack.top as? FriendDetailScreen)
        _ = app.handle(.character("d"))
        expectScreen(app.render(size: TerminalSize(rows: 12, columns: 40)), [
            " Alan Turing",
            "────────────────────────────────────────",
            "       ┌────────────────────────┐",
            "   AT  │ Delete Friend          │",
            "       │                        │",
            "  Phone│ Delete Alan Turing?    │",
            "       │                        │",
            "       │ [ Delete ]  [ Cancel ] │",
            "       └────────────────────────┘",
            "",
            "",
            " ←→ Choose  ⏎ Confirm  Esc Cancel",
        ])
        _ = app.handle(.escape)
        #expect(detail.viewModel.deleteConfirmation.value == nil)
        #expect(app.stack.top === detail)

        _ = app.handle(.character("d"))
        _ = app.handle(.left)
        _ = app.handle(.enter)
        await list.viewModel.statusMessage.waitUntil { $0 != nil }
        #expect(client.recorded.deleted == [SampleData.alan.id])
        #expect(app.stack.top === list)
        #expect(list.viewModel.statusMessage.value == "Deleted Alan Turing.")
        #expect(!list.viewModel.friendCells.value.contains { $0.friendID == SampleData.alan.id })
    }

    @Test("screens that are left are released with their view models")
    func noRetainCycles() async throws {
        let (app, _) = try await loadedApp(FakeFriendsClient(friends: SampleData.friends))
        weak var detail: FriendDetailScreen?
        weak var detailViewModel: FriendDetailViewModel?
        weak var form: FriendFormScreen?
        weak var formViewModel: FriendFormViewModel?
        do {
            _ = app.handle(.enter)
            let shown = try #require(app.stack.top as? FriendDetailScreen)
            detail = shown
            detailViewModel = shown.viewModel
            _ = app.handle(.character("e"))
            let editing = try #require(app.stack.top as? FriendFormScreen)
            form = editing
            formViewModel = editing.viewModel
        }
        _ = app.handle(.escape)
        _ = app.handle(.escape)
        #expect(app.stack.screens.count == 1)
        #expect(form == nil && formViewModel == nil)
        #expect(detail == nil && detailViewModel == nil)
    }

    @Test("every change a view model makes asks for a redraw")
    func redraws() async throws {
        var count = 0
        let client = FakeFriendsClient(friends: SampleData.friends)
        let app = FriendsApp(client: client, redraw: { count += 1 })
        let list = try #require(app.stack.top as? FriendsListScreen)
        let before = count
        await list.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(count > before)
    }

    @Test("q quits from the list")
    func quit() async throws {
        let (app, _) = try await loadedApp(FakeFriendsClient(friends: []))
        #expect(app.handle(.character("q")) == .quit)
    }
}
