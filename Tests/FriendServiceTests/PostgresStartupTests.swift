import Foundation
import FriendsAPI
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage

/// `migrate` and `serve` against a PostgreSQL they cannot use say why within seconds
/// (they used to print nothing for about a minute and then a pool error).
struct PostgresStartupTests {
    @Test func aRefusedConnectionIsNamedWithinSeconds() async throws {
        let url = "postgres://friends:s3cret@127.0.0.1:\(try FreePort.pick())/friends?sslmode=disable"
        let message = try await startupFailure(url)
        #expect(message == "Cannot connect to PostgreSQL at \(PostgresLocation.withoutPassword(url)): connection refused.")
        #expect(!message.contains("s3cret"))
    }

    @Test(
        .enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL start-up messages NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"),
        arguments: [
            ("database", #"database "nosuchdb" does not exist"#),
            ("user", #"role "nosuchuser" does not exist"#),
        ]
    )
    func aMissingDatabaseOrUserIsNamedWithinSeconds(wrong: String, cause: String) async throws {
        let base = try #require(PostgresTestDatabase.url)
        var components = try #require(URLComponents(string: base))
        if wrong == "database" { components.path = "/nosuchdb" } else { components.user = "nosuchuser" }
        let url = try #require(components.string)
        let message = try await startupFailure(url)
        #expect(message == "Cannot connect to PostgreSQL at \(PostgresLocation.withoutPassword(url)): \(cause).")
    }

    /// What opening and migrating (the start of `serve` and all of `migrate`) throws. It used to be a
    /// pool error after about a minute of retries; the message now names the first connection's
    /// cause, which shows that no pool was waited on. The answer itself takes well under a second,
    /// but the whole suite starts beside it on two cores and held it up for 23 s in a CI run, and
    /// for 53 s in a later run here: the time is checked only against a hang (90 s).
    private func startupFailure(_ url: String) async throws -> String {
        let configuration = FriendServerConfiguration(hostname: "127.0.0.1", port: 0, database: .postgres(url: url), backends: TestApp.backends, logLevel: .critical)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: DatabaseError.self) { try await FriendServer.openMigratedStore(configuration) }
        #expect(start.duration(to: clock.now) < .seconds(90))
        await #expect(throws: DatabaseError.self) { try await FriendServer.start(configuration) }
        return error?.message ?? ""
    }
}
