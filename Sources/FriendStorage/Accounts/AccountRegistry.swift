import Foundation

/// The accounts of a server and their tokens, kept in the main database (the one `--database`
/// names). Without any account the server works as it did before accounts: one address book.
public protocol AccountRegistry: Sendable {
    func hasAccounts() async throws -> Bool

    /// Every account, by name.
    func accounts() async throws -> [Account]

    func account(named name: AccountName) async throws -> Account?

    func account(id: Int) async throws -> Account?

    /// Adds an account. The first account added, in the same transaction, takes over the main
    /// store (`Account.ownsMainStore`), with the friends already in it; so does the first one
    /// added after every account was removed.
    /// - Throws: `AccountRegistryError.nameTaken`.
    func addAccount(named name: AccountName, passwordHash: String, at date: Date) async throws -> Account

    /// - Throws: `AccountRegistryError.noSuchAccount`.
    func setPasswordHash(_ passwordHash: String, ofAccount id: Int) async throws

    /// Removes the account and its tokens (its friends are the caller's job: `user remove` deletes its store).
    /// - Throws: `AccountRegistryError.noSuchAccount`.
    func removeAccount(id: Int) async throws

    /// - Throws: `AccountRegistryError.noSuchAccount`.
    func addToken(toAccount id: Int, label: String, digest: String, at date: Date) async throws -> AccountToken

    /// The account's tokens, oldest first.
    func tokens(ofAccount id: Int) async throws -> [AccountToken]

    /// Whether a token of that account was there to revoke.
    func revokeToken(id tokenID: Int, ofAccount accountID: Int) async throws -> Bool

    /// The account a token with this digest belongs to.
    func account(withTokenDigest digest: String) async throws -> Account?
}
