import Foundation
import FriendsAPI
import HummingbirdTesting
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// A full disk is not an outage: writes answer 507 naming the file, reads go on, `/health` says
/// the database is read-only, nothing is half-written, and writes succeed again once there is room.
/// The disk is made "full" by forbidding the file to grow (`PRAGMA max_page_count`), which fails a
/// write exactly as a full file system does (`SQLITE_FULL`).
@Suite(.timeLimit(.minutes(3)))
struct SQLiteDiskFullTests {
    @Test func writesOnAFullDiskAnswer507WhileReadsGoOnUntilThereIsRoomAgain() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let store = try await SQLiteFriendStore.open(path: path)
            try await store.migrate()
            let outcome = await Result.capturing {
                try await TestApp.run(store: store) { client, _ in
                    let (ada, _) = try await client.createFriend()
                    try await store.limitPages(toAtMost: nil)

                    var refused: (name: String, response: TestResponse)?
                    for index in 0..<100 where refused == nil {
                        let name = "Friend\(index)"
                        let response = try await client.send(.post, "/friends", json: Self.body(firstname: name))
                        if response.status.code == 507 { refused = (name, response) } else { #expect(response.status == .created) }
                    }
                    let (refusedName, response) = try #require(refused, "the file never ran out of pages")
                    #expect(try response.envelope.error.message == "The disk holding \(path) is full; free space and try again.")
                    #expect(try await client.send(.get, "/friends/\(ada.id)").status == .ok)
                    let health = try await client.send(.get, "/health")
                    #expect(health.status == .ok)
                    #expect(try health.decode(HealthStatus.self) == HealthStatus(status: "read-only", database: "sqlite"))

                    // Nothing half-written: the refused friend is nowhere, not even in the change log.
                    #expect(try await store.all().contains { $0.friend.firstname == refusedName } == false)
                    let logged = try #require(try await store.changes(after: 0, limit: 1_000))
                    #expect(logged.count == (try await store.all().count))
                    #expect(try await store.integrityCheck() == "ok")

                    try await store.limitPages(toAtMost: 1_000_000)
                    #expect(try await client.send(.post, "/friends", json: Self.body(firstname: refusedName)).status == .created)
                    #expect(try await client.send(.get, "/health").decode(HealthStatus.self) == HealthStatus(status: "ok", database: "sqlite"))
                }
            }
            try await store.close()
            try outcome.get()
        }
    }

    private static func body(firstname: String) -> String {
        #"{"firstname": "\#(firstname)", "lastname": "Full", "about": "\#(String(repeating: "x", count: 1_900))"}"#
    }
}

extension SQLiteFriendStore {
    /// Lets the file grow to at most `pages` pages, or not at all (`nil`).
    func limitPages(toAtMost pages: Int?) async throws {
        try await writingAlone { writer in
            let limit = try pages ?? writer.integer("PRAGMA page_count") ?? 0
            _ = try writer.integer("PRAGMA max_page_count = \(limit)")
        }
    }

    func integrityCheck() async throws -> String? {
        try await read { connection in try connection.rows("PRAGMA integrity_check", []) { $0.text(0) }.first ?? nil }
    }
}
