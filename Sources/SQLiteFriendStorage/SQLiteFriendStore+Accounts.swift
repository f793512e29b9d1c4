import Foundation
import FriendStorage
import SQLiteNIO
import VaporCSQLite

/// The accounts of the server, in the main file's `accounts` and `account_tokens` (migration 6).
/// Reads go to the readers; writes take the writer alone, in one `BEGIN IMMEDIATE` transaction,
/// which also makes two processes adding accounts to one file take turns.
extension SQLiteFriendStore: AccountRegistry {
    public func hasAccounts() async throws -> Bool {
        try await read { connection in try connection.integer("SELECT EXISTS (SELECT 1 FROM accounts)") == 1 }
    }

    public func accounts() async throws -> [Account] {
        try await read { connection in
            try connection.rows("SELECT \(Self.accountColumns) FROM accounts ORDER BY name", [], Self.account)
        }
    }

    public func account(named name: AccountName) async throws -> Account? {
        try await read { connection in
            try connection.rows("SELECT \(Self.accountColumns) FROM accounts WHERE name = ?", [.text(name.rawValue)], Self.account).first
        }
    }

    public func account(id: Int) async throws -> Account? {
        try await read { connection in
            try connection.rows("SELECT \(Self.accountColumns) FROM accounts WHERE id = ?", [.integer(id)], Self.account).first
        }
    }

    public func addAccount(named name: AccountName, passwordHash: String, at date: Date) async throws -> Account {
        let createdAt = Self.timestamp(date)
        return try await writingAlone { writer in
            try writer.transaction {
                // Claimed by the first account added, and again by the first one added when every
                // account was removed: the friends written meanwhile, as before accounts, are its.
                let claimed = try writer.rows(
                    "UPDATE account_main_store SET taken = 1 WHERE taken = 0 OR NOT EXISTS (SELECT 1 FROM accounts) RETURNING 1", []
                ) { $0.integer(0) }
                do {
                    let added = try writer.rows(
                        "INSERT INTO accounts (name, password_hash, created_at, owns_main_store) VALUES (?, ?, ?, ?) RETURNING \(Self.accountColumns)",
                        [.text(name.rawValue), .text(passwordHash), .text(createdAt), .integer(claimed.isEmpty ? 0 : 1)], Self.account
                    )
                    guard let account = added.first else { throw FriendStoreError.unavailable("INSERT INTO accounts returned no row") }
                    return account
                } catch let failure as SQLiteFailure where failure.isUniqueViolation(of: "accounts.name") {
                    throw AccountRegistryError.nameTaken(name)
                }
            }
        }
    }

    public func setPasswordHash(_ passwordHash: String, ofAccount id: Int) async throws {
        let changed = try await writingAlone { writer in
            try writer.rows("UPDATE accounts SET password_hash = ? WHERE id = ? RETURNING id", [.text(passwordHash), .integer(id)]) { $0.integer(0) }
        }
        guard !changed.isEmpty else { throw AccountRegistryError.noSuchAccount(id: id) }
    }

    public func removeAccount(id: Int) async throws {
        let removed = try await writingAlone { writer in
            try writer.transaction {
                try writer.run("DELETE FROM account_tokens WHERE account_id = ?", [.integer(id)])
                return try writer.rows("DELETE FROM accounts WHERE id = ? RETURNING id", [.integer(id)]) { $0.integer(0) }
            }
        }
        guard !removed.isEmpty else { throw AccountRegistryError.noSuchAccount(id: id) }
    }

    public func addToken(toAccount id: Int, label: String, digest: String, at date: Date) async throws -> AccountToken {
        let createdAt = Self.timestamp(date)
        return try await writingAlone { writer in
            try writer.transaction {
                guard try writer.integer("SELECT 1 FROM accounts WHERE id = ?", [.integer(id)]) != nil else {
                    throw AccountRegistryError.noSuchAccount(id: id)
                }
                let added = try writer.rows(
                    "INSERT INTO account_tokens (account_id, label, digest, created_at) VALUES (?, ?, ?, ?) RETURNING \(Self.tokenColumns)",
                    [.integer(id), .text(label), .text(digest), .text(createdAt)], Self.token
                )
                guard let token = added.first else { throw FriendStoreError.unavailable("INSERT INTO account_tokens returned no row") }
                return token
            }
        }
    }

    public func tokens(ofAccount id: Int) async throws -> [AccountToken] {
        try await read { connection in
            try connection.rows("SELECT \(Self.tokenColumns) FROM account_tokens WHERE account_id = ? ORDER BY id", [.integer(id)], Self.token)
        }
    }

    public func revokeToken(id tokenID: Int, ofAccount accountID: Int) async throws -> Bool {
        try await writingAlone { writer in
            try !writer.rows(
                "DELETE FROM account_tokens WHERE id = ? AND account_id = ? RETURNING id", [.integer(tokenID), .integer(accountID)]
            ) { $0.integer(0) }.isEmpty
        }
    }

    /// Through the unique index `account_tokens_digest`: one lookup per request that sends a token.
    public func account(withTokenDigest digest: String) async throws -> Account? {
        try await read { connection in
            try connection.rows(Self.accountByTokenDigest, [.text(digest)], Self.account).first
        }
    }
}

extension SQLiteFriendStore {
    static let accountColumns = "id, name, password_hash, created_at, owns_main_store"
    static let tokenColumns = "id, account_id, label, digest, created_at"
    static let accountByTokenDigest = """
        SELECT accounts.id, accounts.name, accounts.password_hash, accounts.created_at, accounts.owns_main_store
        FROM account_tokens JOIN accounts ON accounts.id = account_tokens.account_id
        WHERE account_tokens.digest = ?
        """

    /// Times are ISO 8601 text in UTC to the millisecond, readable in the file and sorting as they read.
    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func timestamp(_ date: Date) -> String {
        timestampStyle.format(date)
    }

    @Sendable static func account(_ row: SQLiteDirectRow) throws -> Account {
        guard
            let id = row.integer(0), let nameText = row.text(1), let name = try? AccountName(validating: nameText),
            let passwordHash = row.text(2), let createdAt = row.text(3).flatMap({ try? timestampStyle.parse($0) }),
            let ownsMainStore = row.integer(4)
        else {
            throw FriendStoreError.unavailable("an accounts row with a missing or mistyped column")
        }
        return Account(id: id, name: name, passwordHash: passwordHash, createdAt: createdAt, ownsMainStore: ownsMainStore != 0)
    }

    @Sendable static func token(_ row: SQLiteDirectRow) throws -> AccountToken {
        guard
            let id = row.integer(0), let accountID = row.integer(1), let label = row.text(2), let digest = row.text(3),
            let createdAt = row.text(4).flatMap({ try? timestampStyle.parse($0) })
        else {
            throw FriendStoreError.unavailable("an account_tokens row with a missing or mistyped column")
        }
        return AccountToken(id: id, accountID: accountID, label: label, digest: digest, createdAt: createdAt)
    }
}

extension SQLiteFailure {
    /// Whether this is a UNIQUE constraint failing on `column` (`table.column`, as SQLite names it).
    func isUniqueViolation(of column: String) -> Bool {
        // SQLITE_CONSTRAINT_UNIQUE, a macro Swift does not import.
        code == SQLITE_CONSTRAINT | (8 << 8) && message.hasSuffix(column)
    }
}
