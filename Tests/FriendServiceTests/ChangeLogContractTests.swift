import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage

/// The change log every store keeps for the live feed, run against memory, SQLite and (when
/// configured) PostgreSQL.
struct ChangeLogContractTests {
    @Test(arguments: StoreKind.available)
    func everyCommittedWriteLogsOneChangeInOrder(kind: StoreKind) async throws {
        try await kind.withStore { store in
            #expect(try await store.latestChangeSequence() == 0)
            #expect(try await store.changes(after: 0, limit: 10) == [])
            let ada = try await store.create(.sample("Ada", "Lovelace"))
            let id = ada.friend.id
            let renamed = try await store.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            // Writes that change nothing or are refused log nothing.
            _ = try await store.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            _ = try? await store.update(id: id, with: FriendUpdate(lastname: "Byron"), if: .oneOf([1]))
            _ = try? await store.delete(id: id + 100, if: .any)
            _ = try await store.delete(id: id, if: .oneOf([2]))

            #expect(try await store.changes(after: 0, limit: 10) == [
                FriendChange(sequence: 1, event: .created(ada.friend, version: 1)),
                FriendChange(sequence: 2, event: .updated(renamed.friend, version: 2)),
                FriendChange(sequence: 3, event: .deleted(id: id)),
            ])
            #expect(try await store.changes(after: 1, limit: 1)?.map(\.sequence) == [2])
            #expect(try await store.changes(after: 3, limit: 10) == [])
            #expect(try await store.latestChangeSequence() == 3)
        }
    }

    /// Sync tokens carry it: it must not move while the database lives.
    @Test(arguments: StoreKind.available)
    func theEpochStaysForTheLifeOfTheDatabase(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let epoch = try await store.changeLogEpoch()
            #expect(epoch >= 0)
            _ = try await store.create(.sample("Ada", "Lovelace"))
            try await store.pruneChanges(keepingLast: 1)
            try await store.migrate()
            #expect(try await store.changeLogEpoch() == epoch)
            guard kind != .memory else {
                #expect(await MemoryFriendStore().changeLogEpoch() != epoch)
                return
            }
            let second = try await kind.openSecondInstance(of: store)
            let secondEpoch = try await second.changeLogEpoch()
            try await second.close()
            #expect(secondEpoch == epoch)
        }
    }

    @Test(arguments: StoreKind.available)
    func seedingLogsOneResetForTheBatch(kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.create(.sample("Ada", "Lovelace"))
            try await store.insert((0..<30).map { .sample("First\($0)", "Last\($0)") })
            #expect(try await store.changes(after: 1, limit: 10) == [FriendChange(sequence: 2, event: .reset)])
            #expect(try await store.all().count == 31)
            let next = try await store.create(.sample("Grace", "Hopper"))
            #expect(try await store.changes(after: 2, limit: 10) == [FriendChange(sequence: 3, event: .created(next.friend, version: 1))])
        }
    }

    @Test(arguments: StoreKind.available)
    func prunedHistoryAndPositionsAheadOfTheLogAreRefused(kind: StoreKind) async throws {
        try await kind.withStore { store in
            for index in 0..<5 { _ = try await store.create(.sample("First\(index)", "Last")) }
            try await store.pruneChanges(keepingLast: 2)
            #expect(try await store.changes(after: 3, limit: 10)?.map(\.sequence) == [4, 5])
            #expect(try await store.changes(after: 2, limit: 10) == nil, "change 3 was pruned")
            #expect(try await store.changes(after: 0, limit: 10) == nil)
            #expect(try await store.changes(after: 5, limit: 10) == [])
            #expect(try await store.changes(after: 6, limit: 10) == nil, "ahead of the log")
            try await store.pruneChanges(keepingLast: 0)
            #expect(try await store.changes(after: 4, limit: 10)?.map(\.sequence) == [5], "the last change is always kept")
            #expect(try await store.latestChangeSequence() == 5)
        }
    }
}
