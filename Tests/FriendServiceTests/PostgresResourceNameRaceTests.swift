import Foundation
import FriendsAPI
import PostgresNIO
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage

/// Adding a card whose resource name another card holds is refused by an `INSERT … ON CONFLICT DO
/// NOTHING` and then a look-up of the holder. When the holder is deleted between the two, the name
/// is free: the card is added, not refused as if the database were down.
@Suite(.enabled(if: PostgresTestDatabase.url != nil, "PostgreSQL's resource name race NOT checked: set FRIENDSERVICE_TEST_POSTGRES_URL"))
struct PostgresResourceNameRaceTests {
    @Test func aNameFreedBetweenTheRefusedInsertAndTheLookUpIsTakenOnTheNextTry() async throws {
        try await PostgresTestDatabase.withStore { store in
            let store = try #require(store as? PostgresFriendStore)
            let holder = try await store.create(card: FriendStoreCardContractTests.apple, resourceName: "8F3A-12.vcf")
            try await Self.deleteTheHolderAfterTheNextInsert(store)
            let added = try await store.create(card: FriendStoreCardContractTests.otherApple, resourceName: "8F3A-12.vcf")

            #expect(added.friend.firstname == "Other")
            #expect(try await store.friend(id: holder.friend.id) == nil)
            #expect(try await store.cards(named: ["8F3A-12.vcf"]).map(\.id) == [added.friend.id])
        }
    }

    /// A trigger after the next `INSERT` statement, which runs even when the insert wrote nothing,
    /// deletes the card holding the name once, committing with that statement: what another
    /// instance's `DELETE` committed at that moment would leave.
    private static func deleteTheHolderAfterTheNextInsert(_ store: PostgresFriendStore) async throws {
        let schema = store.schema
        try await store.transaction { connection in
            for statement in [
                "CREATE TABLE \(schema).free_the_name_once (pending BOOLEAN)",
                "INSERT INTO \(schema).free_the_name_once VALUES (true)",
                """
                CREATE FUNCTION \(schema).free_the_name() RETURNS trigger LANGUAGE plpgsql AS $$
                DECLARE
                    pending INTEGER;
                BEGIN
                    DELETE FROM \(schema).free_the_name_once;
                    GET DIAGNOSTICS pending = ROW_COUNT;
                    IF pending > 0 THEN
                        DELETE FROM \(schema).friends WHERE resource_name = '8F3A-12.vcf';
                    END IF;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER free_the_name AFTER INSERT ON \(schema).friends
                FOR EACH STATEMENT EXECUTE FUNCTION \(schema).free_the_name()
                """,
            ] {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: store.logger)
            }
        }
    }
}
