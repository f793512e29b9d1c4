import Foundation
import Testing

@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

extension StoreKind {
    /// Runs `body` against a fresh registry of this kind: `MemoryAccountRegistry`, or a fresh
    /// migrated store, which is its own registry.
    func withRegistry(_ body: (any AccountRegistry) async throws -> Void) async throws {
        guard self != .memory else { return try await body(MemoryAccountRegistry()) }
        try await withStore { store in
            try await body(try #require(store as? any AccountRegistry, "\(self) store is no AccountRegistry"))
        }
    }
}

extension AccountName {
    /// A name the test knows to be valid.
    static func of(_ text: String) -> AccountName {
        try! AccountName(validating: text)
    }
}

/// The behaviour every `AccountRegistry` promises, run against memory, SQLite and (when configured) PostgreSQL.
struct AccountRegistryContractTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000.25)

    @Test(arguments: StoreKind.available)
    func aNewRegistryHasNoAccounts(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            #expect(try await registry.hasAccounts() == false)
            #expect(try await registry.accounts().isEmpty)
            #expect(try await registry.account(named: .of("alice")) == nil)
            #expect(try await registry.account(id: 1) == nil)
            #expect(try await registry.account(withTokenDigest: "00") == nil)
            #expect(try await registry.tokens(ofAccount: 1).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func onlyTheFirstAccountOwnsTheMainStore(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "hash-a", at: Self.start)
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "hash-b", at: Self.start.addingTimeInterval(60))
            #expect(alice.ownsMainStore)
            #expect(!bob.ownsMainStore)
            #expect(alice.id != bob.id)
            #expect((alice.name, alice.passwordHash) == (.of("alice"), "hash-a"))
            #expect(abs(alice.createdAt.timeIntervalSince(Self.start)) < 0.001)
            #expect(try await registry.hasAccounts())
        }
    }

    @Test(arguments: StoreKind.available)
    func accountsReadBackAsTheyWereAddedAndListByName(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            var added: [Account] = []
            for name in ["carol", "alice", "bob"] {
                added.append(try await registry.addAccount(named: .of(name), passwordHash: "hash-\(name)", at: Self.start))
            }
            for account in added {
                #expect(try await registry.account(id: account.id) == account)
                #expect(try await registry.account(named: account.name) == account)
            }
            #expect(try await registry.accounts() == added.sorted { $0.name < $1.name })
            #expect(try await registry.account(named: .of("dave")) == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aTakenNameIsRefusedAndNothingChanges(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "first", at: Self.start)
            await #expect(throws: AccountRegistryError.nameTaken(.of("alice"))) {
                try await registry.addAccount(named: .of("Alice"), passwordHash: "second", at: Self.start)
            }
            #expect(try await registry.accounts() == [alice])
            // The refused attempt did not take the main store away from whoever comes next either.
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "b", at: Self.start)
            #expect(!bob.ownsMainStore)
        }
    }

    /// While other accounts stay, the main store is not handed on when its owner goes. Once no
    /// account is left the server keeps one address book, as before accounts, and the next
    /// account added takes over what was written to it meanwhile.
    @Test(arguments: StoreKind.available)
    func theMainStoreIsTakenAgainOnlyOnceNoAccountIsLeft(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "a", at: Self.start)
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "b", at: Self.start)
            try await registry.removeAccount(id: alice.id)
            let carol = try await registry.addAccount(named: .of("carol"), passwordHash: "c", at: Self.start)
            #expect(!bob.ownsMainStore && !carol.ownsMainStore)
            try await registry.removeAccount(id: bob.id)
            try await registry.removeAccount(id: carol.id)
            #expect(try await registry.hasAccounts() == false)
            let again = try await registry.addAccount(named: .of("alice"), passwordHash: "a2", at: Self.start)
            #expect(again.ownsMainStore)
            #expect(again.id != alice.id)
            #expect(try await !registry.addAccount(named: .of("dave"), passwordHash: "d", at: Self.start).ownsMainStore)
        }
    }

    @Test(arguments: StoreKind.available)
    func thePasswordHashChanges(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "old", at: Self.start)
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "bobs", at: Self.start)
            try await registry.setPasswordHash("new", ofAccount: alice.id)
            #expect(try await registry.account(id: alice.id)?.passwordHash == "new")
            #expect(try await registry.account(id: bob.id)?.passwordHash == "bobs")
            await #expect(throws: AccountRegistryError.noSuchAccount(id: bob.id + 100)) {
                try await registry.setPasswordHash("x", ofAccount: bob.id + 100)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func removingAnAccountRemovesItsTokensOnly(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "a", at: Self.start)
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "b", at: Self.start)
            _ = try await registry.addToken(toAccount: alice.id, label: "phone", digest: "aa01", at: Self.start)
            let bobs = try await registry.addToken(toAccount: bob.id, label: "laptop", digest: "bb01", at: Self.start)

            try await registry.removeAccount(id: alice.id)
            #expect(try await registry.account(id: alice.id) == nil)
            #expect(try await registry.account(named: .of("alice")) == nil)
            #expect(try await registry.account(withTokenDigest: "aa01") == nil)
            #expect(try await registry.tokens(ofAccount: alice.id).isEmpty)
            #expect(try await registry.tokens(ofAccount: bob.id) == [bobs])
            #expect(try await registry.account(withTokenDigest: "bb01") == bob)
            await #expect(throws: AccountRegistryError.noSuchAccount(id: alice.id)) { try await registry.removeAccount(id: alice.id) }
        }
    }

    @Test(arguments: StoreKind.available)
    func tokensFindTheirAccountAndListOldestFirst(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "a", at: Self.start)
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "b", at: Self.start)
            let first = try await registry.addToken(toAccount: alice.id, label: "phone", digest: "aa01", at: Self.start)
            let second = try await registry.addToken(toAccount: alice.id, label: "", digest: "aa02", at: Self.start.addingTimeInterval(5))
            _ = try await registry.addToken(toAccount: bob.id, label: "phone", digest: "bb01", at: Self.start)

            #expect((first.accountID, first.label, first.digest) == (alice.id, "phone", "aa01"))
            #expect(abs(first.createdAt.timeIntervalSince(Self.start)) < 0.001)
            #expect(first.id != second.id)
            #expect(try await registry.tokens(ofAccount: alice.id) == [first, second])
            #expect(try await registry.account(withTokenDigest: "aa02") == alice)
            #expect(try await registry.account(withTokenDigest: "bb01") == bob)
            #expect(try await registry.account(withTokenDigest: "AA01") == nil)
            await #expect(throws: AccountRegistryError.noSuchAccount(id: bob.id + 100)) {
                try await registry.addToken(toAccount: bob.id + 100, label: "x", digest: "cc01", at: Self.start)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aTokenIsRevokedByItsOwnAccountOnly(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: "a", at: Self.start)
            let bob = try await registry.addAccount(named: .of("bob"), passwordHash: "b", at: Self.start)
            let token = try await registry.addToken(toAccount: alice.id, label: "phone", digest: "aa01", at: Self.start)

            #expect(try await registry.revokeToken(id: token.id, ofAccount: bob.id) == false)
            #expect(try await registry.account(withTokenDigest: "aa01") == alice)
            #expect(try await registry.revokeToken(id: token.id, ofAccount: alice.id))
            #expect(try await registry.account(withTokenDigest: "aa01") == nil)
            #expect(try await registry.tokens(ofAccount: alice.id).isEmpty)
            #expect(try await registry.revokeToken(id: token.id, ofAccount: alice.id) == false)
        }
    }

    /// Values are bound, never spliced into SQL: text full of quotes is kept as it is.
    @Test(arguments: StoreKind.available)
    func textWithSQLInItIsStoredAsText(kind: StoreKind) async throws {
        try await kind.withRegistry { registry async throws in
            let hash = "$scrypt$ln=15,r=8,p=1$c2FsdA$'); DROP TABLE accounts; --"
            let alice = try await registry.addAccount(named: .of("alice"), passwordHash: hash, at: Self.start)
            let label = "Robert'); DROP TABLE account_tokens; -- \"📱\" %s $1 ?"
            let token = try await registry.addToken(toAccount: alice.id, label: label, digest: "' OR '1'='1", at: Self.start)
            #expect(try await registry.account(id: alice.id)?.passwordHash == hash)
            #expect(try await registry.tokens(ofAccount: alice.id).map(\.label) == [label])
            #expect(try await registry.account(withTokenDigest: "' OR '1'='1") == alice)
            #expect(try await registry.account(withTokenDigest: "x' OR '1'='1") == nil)
            #expect(token.label == label)
        }
    }
}
