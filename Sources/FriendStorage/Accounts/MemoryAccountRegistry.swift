import Foundation

/// Accounts in memory, for tests and `--database memory`.
public actor MemoryAccountRegistry: AccountRegistry {
    private var byID: [Int: Account] = [:]
    private var tokenRows: [AccountToken] = []
    private var lastAccountID = 0
    private var lastTokenID = 0
    private var mainStoreTaken = false

    public init() {}

    public func hasAccounts() -> Bool { !byID.isEmpty }

    public func accounts() -> [Account] { byID.values.sorted { $0.name < $1.name } }

    public func account(named name: AccountName) -> Account? { byID.values.first { $0.name == name } }

    public func account(id: Int) -> Account? { byID[id] }

    public func addAccount(named name: AccountName, passwordHash: String, at date: Date) throws -> Account {
        guard account(named: name) == nil else { throw AccountRegistryError.nameTaken(name) }
        lastAccountID += 1
        let ownsMainStore = !mainStoreTaken || byID.isEmpty
        let account = Account(id: lastAccountID, name: name, passwordHash: passwordHash, createdAt: date, ownsMainStore: ownsMainStore)
        mainStoreTaken = true
        byID[account.id] = account
        return account
    }

    public func setPasswordHash(_ passwordHash: String, ofAccount id: Int) throws {
        guard byID[id] != nil else { throw AccountRegistryError.noSuchAccount(id: id) }
        byID[id]?.passwordHash = passwordHash
    }

    public func removeAccount(id: Int) throws {
        guard byID.removeValue(forKey: id) != nil else { throw AccountRegistryError.noSuchAccount(id: id) }
        tokenRows.removeAll { $0.accountID == id }
    }

    public func addToken(toAccount id: Int, label: String, digest: String, at date: Date) throws -> AccountToken {
        guard byID[id] != nil else { throw AccountRegistryError.noSuchAccount(id: id) }
        lastTokenID += 1
        let token = AccountToken(id: lastTokenID, accountID: id, label: label, digest: digest, createdAt: date)
        tokenRows.append(token)
        return token
    }

    public func tokens(ofAccount id: Int) -> [AccountToken] { tokenRows.filter { $0.accountID == id } }

    public func revokeToken(id tokenID: Int, ofAccount accountID: Int) -> Bool {
        let before = tokenRows.count
        tokenRows.removeAll { $0.id == tokenID && $0.accountID == accountID }
        return tokenRows.count < before
    }

    public func account(withTokenDigest digest: String) -> Account? {
        tokenRows.first { $0.digest == digest }.flatMap { byID[$0.accountID] }
    }
}
