import FriendStorage
import PostgresNIO

/// Emptying the main schema when the account that took it over is removed: one transaction of a
/// few statements, whatever the number of friends.
extension PostgresFriendStore: MainStoreClearing {
    /// - Throws: `DatabaseError` naming the database and the cause when PostgreSQL refuses
    ///   (a row locked by a running server past `lock_timeout`, an outage).
    public func clearMainStore(removingAccount accountID: Int?) async throws {
        do {
            try await transaction(leaseTimeout: Self.migrationLeaseTimeout, isLong: true) { connection in
                try await self.clear(removingAccount: accountID, connection)
            }
        } catch let error as AccountRegistryError {
            throw error
        } catch {
            throw DatabaseError("Cannot empty the main store of PostgreSQL at \(connector.location): \(PostgresConnector.plainReason(error)).")
        }
    }

    private func clear(removingAccount accountID: Int?, _ connection: PostgresConnection) async throws {
        // As `migrate` and `seed`: a million friends may take longer than a request may.
        try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
        if let accountID {
            let removed = try await connection.query(sql("DELETE FROM %s.accounts WHERE id = $1 RETURNING id", accountID), logger: logger).collect()
            guard !removed.isEmpty else { throw AccountRegistryError.noSuchAccount(id: accountID) }
        }
        // The trigger logs nothing for these deletions (a change per row would update the
        // counter's row once per friend); one `reset` stands for all of them.
        let deleted = try await withoutLoggingEach(connection) {
            try await connection.query(sql("WITH gone AS (DELETE FROM %s.friends RETURNING 1) SELECT count(*) FROM gone"), logger: logger).collect()
        }
        if try deleted.first?.decode(Int.self) ?? 0 > 0 { try await logReset(connection) }
        try await connection.query(
            sql("DELETE FROM %s.friend_changes WHERE sequence < (SELECT last FROM %s.friend_change_counter)"), logger: logger
        )
        try await connection.query(sql("UPDATE %s.\(FriendSchema.addressBookTable) SET display_name = NULL"), logger: logger)
    }
}
