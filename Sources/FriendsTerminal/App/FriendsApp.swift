import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI

/// The Friends app's screens and the way between them: the list first; a friend's details;
/// the add and update forms; Export and Import of a vCard file; alerts over whatever is shown.
///
/// ```swift
/// let app = TerminalApp()
/// let friends = FriendsApp(client: client, changes: client, redraw: { [weak app] in app?.setNeedsRedraw() })
/// try await app.run(friends, tick: FriendsApp.tickInterval)
/// ```
@MainActor
public final class FriendsApp: TerminalView {
    /// How often the loading spinner moves.
    public static let tickInterval: Duration = .milliseconds(100)

    private let client: any FriendsProviding
    /// FriendService's vCard routes, for Export and Import; `nil` leaves them out.
    private let cards: (any CardExchanging)?
    private let avatars: ImageLoader<Int>
    private let redraw: @MainActor () -> Void
    /// The app's one live change feed, which every screen's view model follows.
    private let feed: FriendChangeFeed?
    /// The account the app signed in with, shown beside the list's title; nil for none or a token.
    private let signedInAs: String?
    let stack = ScreenStack()
    /// The list's view model, which other screens report what they saved to.
    private weak var list: FriendsListViewModel?

    /// - Parameters:
    ///   - changes: the server's live change feed, which the app follows (one subscription for
    ///     every screen) until it is released; without one, changes show after a refresh.
    ///   - redraw: asks for the screen to be drawn again (`TerminalApp.setNeedsRedraw`).
    ///   - cards: where Export and Import go; by default the client, when it can (`AppServerClient` can).
    ///   - signedInAs: the account signed in with (`--user`), named beside the list's title.
    public convenience init(
        client: any FriendsProviding,
        changes: (any FriendChangesProviding)?,
        cards: (any CardExchanging)? = nil,
        signedInAs: String? = nil,
        redraw: @escaping @MainActor () -> Void
    ) {
        let feed = changes.map { changes in
            let feed = FriendChangeFeed()
            feed.follow(changes)
            return feed
        }
        self.init(client: client, feed: feed, cards: cards, signedInAs: signedInAs, redraw: redraw)
    }

    /// The app on a feed that is already followed (or none).
    public init(
        client: any FriendsProviding, feed: FriendChangeFeed? = nil, cards: (any CardExchanging)? = nil,
        signedInAs: String? = nil, redraw: @escaping @MainActor () -> Void
    ) {
        self.client = client
        self.signedInAs = signedInAs
        self.cards = cards ?? (client as? any CardExchanging)
        self.avatars = ImageLoader(avatarsFrom: client)
        self.redraw = redraw
        self.feed = feed
        showList()
    }

    public func render(size: TerminalSize) -> Canvas {
        stack.render(size: size)
    }

    public func handle(_ key: Key) -> KeyResult {
        stack.handle(key)
    }

    public func tick() {
        stack.tick()
    }

    /// The keys of the screen on top; none while an alert waits (it takes every key).
    public var keyMap: KeyMap? {
        stack.alerts.isEmpty ? stack.top?.keyMap : nil
    }

    public var minimumSize: TerminalSize {
        stack.top?.minimumSize ?? ScreenFrame.minimumSize
    }

    // MARK: Navigation

    private func showList() {
        let viewModel = FriendsListViewModel(client: client, feed: feed)
        viewModel.onOpenFriend = { [weak self] friend in self?.showDetail(of: friend) }
        viewModel.onAddFriend = { [weak self] in
            guard let self else { return }
            self.showForm(FriendFormViewModel(client: self.client))
        }
        viewModel.onEditFriend = { [weak self] friend in
            guard let self else { return }
            self.showForm(FriendFormViewModel(updating: friend, client: self.client, feed: self.feed))
        }
        viewModel.onShowAlert = { [weak self] alert in self?.show(alert) }
        list = viewModel
        let screen = FriendsListScreen(viewModel: viewModel, redraw: redraw)
        screen.signedInAs = signedInAs
        if cards != nil {
            screen.onCardFileTapped = { [weak self] purpose in self?.showCardFile(purpose) }
        }
        push(screen)
    }

    private func showCardFile(_ purpose: ContactsFileScreen.Purpose) {
        guard let cards else { return }
        let viewModel = ContactsFileViewModel(cards: cards)
        viewModel.onImported = { [weak list] in list?.refreshRequested() }
        push(ContactsFileScreen(purpose, viewModel: viewModel, redraw: redraw))
    }

    private func showDetail(of friend: Friend) {
        let viewModel = FriendDetailViewModel(friend: friend, client: client, avatars: avatars, feed: feed)
        viewModel.onEditFriend = { [weak self, weak viewModel] friend in
            guard let self else { return }
            self.showForm(FriendFormViewModel(updating: friend, client: self.client, feed: self.feed), over: viewModel)
        }
        viewModel.onShowAlert = { [weak self] alert in self?.show(alert) }
        let screen = FriendDetailScreen(viewModel: viewModel, redraw: redraw)
        // Deleted: back to the list, which says so.
        viewModel.onFriendDeleted = { [weak self, weak screen] friend in
            guard let self, let screen else { return }
            self.list?.friendDeleted(friend)
            self.stack.pop(screen)
            self.redraw()
        }
        push(screen)
    }

    /// The form, over the details that opened it (`detail`) or the list.
    private func showForm(_ viewModel: FriendFormViewModel, over detail: FriendDetailViewModel? = nil) {
        let screen = FriendFormScreen(viewModel: viewModel, redraw: redraw)
        // The list tells what was saved and selects it; the details show it.
        let kind = viewModel.kind
        viewModel.onSaved = { [weak list, weak viewModel, weak detail] friend in
            let added = kind == .add || viewModel?.addsAsNew.value == true
            if added { list?.friendAdded(friend) } else { list?.friendUpdated(friend) }
            detail?.friendSaved(friend)
        }
        viewModel.onNavigateBack = { [weak self, weak screen] in
            guard let self, let screen else { return }
            self.stack.pop(screen)
            self.redraw()
        }
        viewModel.onShowAlert = { [weak self] alert in self?.show(alert) }
        push(screen)
    }

    private func push(_ screen: any Screen) {
        stack.push(screen)
        redraw()
    }

    private func show(_ alert: Alert) {
        stack.present(alert)
        redraw()
    }
}
