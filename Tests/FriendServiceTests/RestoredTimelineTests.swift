import Foundation
import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage

/// A database put back from a backup gives out none of the tags and tokens of the timeline the
/// backup left behind (`RestoredTimeline`), on SQLite and (when configured) PostgreSQL.
struct RestoredTimelineTests {
    static let kinds = StoreKind.available.filter { $0 != .memory }

    @Test(arguments: kinds)
    func everyVersionAndTheChangeLogMovePastWhatWasGivenOut(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let ada = try await store.create(.sample("Ada", "Lovelace"))
            let grace = try await store.create(.sample("Grace", "Hopper"))
            _ = try await store.update(id: ada.friend.id, with: FriendUpdate(about: "Wrote the first program."), if: .any)
            let epoch = try await store.changeLogEpoch()
            let latest = try await store.latestChangeSequence()

            let restore = Date(timeIntervalSince1970: 1_800_000_000)
            try await store.startTimelineAfterRestore(now: restore)
            let mark = 1_800_000_000_000_000

            // Every sync token given out before names another epoch.
            #expect(try await store.changeLogEpoch() != epoch)
            // The entity tag a client kept, "1-2", names no version any more.
            #expect(try await store.friend(id: ada.friend.id)?.version == mark)
            #expect(try await store.friend(id: grace.friend.id)?.version == mark)
            await #expect(throws: FriendStoreError.preconditionFailed(id: ada.friend.id, currentVersion: mark)) {
                try await store.update(id: ada.friend.id, with: FriendUpdate(about: "Lost"), if: .oneOf([2]))
            }
            // One reset, past the mark, and no change per friend: views reload once. A client
            // at any position before it is told the log no longer holds what followed.
            let restarted = try await store.latestChangeSequence()
            #expect(restarted >= mark)
            #expect(try await store.loggedChanges(after: restarted - 1, limit: 10)?.map(\.change?.event) == [.reset])
            #expect(try await store.loggedChanges(after: latest, limit: 10) == nil)
            #expect(try await store.loggedChanges(after: latest + 5, limit: 10) == nil)

            // Life goes on from there.
            let edited = try await store.update(id: ada.friend.id, with: FriendUpdate(about: "Analyst"), if: .oneOf([mark]))
            #expect(edited.version == mark + 1)
            #expect(try await store.latestChangeSequence() == restarted + 1)
        }
    }

    /// A friend edited more times than the mark says (a clock set far back) still moves on.
    @Test(arguments: kinds)
    func aVersionBeyondTheMarkGrowsByOne(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let ada = try await store.create(.sample("Ada", "Lovelace"))
            _ = try await store.update(id: ada.friend.id, with: FriendUpdate(about: "x"), if: .any)
            try await store.startTimelineAfterRestore(now: Date(timeIntervalSince1970: 0.000001))
            #expect(try await store.friend(id: ada.friend.id)?.version == 3)
        }
    }
}
