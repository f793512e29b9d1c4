import FriendStorage
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing
import VCard

@testable import FriendService

/// A `PATCH` checks the rule "a first name, a last name or an organization" against the version it
/// changes: another `PATCH` landing between the check and the write cannot leave a friend nameless.
struct NameRuleRaceTests {
    @Test func aPATCHIsCheckedAgainAgainstAChangeThatCameAfterItsRead() async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let created = await base.create(.sample("Race", "Condition"))
        // As if a second PATCH clearing the last name landed right after the first one read the friend.
        let reads = ReadsLettingAWriteIn(base: base, after: .friendByID) {
            _ = try await base.update(id: created.friend.id, with: FriendUpdate(lastname: ""), if: .any)
        }
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            let response = try await client.send(.patch, "/friends/\(created.friend.id)", json: #"{"firstname": ""}"#)
            #expect(response.status == .badRequest)
            let stored = try #require(await base.friend(id: created.friend.id))
            #expect(stored.friend.firstname == "Race" && stored.friend.lastname == "")
        }
    }

    @Test func withoutARaceTheChangeIsMade() async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let created = await base.create(.sample("Race", "Condition"))
        try await TestApp.run(store: base) { client, _ in
            let response = try await client.send(.patch, "/friends/\(created.friend.id)", json: #"{"firstname": ""}"#)
            #expect(response.status == .ok)
            #expect(await base.friend(id: created.friend.id)?.friend.lastname == "Condition")
        }
    }
}
