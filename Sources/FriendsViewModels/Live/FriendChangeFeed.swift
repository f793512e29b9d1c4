import Binding
import FriendsAPI
import FriendsClient

/// The app's one subscription to the server's live change feed, shared by every screen.
///
/// It follows the feed (reconnecting after drops) and tells each change to the view models that
/// are alive; they bind to it with themselves as owner, so the feed holds them weakly and a
/// screen that goes away stops listening by itself. Create one per app, pass it to each view
/// model, and start it with `follow(_:)`.
@MainActor
public final class FriendChangeFeed {
    /// How connected the feed is; `nil` until it follows a server.
    public let connectionState = Bindable<LiveConnectionState?>(nil, skipsEqualValues: true)
    /// The change that just arrived, told to every view model bound to it (each change once,
    /// in order; `nil` before the first).
    let latestChange = Bindable<FriendChange?>(nil)
    let following = TaskSlot()

    public init() {}

    /// Follows the server's feed from now on, reconnecting after drops, until `stop()` (or
    /// until the feed is released).
    public func follow(_ source: any FriendChangesProviding) {
        follow(ReconnectingFriendChanges(source: source))
    }

    /// Follows `elements`: connection states and changes, as `ReconnectingFriendChanges` yields
    /// them (tests pass a stream they push into).
    func follow<Elements: AsyncSequence & Sendable>(_ elements: Elements)
    where Elements.Element == ReconnectingFriendChanges.Element, Elements.Failure == Never {
        following.replace(with: Task { [weak self] in
            for await element in elements {
                guard let self, !Task.isCancelled else { return }
                self.receive(element)
            }
        })
    }

    /// Stops following the feed.
    public func stop() {
        following.cancel()
    }

    func receive(_ element: ReconnectingFriendChanges.Element) {
        switch element {
        case .state(let state): connectionState.value = state
        case .change(let change): latestChange.value = change
        }
    }

    /// Calls `apply` with each change that arrives from now on, for as long as `owner` lives.
    func observe<Owner: AnyObject>(_ owner: Owner, _ apply: @escaping @MainActor (Owner, FriendChange) -> Void) {
        latestChange.bind(owner) { owner, change in
            if let change { apply(owner, change) }
        }
    }
}
