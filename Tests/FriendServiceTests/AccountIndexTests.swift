import Foundation
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// A token is checked on every request that sends one: its lookup goes through an index.
struct AccountIndexTests {
    @Test func sqliteFindsATokensAccountThroughTheDigestIndex() async throws {
        try await StoreKind.sqlite.withStore { store in
            let sqlite = try #require(store as? SQLiteFriendStore)
            let plan = try await sqlite.read { connection in
                try connection.rows("EXPLAIN QUERY PLAN " + SQLiteFriendStore.accountByTokenDigest, [.text("00")]) { $0.text(3) }
            }.compactMap { $0 }
            #expect(plan.contains { $0.contains("account_tokens USING") && $0.contains("INDEX account_tokens_digest (digest=?)") }, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
        }
    }

    /// The cascade of `account_tokens` holds in SQLite too, whoever deletes the account.
    @Test func sqliteDeletesAnAccountsTokensWithIt() async throws {
        try await StoreKind.sqlite.withStore { store in
            let sqlite = try #require(store as? SQLiteFriendStore)
            let alice = try await sqlite.addAccount(named: .of("alice"), passwordHash: "a", at: Date())
            _ = try await sqlite.addToken(toAccount: alice.id, label: "", digest: "aa", at: Date())
            try await sqlite.writingAlone { writer in try writer.run("DELETE FROM accounts WHERE id = ?", [.integer(alice.id)]) }
            #expect(try await sqlite.read { try $0.integer("SELECT count(*) FROM account_tokens") } == 0)
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL token index NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
    func postgresHasAUniqueIndexOnTokenDigests() async throws {
        try await StoreKind.postgres.withStore { store in
            let postgres = try #require(store as? PostgresFriendStore)
            let schema = postgres.connector.location.schema
            let definitions = try await postgres.values(
                postgres.sql("SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'account_tokens'", schema)
            ) { try $0.decode(String.self) }
            #expect(definitions.contains { $0.hasPrefix("CREATE UNIQUE INDEX account_tokens_digest") && $0.hasSuffix("(digest)") }, "\(definitions)")
        }
    }
}
