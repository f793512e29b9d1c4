import Foundation
import Testing

/// PostgreSQL for tests: `FRIENDSERVICE_TEST_POSTGRES_URL=postgres://user[:password]@host:port/database`.
/// The database must exist; each test makes a schema of its own, `friendservice_test_<random>`, and drops it.
public enum PostgresTestURL {
    public static var base: String? {
        guard let url = ProcessInfo.processInfo.environment["FRIENDSERVICE_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        return url
    }

    /// The base URL with a new schema. A session idle in a transaction for 5 s (FriendService's
    /// default) is ended by PostgreSQL: on two cores the suite's start holds every test up for
    /// longer, which is no stalled instance, so tests not about that limit get a minute (`nil`:
    /// none given, for the tests that set their own).
    public static func freshSchema(idleInTransaction: String? = "1min") throws -> String {
        let base = try #require(base)
        var components = try #require(URLComponents(string: base))
        let schema = "friendservice_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "schema" }
            + [URLQueryItem(name: "schema", value: schema)]
            + (idleInTransaction.map { [URLQueryItem(name: "idle_in_transaction_session_timeout", value: $0)] } ?? [])
        return try #require(components.string)
    }
}
