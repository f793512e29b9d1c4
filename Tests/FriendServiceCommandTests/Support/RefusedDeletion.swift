import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// A trigger that makes the main store refuse to delete one friend, as a failure halfway through
/// deleting all of them would: what deleted the others before it must be undone.
enum RefusedDeletion {
    static func install(refusingFriend id: Int, in location: DatabaseLocation) async throws {
        switch location {
        case .sqlite(let path):
            let connection = try SQLiteDirectConnection(path: path, pragmas: ["PRAGMA busy_timeout = 5000"])
            defer { connection.close() }
            try connection.execute("""
                CREATE TRIGGER test_refuses_deletion BEFORE DELETE ON friends WHEN OLD.id = \(id) BEGIN
                    SELECT RAISE(ABORT, 'the test refuses this deletion');
                END
                """)
        case .postgres(let url):
            try await onPostgres(url) { store in
                try await store.withConnection { connection in
                    try await store.run(.sql("""
                        CREATE FUNCTION %s.test_refuse_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN
                            IF OLD.id = \(id) THEN RAISE EXCEPTION 'the test refuses this deletion'; END IF;
                            RETURN OLD;
                        END
                        $$
                        """), connection)
                    try await store.run(.sql("""
                        CREATE TRIGGER test_refuses_deletion BEFORE DELETE ON %s.friends
                        FOR EACH ROW EXECUTE FUNCTION %s.test_refuse_deletion()
                        """), connection)
                }
            }
        case .memory:
            break
        }
    }

    static func remove(from location: DatabaseLocation) async throws {
        switch location {
        case .sqlite(let path):
            let connection = try SQLiteDirectConnection(path: path, pragmas: ["PRAGMA busy_timeout = 5000"])
            defer { connection.close() }
            try connection.execute("DROP TRIGGER test_refuses_deletion")
        case .postgres(let url):
            try await onPostgres(url) { store in
                try await store.withConnection { connection in
                    try await store.run(.sql("DROP TRIGGER test_refuses_deletion ON %s.friends"), connection)
                }
            }
        case .memory:
            break
        }
    }

    private static func onPostgres(_ url: String, _ body: (PostgresFriendStore) async throws -> Void) async throws {
        let store = PostgresFriendStore(location: try PostgresLocation(url: url), leaseTimeout: .seconds(10))
        let outcome = await Result.capturing { try await body(store) }
        try? await store.close()
        try outcome.get()
    }
}
