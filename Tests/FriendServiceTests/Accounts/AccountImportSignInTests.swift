import Foundation
import FriendStorage
import SQLiteFriendStorage
import TestSupport
import Testing

@testable import FriendService

/// An import is signed in once, when it starts, and a file takes seconds to arrive: once its
/// sign-in no longer holds (here the account removed, as `user remove` does), nothing more of the
/// file is written, so that no friend of the account outlives the sweep of its book.
struct AccountImportSignInTests {
    typealias App = AccountsTestApp

    static func cards(_ range: ClosedRange<Int>) -> String {
        range.map { "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:import-\($0)\r\nN:Card;Number \($0);;;\r\nFN:Number \($0) Card\r\nEND:VCARD\r\n" }.joined()
    }

    @Test(.timeLimit(.minutes(3)))
    func anImportStopsWritingOnceItsAccountIsRemoved() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let registry = MemoryAccountRegistry()
            let alice = try await App.add("alice", to: registry)
            try await App.add("bob", to: registry)
            var configuration = App.configuration(registry: registry)
            configuration.database = .sqlite(path: path)
            let server = try await FriendServer.start(configuration)
            let outcome = await Result.capturing {
                let port = try #require(server.url.port)
                let first = Self.cards(1...40), rest = Self.cards(41...80)
                let authorization = try #require(App.basic("alice")[.authorization])
                let connection = try RawHTTPConnection(port: port)
                try await connection.send(
                    "POST /friends/import HTTP/1.1\r\nHost: localhost\r\nAuthorization: \(authorization)\r\n"
                        + "Content-Type: text/vcard\r\nContent-Length: \(first.utf8.count + rest.utf8.count)\r\n\r\n" + first
                )
                // The first batch of the file is kept while the rest is on its way.
                let store = try await SQLiteFriendStore.open(path: path)
                let reading = await Result.capturing {
                    try await Self.wait { try await store.count(matching: nil, atMost: nil) == ImportBatch.capacity }

                    try await registry.removeAccount(id: alice.id)
                    try await connection.send(rest)
                    let answer = try await connection.readResponse()
                    #expect(answer.status == 401)
                    let message = String(decoding: answer.body, as: UTF8.self)
                    #expect(message.contains("The sign-in no longer holds"))
                    // What was kept before went with the account: importing again cannot finish it.
                    #expect(message.contains("The \(ImportBatch.capacity) cards read before that went with the account, which was removed."), "\(message)")
                    #expect(!message.contains("import the file again"), "\(message)")
                    #expect(try await store.count(matching: nil, atMost: nil) == ImportBatch.capacity)
                }
                try await store.close()
                try reading.get()
            }
            try await server.shutdown()
            try outcome.get()
        }
    }

    /// Polls `condition` (a write finishing on the server) for up to 30 s.
    private static func wait(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<1_500 where try await !condition() { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try await condition())
    }
}
