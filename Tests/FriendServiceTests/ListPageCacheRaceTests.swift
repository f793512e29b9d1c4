import Foundation
import FriendsAPI
import Hummingbird
import NIOConcurrencyHelpers
import NIOFoundationCompat
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// The list asks the store only for what this instance lacks at the store's sequence. When another
/// request caches a newer sequence before the page is sent (which drops the older pages), the
/// page found at the store's sequence is still the one sent: never an error or another body.
struct ListPageCacheRaceTests {
    @Test func aPageFoundInTheCacheIsSentEvenWhenTheCacheMovesOn() async throws {
        let base: any FriendStore = MemoryFriendStore()
        let ada = try await base.create(.sample("Ada", "Lovelace"))
        let store = DroppingStore(base: base)
        let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        let first = try await handlers.list(Self.request("/friends?limit=5"))
        #expect(first.status == .ok)
        let firstBody = try await Self.body(of: first)

        // Between the store saying "you have it" and the lookup, the cache moves to a newer sequence.
        let sequence = try await base.latestChangeSequence()
        store.afterNothingNeeded.withLockedValue { action in
            action = {
                handlers.pages.store(ByteBuffer(string: "other"), for: .init(request: .init(limit: 9), pageSize: 9), at: sequence + 1)
            }
        }
        let again = try await handlers.list(Self.request("/friends?limit=5"))
        #expect(again.status == .ok)
        #expect(again.headers[.eTag] == EntityTag.ofList(atSequence: sequence, scope: ""))
        let againBody = try await Self.body(of: again)
        #expect(againBody == firstBody)
        let page = try JSONDecoder().decode(FriendPage.self, from: Data(buffer: againBody))
        #expect(page.items.map(\.id) == [ada.friend.id])
        #expect(page.total == 1)
        #expect(store.needs.withLockedValue { $0 } == [.rowsAndCount(atMost: nil), .nothing])
    }

    static func body(of response: Response) async throws -> ByteBuffer {
        let collected = NIOLockedValueBox(ByteBuffer())
        try await response.body.write(CollectingWriter(collected: collected))
        return collected.withLockedValue { $0 }
    }

    static func request(_ path: String) -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: path), body: .init(buffer: ByteBuffer()))
    }
}

private struct CollectingWriter: ResponseBodyWriter {
    let collected: NIOLockedValueBox<ByteBuffer>

    mutating func write(_ buffer: ByteBuffer) async throws {
        collected.withLockedValue { _ = $0.writeImmutableBuffer(buffer) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// A memory store that records what the list needed, and runs `afterNothingNeeded` once when
/// it was told nothing was needed.
private final class DroppingStore: FriendStore {
    let base: any FriendStore
    let needs = NIOLockedValueBox<[FriendListNeed]>([])
    let afterNothingNeeded = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)

    init(base: any FriendStore) { self.base = base }

    var kind: String { "dropping" }

    func listSnapshot(_ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed) async throws -> FriendListSnapshot {
        let snapshot = try await base.listSnapshot(request) { [needs] sequence in
            let wanted = need(sequence)
            needs.withLockedValue { $0.append(wanted) }
            return wanted
        }
        if snapshot.rows == nil, let action = afterNothingNeeded.withLockedValue({ action in defer { action = nil }; return action }) {
            action()
        }
        return snapshot
    }

    func migrate() async throws { try await base.migrate() }
    func schemaVersion() async throws -> Int { try await base.schemaVersion() }
    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try await base.list(request) }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int { try await base.count(matching: search, atMost: limit) }
    func all() async throws -> [StoredFriend] { try await base.all() }
    func friend(id: Int) async throws -> StoredFriend? { try await base.friend(id: id) }
    func create(_ fields: NewFriend) async throws -> StoredFriend { try await base.create(fields) }
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await base.update(id: id, with: update, if: precondition)
    }
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend { try await base.delete(id: id, if: precondition) }
    func insert(_ friends: [NewFriend]) async throws { try await base.insert(friends) }
    func friend(uid: String) async throws -> StoredFriend? { try await base.friend(uid: uid) }
    func card(id: Int) async throws -> StoredCard? { try await base.card(id: id) }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] {
        try await base.cardSummaries(afterID: afterID, limit: limit)
    }
    func cards(named names: [String]) async throws -> [StoredCard] { try await base.cards(named: names) }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] {
        try await base.cards(matching: search, afterID: afterID, limit: limit)
    }
    func create(card: VCard, resourceName: String?) async throws -> StoredFriend { try await base.create(card: card, resourceName: resourceName) }
    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await base.replace(id: id, with: card, if: precondition)
    }
    func changes(after sequence: Int, limit: Int) async throws -> [FriendChange]? { try await base.changes(after: sequence, limit: limit) }
    func cardChanges(after sequence: Int, limit: Int) async throws -> [CardChange]? { try await base.cardChanges(after: sequence, limit: limit) }
    func latestChangeSequence() async throws -> Int { try await base.latestChangeSequence() }
    func changeLogEpoch() async throws -> Int { try await base.changeLogEpoch() }
    func pruneChanges(keepingLast count: Int) async throws { try await base.pruneChanges(keepingLast: count) }
    func ping() async throws { try await base.ping() }
    func close() async throws { try await base.close() }
}
