import Foundation
import FriendStorage
import PostgresNIO

/// The accounts of the server, in the main schema's `accounts` and `account_tokens` (migration 6).
extension PostgresFriendStore: AccountRegistry {
    public func hasAccounts() async throws -> Bool {
        try await values(sql("SELECT EXISTS (SELECT 1 FROM %s.accounts)")) { try $0.decode(Bool.self) }.first ?? false
    }

    public func accounts() async throws -> [Account] {
        try await values(sql("SELECT \(Self.accountColumns) FROM %s.accounts ORDER BY name"), Self.account)
    }

    public func account(named name: AccountName) async throws -> Account? {
        try await values(sql("SELECT \(Self.accountColumns) FROM %s.accounts WHERE name = $1", name.rawValue), Self.account).first
    }

    public func account(id: Int) async throws -> Account? {
        try await values(sql("SELECT \(Self.accountColumns) FROM %s.accounts WHERE id = $1", id), Self.account).first
    }

    public func addAccount(named name: AccountName, passwordHash: String, at date: Date) async throws -> Account {
        try await transaction { connection in
            // Claimed by the first account added, and again by the first one added when every
            // account was removed: the friends written meanwhile, as before accounts, are its.
            // The row is locked first: of two instances adding accounts at once, the second waits
            // here, and its next statement, a new snapshot, sees the first one's account.
            try await connection.query(self.sql("SELECT taken FROM %s.account_main_store FOR UPDATE"), logger: self.logger)
            let claimed = try await connection.query(
                self.sql("UPDATE %s.account_main_store SET taken = true WHERE NOT taken OR NOT EXISTS (SELECT 1 FROM %s.accounts) RETURNING true"),
                logger: self.logger
            ).collect()
            do {
                let added = try await connection.query(
                    self.sql(
                        """
                        INSERT INTO %s.accounts (name, password_hash, created_at, owns_main_store) VALUES ($1, $2, $3, $4)
                        RETURNING \(Self.accountColumns)
                        """, name.rawValue, passwordHash, date, !claimed.isEmpty),
                    logger: self.logger
                ).collect()
                guard let account = try added.first.map(Self.account) else {
                    throw FriendStoreError.unavailable("INSERT INTO accounts returned no row")
                }
                return account
            } catch let error as PSQLError where Self.violates(error, "23505", constraint: "accounts_name_unique") {
                throw AccountRegistryError.nameTaken(name)
            }
        }
    }

    public func setPasswordHash(_ passwordHash: String, ofAccount id: Int) async throws {
        let changed = try await values(sql("UPDATE %s.accounts SET password_hash = $1 WHERE id = $2 RETURNING id", passwordHash, id)) { try $0.decode(Int.self) }
        guard !changed.isEmpty else { throw AccountRegistryError.noSuchAccount(id: id) }
    }

    /// Its tokens go with it (`ON DELETE CASCADE`).
    public func removeAccount(id: Int) async throws {
        let removed = try await values(sql("DELETE FROM %s.accounts WHERE id = $1 RETURNING id", id)) { try $0.decode(Int.self) }
        guard !removed.isEmpty else { throw AccountRegistryError.noSuchAccount(id: id) }
    }

    public func addToken(toAccount id: Int, label: String, digest: String, at date: Date) async throws -> AccountToken {
        let query = sql(
            """
            INSERT INTO %s.account_tokens (account_id, label, digest, created_at)
            SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM %s.accounts WHERE id = $1)
            RETURNING \(Self.tokenColumns)
            """, id, label, digest, date)
        let added: [AccountToken]
        do {
            added = try await values(query, Self.token)
        } catch let error as PSQLError where Self.violates(error, "23503") {
            // The account was removed between the check and the insert.
            throw AccountRegistryError.noSuchAccount(id: id)
        }
        guard let token = added.first else { throw AccountRegistryError.noSuchAccount(id: id) }
        return token
    }

    public func tokens(ofAccount id: Int) async throws -> [AccountToken] {
        try await values(sql("SELECT \(Self.tokenColumns) FROM %s.account_tokens WHERE account_id = $1 ORDER BY id", id), Self.token)
    }

    public func revokeToken(id tokenID: Int, ofAccount accountID: Int) async throws -> Bool {
        let revoked = try await values(
            sql("DELETE FROM %s.account_tokens WHERE id = $1 AND account_id = $2 RETURNING id", tokenID, accountID)) { try $0.decode(Int.self) }
        return !revoked.isEmpty
    }

    /// Through the unique index `account_tokens_digest`: one lookup per request that sends a token.
    public func account(withTokenDigest digest: String) async throws -> Account? {
        let query = sql(
            """
            SELECT accounts.id, accounts.name, accounts.password_hash, accounts.created_at, accounts.owns_main_store
            FROM %s.account_tokens JOIN %s.accounts ON accounts.id = account_tokens.account_id
            WHERE account_tokens.digest = $1
            """, digest)
        return try await values(query, Self.account).first
    }
}

extension PostgresFriendStore {
    static let accountColumns = "id, name, password_hash, created_at, owns_main_store"
    static let tokenColumns = "id, account_id, label, digest, created_at"

    /// The rows of `query` on a pooled connection, each made a value by `value`.
    func values<T: Sendable>(_ query: PostgresQuery, _ value: @escaping @Sendable (PostgresRow) throws -> T) async throws -> [T] {
        try await withConnection { connection in
            try await connection.query(query, logger: self.logger).collect().map(value)
        }
    }

    @Sendable static func account(_ row: PostgresRow) throws -> Account {
        let (id, nameText, passwordHash, createdAt, ownsMainStore) = try row.decode((Int, String, String, Date, Bool).self)
        guard let name = try? AccountName(validating: nameText) else {
            throw FriendStoreError.unavailable("an accounts row with a name that is not an account name")
        }
        return Account(id: id, name: name, passwordHash: passwordHash, createdAt: createdAt, ownsMainStore: ownsMainStore)
    }

    @Sendable static func token(_ row: PostgresRow) throws -> AccountToken {
        let (id, accountID, label, digest, createdAt) = try row.decode((Int, Int, String, String, Date).self)
        return AccountToken(id: id, accountID: accountID, label: label, digest: digest, createdAt: createdAt)
    }

    /// Whether the server refused a statement with SQLSTATE `state` (and, when given, on `constraint`).
    static func violates(_ error: PSQLError, _ state: String, constraint: String? = nil) -> Bool {
        error.serverInfo?[.sqlState] == state && (constraint == nil || error.serverInfo?[.constraintName] == constraint)
    }
}
