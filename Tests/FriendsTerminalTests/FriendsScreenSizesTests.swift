import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

/// Every Friends screen at every size of `SnapshotFiles.sizes`, as text files.
@MainActor
@Suite("Friends screens at every size")
struct FriendsScreenSizesTests {
    private func loadedList() async -> FriendsListScreen {
        let screen = FriendsListScreen(viewModel: FriendsListViewModel(client: FakeFriendsClient(friends: SampleData.friends)), redraw: {})
        screen.screenDidAppear()
        await screen.viewModel.showLoadingHud.waitUntil { !$0 }
        return screen
    }

    @Test("the list", arguments: SnapshotFiles.sizes)
    func list(size: TerminalSize) async {
        let screen = await loadedList()
        _ = screen.handle(.down)
        SnapshotFiles.expect(screen, size: size, named: "list", suite: "Friends")
    }

    @Test("a friend with long notes", arguments: SnapshotFiles.sizes)
    func detail(size: TerminalSize) {
        var friend = SampleData.grace
        friend.about = String(repeating: "Found the first actual bug, a moth, in the Harvard Mark II. ", count: 6)
        let client = FakeFriendsClient(friends: [friend])
        let viewModel = FriendDetailViewModel(friend: friend, client: client, avatars: ImageLoader(avatarsFrom: client))
        SnapshotFiles.expect(FriendDetailScreen(viewModel: viewModel, redraw: {}), size: size, named: "detail", suite: "Friends")
    }

    @Test("a full contact: every phone and email with its label, an address, the birthday", arguments: SnapshotFiles.sizes)
    func fullContact(size: TerminalSize) {
        let friend = Friend(
            id: 5, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001", email: "ada@example.com",
            about: "Wrote the first program.", version: 1, organization: "Analytical Engines Ltd",
            phones: [LabeledValue(label: "mobile", value: "+44 20 7946 0001"), LabeledValue(label: "work", value: "+44 20 7946 0002")],
            emails: [LabeledValue(label: "home", value: "ada@example.com"), LabeledValue(label: "work", value: "ada@engines.example")],
            addresses: [PostalAddress(label: "home", street: "12 St James's Square", city: "London", postcode: "SW1Y 4JH", country: "United Kingdom")],
            birthday: "1815-12-10"
        )
        let client = FakeFriendsClient(friends: [friend])
        let viewModel = FriendDetailViewModel(friend: friend, client: client, avatars: ImageLoader(avatarsFrom: client))
        SnapshotFiles.expect(FriendDetailScreen(viewModel: viewModel, redraw: {}), size: size, named: "detail-full", suite: "Friends")
    }

    @Test("the add form with a field message, SUBMIT focused", arguments: SnapshotFiles.sizes)
    func form(size: TerminalSize) {
        let screen = FriendFormScreen(viewModel: FriendFormViewModel(client: FakeFriendsClient(friends: [])), redraw: {})
        for key: Key in [.character("A"), .backspace, .tab, .tab, .tab, .enter, .character("#")] {
            _ = screen.handle(key)
        }
        for _ in 0..<5 { _ = screen.handle(.tab) }
        SnapshotFiles.expect(screen, size: size, named: "form", suite: "Friends")
    }

    @Test("the update form of a full contact: labelled numbers and addresses, the preferred ones marked", arguments: SnapshotFiles.sizes)
    func fullForm(size: TerminalSize) {
        let friend = Friend(
            id: 5, firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0001", email: "ada@example.com",
            version: 1, organization: "Analytical Engines Ltd",
            phones: [LabeledValue(label: "mobile", value: "+44 20 7946 0001"), LabeledValue(label: "Ski cabin", value: "+41 27 000 00 00")],
            emails: [LabeledValue(label: "home", value: "ada@example.com"), LabeledValue(label: "work", value: "ada@engines.example")],
            birthday: "1815-12-10"
        )
        let viewModel = FriendFormViewModel(updating: Versioned(friend, eTag: "\"5-1\""), client: FakeFriendsClient(friends: [friend]))
        let screen = FriendFormScreen(viewModel: viewModel, redraw: {})
        // Into the second number, which gets a wrong value.
        for _ in 0..<4 { _ = screen.handle(.tab) }
        for key: Key in [.ctrl("u"), .character("x")] { _ = screen.handle(key) }
        SnapshotFiles.expect(screen, size: size, named: "form-full", suite: "Friends")
    }
}
