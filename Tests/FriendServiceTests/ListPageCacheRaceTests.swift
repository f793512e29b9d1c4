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
        let reads = ListNeedRecordingReads(base: base)
        let store = ComposedFriendStore(base, reading: reads)
        let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        let first = try await handlers.list(Self.request("/friends?limit=5"))
        #expect(first.status == .ok)
        let firstBody = try await Self.body(of: first)

        // Between the store saying "you have it" and the lookup, the cache moves to a newer sequence.
        let sequence = try await base.latestChangeSequence()
        reads.afterNothingNeeded.withLockedValue { action in
            action = {
                handlers.runs.store(EncodedFriendRun(rows: [], readWithLimit: 9, total: 0), for: .init(.init(limit: 9, search: FriendSearch("other"))), at: sequence + 1)
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
        #expect(reads.needs.withLockedValue { $0 } == [.rowsAndCount(atMost: nil), .nothing])
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
