import FriendsAPI
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

/// The mouse in the Friends app: the screen turns a click on a drawn row into that friend's id.
@MainActor
@Suite("The friends list and the mouse")
struct FriendsListMouseTests {
    private func loadedScreen(_ client: FakeFriendsClient) async -> FriendsListScreen {
        let viewModel = FriendsListViewModel(client: client, sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        let screen = FriendsListScreen(viewModel: viewModel, redraw: {})
        screen.screenDidAppear()
        await viewModel.showLoadingHud.waitUntil { !$0 }
        return screen
    }

    @Test("a click on a row selects that friend; the wheel moves the selection")
    func clickAndWheel() async {
        let screen = await loadedScreen(FakeFriendsClient(friends: SampleData.friends))
        let selected = Recorder(screen.viewModel.selectedFriendID)
        let rows = screen.viewModel.friendCells.value.compactMap(\.friendID)
        _ = screen.render(size: TerminalSize(rows: 12, columns: 40))

        #expect(screen.handle(.click(.row(2))) == .handled)
        #expect(screen.handle(.mouse(MouseEvent(action: .wheelUp, row: 3, column: 3, target: nil))) == .handled)
        #expect(selected.values == [rows[0], rows[2], rows[1]])
    }

    @Test("the delete question answers a click on its buttons")
    func deleteButtons() async {
        let client = FakeFriendsClient(friends: SampleData.friends)
        let screen = await loadedScreen(client)
        let first = screen.viewModel.friendCells.value.compactMap(\.friendID)[0]
        _ = screen.handle(.character("d"))
        _ = screen.handle(.click(.button("Cancel")))
        #expect(screen.viewModel.deleteConfirmation.value == nil)
        #expect(client.recorded.deleted.isEmpty)

        _ = screen.handle(.character("d"))
        _ = screen.handle(.click(.button("Delete")))
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.deleted == [first])
    }

    @Test("an alert goes away with a click on its button, and only then")
    func alertButton() {
        let stack = ScreenStack()
        stack.present(Alert(title: "Friend not found.", message: "Could not delete Ada Lovelace."))
        #expect(stack.handle(.click(.button("Cancel"))) == .handled)
        #expect(stack.alerts.count == 1)
        #expect(stack.handle(.click(.button("OK"))) == .handled)
        #expect(stack.alerts.isEmpty)
    }

    @Test("in the form a click focuses a field, and a click on SUBMIT saves")
    func formClicks() async {
        let client = FakeFriendsClient(friends: [])
        let screen = FriendFormScreen(viewModel: FriendFormViewModel(client: client), redraw: {})
        for character in "Ada" { _ = screen.handle(.character(character)) }
        #expect(screen.handle(.click(.item(FriendField.lastname.displayName))) == .handled)
        #expect(screen.focus == .field(.lastname))
        for character in "Lovelace" { _ = screen.handle(.character(character)) }
        #expect(screen.handle(.click(.button("SUBMIT"))) == .handled)
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        #expect(client.recorded.added == [NewFriend(firstname: "Ada", lastname: "Lovelace")])
    }
}
