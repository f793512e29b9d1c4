import Testing

/// Makes it visible in every test run whether the PostgreSQL contract suite ran.
struct PostgresAvailabilityTests {
    @Test(.enabled(
        if: PostgresTestDatabase.url != nil,
        "PostgreSQL storage contract NOT run: set FRIENDSERVICE_TEST_POSTGRES_URL=postgres://user@127.0.0.1:PORT/DATABASE"
    ))
    func postgresContractSuiteRuns() {
        #expect(StoreKind.available.contains(.postgres))
    }
}
