import Foundation
import FriendsAPI
import Testing

@testable import FriendStorage
@testable import SQLiteFriendStorage

/// The change sequence kept between commits: a read after any commit, by this store or another
/// on the same file, finds the new sequence at once; until then no read asks SQLite again.
struct SQLiteCommitWatchTests {
    @Test func theSequenceIsKeptUntilACommitByThisStoreOrAnotherOnTheSameFile() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            let other = try await SQLiteFriendStore.open(path: path)
            let checked = await Result.capturing {
                let commits = try #require(store.commits, "a file in WAL mode is watched")
                let start = try await store.latestChangeSequence()
                #expect(commits.unchangedSequence() == start)

                let ada = try await store.create(.sample("Ada", "Lovelace"))
                #expect(commits.unchangedSequence() == nil, "its own commit")
                #expect(try await store.latestChangeSequence() == start + 1)
                #expect(commits.unchangedSequence() == start + 1)

                _ = try await other.update(id: ada.friend.id, with: FriendUpdate(firstname: "Augusta"), if: .any)
                #expect(commits.unchangedSequence() == nil, "another store's commit")
                let snapshot = try await store.listSnapshot(FriendListRequest(limit: 10)) { _ in .rows }
                #expect(snapshot.sequence == start + 2)
                #expect(snapshot.rows?.map(\.friend.firstname) == ["Augusta"])
                #expect(try await store.friendSnapshot(id: ada.friend.id) { _ in false }.sequence == start + 2)

                _ = try await other.delete(id: ada.friend.id, if: .any)
                #expect(try await store.friendSnapshot(id: ada.friend.id) { _ in false }.sequence == start + 3)
                #expect(try await store.listSnapshot(FriendListRequest(limit: 10)) { _ in .nothing }.sequence == start + 3)
            }
            try await other.close()
            try await store.close()
            try checked.get()
            #expect(store.commits?.unchangedSequence() == nil, "nothing is read from a closed store's file")
        }
    }

    #if os(Linux)
    /// SQLite's shared lock on its `-shm` file tells another process opening the database that
    /// the file is in use; without it, that process truncates the file under every mapping of it,
    /// and this one crashes (SIGBUS). Closing any descriptor of a file drops the process's locks
    /// on it, so the watch must not open one.
    @Test func theStoreKeepsSQLitesLockOnTheSharedMemoryFile() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let store = try await SQLiteFriendStore.open(path: path)
            let checked = await Result.capturing {
                try await store.migrate()
                _ = try await store.create(.sample("Ada", "Lovelace"))
                _ = try await store.latestChangeSequence()
                let inode = try #require(try FileManager.default.attributesOfItem(atPath: path + "-shm")[.systemFileNumber] as? UInt64)
                // Read to its end: the file says it is empty, and holds every lock of the machine.
                let file = try #require(FileHandle(forReadingAtPath: "/proc/locks"))
                defer { try? file.close() }
                let locks = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self).split(separator: "\n")
                let ours = locks.filter { $0.contains(":\(inode) ") && $0.split(separator: " ").contains("\(getpid())") }
                #expect(!ours.isEmpty, "a lock of this process on the -shm file, among \(locks.count)")
            }
            try await store.close()
            try checked.get()
        }
    }
    #endif
}
