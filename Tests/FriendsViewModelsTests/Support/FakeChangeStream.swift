import FriendsAPI
import FriendsClient
@testable import FriendsViewModels

/// The app's live feed, fed by the test: each push reaches the view models at once, in order,
/// as a change from the server would (with the next sequence number).
@MainActor
final class FakeChangeStream {
    let feed = FriendChangeFeed()
    private var sequence = 0

    func push(_ event: FriendChange.Event) {
        sequence += 1
        feed.receive(.change(FriendChange(sequence: sequence, event: event)))
    }

    func push(_ state: LiveConnectionState) {
        feed.receive(.state(state))
    }

    /// `friend` as the feed sends it: created, updated, with its version.
    func created(_ friend: Friend) { push(.created(friend, version: friend.version ?? 1)) }
    func updated(_ friend: Friend) { push(.updated(friend, version: friend.version ?? 1)) }
    func deleted(_ friend: Friend) { push(.deleted(id: friend.id)) }
}
