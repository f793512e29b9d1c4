import Foundation
import FriendsAPI
import HTTPTypes
import Hummingbird
import NIOCore
import NIOFoundationCompat
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// `GET /friends/{id}` sends the friend it encoded at the store's change sequence again, reading
/// only the sequence, until any change, from this server or another process on the same file.
struct FriendByIdCacheTests {
    @Test func aFriendIsReadOnceAndSentAgainUntilAChangeFromAnotherProcess() async throws {
        try await StoreKind.sqlite.withStore { base in
            let ada = try await base.create(.sample("Ada", "Lovelace"))
            let reads = ListNeedRecordingReads(base: base)
            let store = ComposedFriendStore(base, reading: reads)
            let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
            let path = "/friends/\(ada.friend.id)"

            let first = try await handlers.show(ListPageCacheRaceTests.request(path), id: ada.friend.id)
            let again = try await handlers.show(ListPageCacheRaceTests.request(path), id: ada.friend.id)
            #expect(try await ListPageCacheRaceTests.body(of: again) == ListPageCacheRaceTests.body(of: first))
            #expect(again.headers[.eTag] == EntityTag.of(ada, scope: ""))
            #expect(reads.friendNeeds.withLockedValue { $0 } == [true, false])

            var head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: path)
            head.headerFields[.ifNoneMatch] = EntityTag.of(ada, scope: "")
            let conditional = Request(head: head, body: .init(buffer: ByteBuffer()))
            #expect(try await handlers.show(conditional, id: ada.friend.id).status == .notModified)

            let other = try await StoreKind.sqlite.openSecondInstance(of: base)
            _ = try await other.update(id: ada.friend.id, with: FriendUpdate(firstname: "Augusta"), if: .any)
            try await other.close()
            let changed = try await handlers.show(ListPageCacheRaceTests.request(path), id: ada.friend.id)
            let friend = try JSONDecoder().decode(Friend.self, from: Data(buffer: await ListPageCacheRaceTests.body(of: changed)))
            #expect(friend.firstname == "Augusta")
            #expect(changed.headers[.eTag] != EntityTag.of(ada, scope: ""))
            #expect(reads.friendNeeds.withLockedValue { $0 } == [true, false, false, true])
        }
    }

    @Test(arguments: StoreKind.available)
    func aMissingFriendIsNotFoundEveryTimeUntilItExists(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
            for _ in 1...2 {
                await #expect(throws: APIError.self) {
                    try await handlers.show(ListPageCacheRaceTests.request("/friends/1"), id: 1)
                }
            }
            let ada = try await store.create(.sample("Ada", "Lovelace"))
            let response = try await handlers.show(ListPageCacheRaceTests.request("/friends/\(ada.friend.id)"), id: ada.friend.id)
            #expect(response.status == .ok)
        }
    }
}
