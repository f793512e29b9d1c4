import Foundation
import FriendsAPI
import NIOCore
import NIOFoundationCompat
import Testing

@testable import FriendService
@testable import FriendStorage

/// Pages of `GET /friends` are cut from the run of friends that a request of the same search and
/// cursor read before at a larger limit: the same bytes as a page read alone, and no read at all.
struct ListRunCacheTests {
    @Test func aPageCutFromARunIsTheSameBytesAsThePageReadAlone() async throws {
        let store = try await Self.storeOfSevenFriends()
        let warm = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        for query in ["", "&q=a", "&q=lo", "&q=nobody"] {
            _ = try await warm.list(ListPageCacheRaceTests.request("/friends?limit=20\(query)"))
            for limit in 1...9 {
                try await Self.expectCutFromRun(warm, "/friends?limit=\(limit)\(query)", isReadAloneBy: store)
            }
        }

        // A later page: from the cursor after the first two friends.
        let first = try await ListPageCacheRaceTests.body(of: warm.list(ListPageCacheRaceTests.request("/friends?limit=2")))
        let cursor = try #require(try JSONDecoder().decode(FriendPage.self, from: Data(buffer: first)).nextCursor)
        _ = try await warm.list(ListPageCacheRaceTests.request("/friends?limit=10&cursor=\(cursor)"))
        for limit in 1...6 {
            let cut = try await Self.expectCutFromRun(warm, "/friends?limit=\(limit)&cursor=\(cursor)", isReadAloneBy: store)
            #expect(!cut.contains(#""total""#))
        }
    }

    /// The page `warm` answers for `path` is the page a server that read nothing before answers.
    @discardableResult
    private static func expectCutFromRun(_ warm: FriendHandlers, _ path: String, isReadAloneBy store: any FriendStore) async throws -> String {
        let cut = try await ListPageCacheRaceTests.body(of: warm.list(ListPageCacheRaceTests.request(path)))
        let cold = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        let alone = try await ListPageCacheRaceTests.body(of: cold.list(ListPageCacheRaceTests.request(path)))
        #expect(String(buffer: cut) == String(buffer: alone), "\(path)")
        return String(buffer: cut)
    }

    @Test func aShorterPageReadsNothingAndALongerOneReadsOnlyItsRows() async throws {
        let base = try await Self.storeOfSevenFriends()
        let reads = ListNeedRecordingReads(base: base)
        let store = ComposedFriendStore(base, reading: reads)
        let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        for limit in [3, 2, 1, 3, 4, 10, 50, 7] {
            let response = try await handlers.list(ListPageCacheRaceTests.request("/friends?limit=\(limit)"))
            #expect(response.status == .ok)
        }
        // 3 reads four friends; 2, 1 and 3 are cut from them; 4 needs a fifth to know whether more
        // follow; 10 finds the end of the list, which then answers 50 and 7.
        #expect(reads.needs.withLockedValue { $0 } == [
            .rowsAndCount(atMost: nil), .nothing, .nothing, .nothing, .rows, .rows, .nothing, .nothing,
        ])
    }

    @Test func aRunThatFindsTheEndReplacesOneAsLongThatDidNot() async throws {
        let base = try await Self.storeOfSevenFriends()
        let reads = ListNeedRecordingReads(base: base)
        let store = ComposedFriendStore(base, reading: reads)
        let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        // 6 reads all seven friends without knowing that no eighth follows; 7 learns it, and keeps
        // answering from then on.
        for limit in [6, 7, 7, 50] {
            _ = try await handlers.list(ListPageCacheRaceTests.request("/friends?limit=\(limit)"))
        }
        #expect(reads.needs.withLockedValue { $0 } == [.rowsAndCount(atMost: nil), .rows, .nothing, .nothing])
    }

    @Test func aWriteRetiresTheRun() async throws {
        let base = try await Self.storeOfSevenFriends()
        let reads = ListNeedRecordingReads(base: base)
        let store = ComposedFriendStore(base, reading: reads)
        let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: 1_000))
        _ = try await handlers.list(ListPageCacheRaceTests.request("/friends?limit=20"))
        let aaron = try await store.create(.sample("Aaron", "Aalto"))
        let body = try await ListPageCacheRaceTests.body(of: handlers.list(ListPageCacheRaceTests.request("/friends?limit=2")))
        let page = try JSONDecoder().decode(FriendPage.self, from: Data(buffer: body))
        #expect(page.items.first?.id == aaron.friend.id)
        #expect(page.total == 8)
        #expect(reads.needs.withLockedValue { $0 } == [.rowsAndCount(atMost: nil), .rowsAndCount(atMost: nil)])
    }

    /// Seven friends whose JSON needs escapes and non-ASCII bytes, two of them with the same name.
    static func storeOfSevenFriends() async throws -> any FriendStore {
        let store: any FriendStore = MemoryFriendStore()
        var ada = NewFriend.sample("Ada", "Lovelace", phone: "+44 20 7946 0018")
        ada.about = "Wrote \"notes\"\nand a \\ backslash"
        ada.emails = [LabeledValue(label: "work", value: "ada@example.com")]
        for friend in [
            ada, .sample("Alan", "Turing"), .sample("Grace", "Hopper"), .sample("Łucja", "Ångström"),
            .sample("Anna", "Lo"), .sample("Anna", "Lo"), .sample("Katherine", "Johnson"),
        ] {
            _ = try await store.create(friend)
        }
        return store
    }
}
