import Foundation

/// A person with an address book of their own on this server.
public struct Account: Sendable, Equatable, Identifiable {
    public var id: Int
    public var name: AccountName
    /// The slow salted hash of the password (`AccountSecrets.hash(password:)`), never the password.
    public var passwordHash: String
    public var createdAt: Date
    /// The first account added took over the friends stored before there were accounts: its
    /// friends are in the main store; every other account has a store of its own.
    public var ownsMainStore: Bool

    public init(id: Int, name: AccountName, passwordHash: String, createdAt: Date, ownsMainStore: Bool) {
        self.id = id
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.ownsMainStore = ownsMainStore
    }
}

/// An API or app password of an account: works as a Bearer token and as the Basic password.
/// Only the SHA-256 digest of the token is kept.
public struct AccountToken: Sendable, Equatable, Identifiable {
    public var id: Int
    public var accountID: Int
    public var label: String
    public var digest: String
    public var createdAt: Date

    public init(id: Int, accountID: Int, label: String, digest: String, createdAt: Date) {
        self.id = id
        self.accountID = accountID
        self.label = label
        self.digest = digest
        self.createdAt = createdAt
    }
}

public enum AccountRegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    case nameTaken(AccountName)
    case noSuchAccount(id: Int)

    public var description: String {
        switch self {
        case .nameTaken(let name): "There is already an account named \(name)."
        case .noSuchAccount: "There is no such account."
        }
    }
}
