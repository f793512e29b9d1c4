import Foundation
import FriendsAPI
import PostgresNIO
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage

/// A database migrated by its owner is served by a role that may only read and write its tables:
/// starting up creates nothing when the schema is up to date; rights taken away later are a 503.
@Suite(.enabled(if: PostgresTestDatabase.url != nil), .timeLimit(.minutes(3)))
struct PostgresLeastPrivilegeTests {
    @Test func aRoleThatMayOnlyReadAndWriteServesAnUpToDateSchema() async throws {
        let ownerURL = try PostgresTestDatabase.freshSchemaURL()
        let owner = PostgresFriendStore(location: try PostgresLocation(url: ownerURL), leaseTimeout: PostgresTestDatabase.leaseTimeout)
        let role = "friendservice_dml_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let schema = try PostgresLocation(url: ownerURL).schema
        let outcome = await Result.capturing {
            try await owner.migrate()
            for statement in [
                "CREATE ROLE \(role) LOGIN",
                "GRANT USAGE ON SCHEMA \(schema) TO \(role)",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(role)",
                "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA \(schema) TO \(role)",
            ] {
                try await owner.execute(statement)
            }
            var components = try #require(URLComponents(string: ownerURL))
            components.user = role
            components.password = nil
            let served = PostgresFriendStore(
                location: try PostgresLocation(url: try #require(components.string)), leaseTimeout: PostgresTestDatabase.leaseTimeout)
            let serving = await Result.capturing {
                try await served.migrate()
                let created = try await served.create(NewFriend(firstname: "Ada", lastname: "Lovelace"))
                #expect(try await served.friend(id: created.friend.id)?.friend.lastname == "Lovelace")

                // Its rights taken away under it: the operator's to mend (503, logged), not a bug (500).
                try await owner.execute("REVOKE INSERT ON ALL TABLES IN SCHEMA \(schema) FROM \(role)")
                await #expect {
                    _ = try await served.create(NewFriend(firstname: "Grace", lastname: "Hopper"))
                } throws: { error in
                    guard case FriendStoreError.unavailable(let reason) = error else { return false }
                    return reason.contains("refused this role") && reason.contains("permission denied")
                }
            }
            try? await served.close()
            try serving.get()
        }
        try? await owner.execute("DROP OWNED BY \(role)")
        try? await owner.execute("DROP ROLE IF EXISTS \(role)")
        try? await owner.dropSchema()
        try? await owner.close()
        try outcome.get()
    }
}

extension PostgresFriendStore {
    /// Runs `statement` as the store's role (a test's setup: roles and grants).
    fileprivate func execute(_ statement: String) async throws {
        try await withConnection { connection in
            _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
        }
    }
}
