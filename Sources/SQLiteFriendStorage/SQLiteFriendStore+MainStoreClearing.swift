import FriendStorage

/// Emptying the main file when the account that took it over is removed: one transaction of the
/// writer, alone, whatever the number of friends.
extension SQLiteFriendStore: MainStoreClearing {
    public func clearMainStore(removingAccount accountID: Int?) async throws {
        try await writingAlone { writer in
            try writer.transaction {
                if let accountID {
                    try writer.run("DELETE FROM account_tokens WHERE account_id = ?", [.integer(accountID)])
                    let removed = try writer.rows("DELETE FROM accounts WHERE id = ? RETURNING id", [.integer(accountID)]) { $0.integer(0) }
                    guard !removed.isEmpty else { throw AccountRegistryError.noSuchAccount(id: accountID) }
                }
                if try writer.integer("SELECT EXISTS (SELECT 1 FROM friends)") == 1 {
                    // One `reset` stands for every deletion, as for a bulk insert.
                    try writer.execute("DROP TRIGGER friends_log_delete")
                    try writer.execute("DELETE FROM friends")
                    try writer.execute(SQLiteMigrations.changeLogDeleteTrigger)
                    try writer.execute("INSERT INTO \(FriendSchema.changesTable) (kind) VALUES ('reset')")
                }
                try writer.execute(
                    "DELETE FROM \(FriendSchema.changesTable) WHERE sequence < (SELECT MAX(sequence) FROM \(FriendSchema.changesTable))"
                )
                try writer.execute("UPDATE \(FriendSchema.addressBookTable) SET display_name = NULL")
            }
        }
    }
}
