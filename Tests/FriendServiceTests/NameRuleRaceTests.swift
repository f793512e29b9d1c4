import FriendStorage
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Synchronization
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
        let reads = ReadsLettingAWriteIn(base: base) {
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

/// Reads from `base`; the first friend read by id runs `write` after reading, before answering.
private final class ReadsLettingAWriteIn: FriendReading {
    private let base: any FriendReading
    private let write: Mutex<(@Sendable () async throws -> Void)?>

    init(base: any FriendReading, write: @escaping @Sendable () async throws -> Void) {
        self.base = base
        self.write = Mutex(write)
    }

    func friend(id: Int) async throws -> StoredFriend? {
        let read = try await base.friend(id: id)
        if let write = write.withLock({ pending in defer { pending = nil }; return pending }) { try await write() }
        return read
    }

    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int {
        try await base.count(matching: search, atMost: limit)
    }
    func listSnapshot(
        _ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try await base.listSnapshot(request, reading: need)
    }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func friend(uid: String) async throws -> StoredFriend? { try await base.friend(uid: uid) }
    func card(id: Int) async throws -> StoredCard? { try await base.card(id: id) }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await base.cards(matching: search, afterID: afterID, limit: limit)
    }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] { try await base.cardSummaries(afterID: afterID, limit: limit) }
    func cards(named names: [String]) async throws -> [StoredCard] { try await base.cards(named: names) }
}
