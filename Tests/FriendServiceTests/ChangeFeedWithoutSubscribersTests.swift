import FriendsAPI
import Testing

@testable import FriendService

/// A feed nobody follows reads no changes, and a subscriber still gets every change after it subscribed.
struct ChangeFeedWithoutSubscribersTests {
    @Test(.timeLimit(.minutes(3)))
    func writesNobodyFollowsAreNotReadButASubscriberGetsEveryChangeAfterIt() async throws {
        let store = ChangeLogProbeStore()
        let feed = makeChangeFeed(store: store, configuration: TestApp.configuration())
        let running = Task { try await feed.run() }
        defer { running.cancel() }
        await feed.catchUp()

        for name in ["Ann", "Bo", "Cy"] {
            _ = try await store.create(NewFriend(firstname: name, lastname: "X"))
            feed.announce()
        }
        await feed.catchUp()
        #expect(store.changeReads.withLockedValue { $0 } == 0, "no subscriber, so no change was read")

        let (subscription, delivered) = try await feed.subscribe()
        defer { feed.unsubscribe(subscription) }
        #expect(delivered == 3, "the subscriber starts after the changes nobody followed")
        let dee = try await store.create(NewFriend(firstname: "Dee", lastname: "X"))
        feed.announce()
        await feed.catchUp()
        guard case .change(let encoded) = await subscription.next() else {
            Issue.record("the subscriber got no change")
            return
        }
        #expect(encoded.change.sequence == 4)
        #expect(encoded.change.event == .created(dee.friend, version: dee.version))
    }
}
