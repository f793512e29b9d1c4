import Foundation
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// Several server instances on one database, starting and adding accounts at the same moment.
@Suite(.timeLimit(.minutes(3)))
struct AccountConcurrencyTests {
    @Test func twoSQLiteInstancesAddingTheFirstAccountsGiveTheMainStoreToOne() async throws {
        for round in 0..<4 {
            try await TemporaryDirectory.with { directory in
                let path = directory.appendingPathComponent("friends.sqlite").path
                let first = try await SQLiteFriendStore.open(path: path)
                let second = try await SQLiteFriendStore.open(path: path)
                let outcome = await Result.capturing { try await Self.race(first, second, round: round) }
                try await first.close()
                try await second.close()
                try outcome.get()
            }
        }
    }

    @Test(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL account race NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
    func twoPostgresInstancesAddingTheFirstAccountsGiveTheMainStoreToOne() async throws {
        for round in 0..<4 {
            let location = try PostgresLocation(url: PostgresTestDatabase.freshSchemaURL())
            let first = PostgresFriendStore(location: location, leaseTimeout: PostgresTestDatabase.leaseTimeout)
            let second = PostgresFriendStore(location: location, leaseTimeout: PostgresTestDatabase.leaseTimeout)
            let outcome = await Result.capturing { try await Self.race(first, second, round: round) }
            try? await first.dropSchema()
            try await first.close()
            try await second.close()
            try outcome.get()
        }
    }

    /// Both instances migrate the new database at once, then add accounts at once, one name on both.
    static func race(_ first: any FriendStore & AccountRegistry, _ second: any FriendStore & AccountRegistry, round: Int) async throws {
        async let firstMigrated: Void = first.migrate()
        async let secondMigrated: Void = second.migrate()
        _ = try await (firstMigrated, secondMigrated)

        let names = ["alice", "bob", "carol", "dave", "erin", "frank"]
        let outcomes = await withTaskGroup(of: Result<Account, any Error>.self) { group in
            for (index, name) in (names + ["zoe"]).enumerated() {
                let registry: any AccountRegistry = index.isMultiple(of: 2) ? first : second
                group.addTask { await Result.capturing { try await registry.addAccount(named: .of(name), passwordHash: name, at: Date()) } }
            }
            // The same name from both instances at once: one gets it.
            group.addTask { await Result.capturing { try await (round.isMultiple(of: 2) ? second : first).addAccount(named: .of("zoe"), passwordHash: "2", at: Date()) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let added = outcomes.compactMap { try? $0.get() }
        let refused = outcomes.compactMap { outcome -> (any Error)? in
            if case .failure(let error) = outcome { return error }
            return nil
        }
        #expect(added.count == names.count + 1, "round \(round)")
        #expect(refused.count == 1, "round \(round)")
        #expect(refused.allSatisfy { ($0 as? AccountRegistryError) == .nameTaken(.of("zoe")) }, "round \(round): \(refused)")
        #expect(added.filter(\.ownsMainStore).count == 1, "round \(round)")
        for registry: any AccountRegistry in [first, second] {
            let stored = try await registry.accounts()
            #expect(stored.map(\.name.rawValue) == (names + ["zoe"]).sorted(), "round \(round)")
            #expect(stored.filter(\.ownsMainStore).count == 1, "round \(round)")
        }
    }
}
