import FriendsAPI
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// `FriendStore.listSnapshot`, on every store: it tells `need` the latest change sequence, reads
/// just what `need` asks for, and what it reads is what `list` and `count` say.
struct ListSnapshotContractTests {
    @Test(arguments: StoreKind.available)
    func readsWhatNeedAsksForAtTheSequenceItWasTold(kind: StoreKind) async throws {
        try await kind.withStore { store in
            for name in ["Ada", "Alan", "Grace"] { _ = try await store.create(.sample(name, "Lovelace")) }
            let request = FriendListRequest(limit: 2, search: FriendSearch("a"))
            let latest = try await store.latestChangeSequence()
            let expectedRows = try await store.list(request)
            let expectedCount = try await store.count(matching: request.search, atMost: 10)

            let told = NIOLockedValueBox<[Int]>([])
            let nothing = try await store.listSnapshot(request) { sequence in
                told.withLockedValue { $0.append(sequence) }
                return .nothing
            }
            #expect(nothing == FriendListSnapshot(sequence: latest))
            let rows = try await store.listSnapshot(request) { _ in .rows }
            #expect(rows == FriendListSnapshot(sequence: latest, rows: expectedRows))
            let both = try await store.listSnapshot(request) { sequence in
                told.withLockedValue { $0.append(sequence) }
                return .rowsAndCount(atMost: 10)
            }
            #expect(both == FriendListSnapshot(sequence: latest, rows: expectedRows, count: expectedCount))
            #expect(told.withLockedValue { $0 }.last == latest)
        }
    }

    @Test(arguments: StoreKind.available)
    func aWriteMovesTheSequenceItTellsNeed(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let request = FriendListRequest(limit: 10)
            let before = try await store.listSnapshot(request) { _ in .rowsAndCount(atMost: nil) }
            let ada = try await store.create(.sample("Ada", "Lovelace"))
            let after = try await store.listSnapshot(request) { _ in .rowsAndCount(atMost: nil) }
            #expect(after.sequence > before.sequence)
            #expect(after.rows == (before.rows ?? []) + [ada])
            #expect(after.count == (before.count ?? 0) + 1)
        }
    }

    /// SQLite reads a page on the calling thread when it is quick (the whole list, or a search of a
    /// small address book) and a search of a bigger one (`SQLiteFriendStore.defaultSmallTable`
    /// friends; 20 here) on a reader thread: both give what `list` and `count` say.
    @Test(arguments: [100, 20])
    func aSQLitePageIsTheSameOnEitherThread(smallTable: Int) async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let store = try await SQLiteFriendStore.open(path: path, logger: Logger(label: "test"), smallTable: smallTable)
            try await store.migrate()
            try await store.insert((0..<30).map { .sample("Ada\($0)", $0.isMultiple(of: 3) ? "Lovelace" : "Hopper") })
            for request in [FriendListRequest(limit: 7), FriendListRequest(limit: 7, search: FriendSearch("love"))] {
                let expectedRows = try await store.list(request)
                let expectedCount = try await store.count(matching: request.search, atMost: 100)
                let snapshot = try await store.listSnapshot(request) { _ in .rowsAndCount(atMost: 100) }
                #expect(snapshot.rows == expectedRows)
                #expect(snapshot.count == expectedCount)
                #expect(expectedRows.count == 7)
            }
            try await store.close()
        }
    }
}
