import Foundation
import Testing

@testable import FriendStorage

/// The names people sign in with: a small alphabet safe in paths, file names, SQL and logs.
struct AccountNameTests {
    @Test(arguments: ["alice", "bob.smith", "a-b_c", "0zero", "x", String(repeating: "a", count: AccountName.maximumLength)])
    func namesOfTheAlphabetAreKeptAsTheyAre(text: String) throws {
        #expect(try AccountName(validating: text).rawValue == text)
    }

    @Test func upperCaseLettersAreReadAsLowerCase() throws {
        #expect(try AccountName(validating: "Alice").rawValue == "alice")
        #expect(try AccountName(validating: "ALICE.Smith") == AccountName(validating: "alice.smith"))
    }

    @Test func anEmptyNameIsRefused() {
        #expect(throws: AccountNameError.empty) { try AccountName(validating: "") }
    }

    @Test func aNameLongerThanTheLimitIsRefused() {
        #expect(throws: AccountNameError.tooLong) { try AccountName(validating: String(repeating: "a", count: AccountName.maximumLength + 1)) }
        // Counted in bytes: no way around the limit with long characters.
        #expect(throws: AccountNameError.tooLong) { try AccountName(validating: String(repeating: "а", count: 17)) }
        #expect(throws: AccountNameError.tooLong) { try AccountName(validating: String(repeating: "a", count: 10_000)) }
    }

    /// Characters that look like the alphabet's but are not: each could pass for another person's name.
    @Test(arguments: [
        "\u{0430}lice",  // Cyrillic а
        "p\u{0430}ypal",
        "\u{FF41}lice",  // fullwidth ａ
        "\u{212A}elvin",  // Kelvin sign K
        "\u{0130}stanbul",  // Turkish İ: not folded to i
        "alice\u{200B}",  // zero-width space
        "e\u{0301}",  // e and a combining accent
        "é",
    ])
    func unicodeLookAlikesAreRefused(text: String) {
        #expect(throws: AccountNameError.badCharacter) { try AccountName(validating: text) }
    }

    @Test(arguments: ["../x", "a/b", "a\\b", "a';drop", "a\"b", "a b", "a;b", "a%2f", "a\u{0}b", "a\nb", "a:b", "a@b"])
    func pathAndSQLCharactersAreRefused(text: String) {
        #expect(throws: AccountNameError.badCharacter) { try AccountName(validating: text) }
    }

    @Test(arguments: [".hidden", "-rf", "_x", "..", "."])
    func aNameStartsWithALetterOrADigit(text: String) {
        #expect(throws: AccountNameError.badStart) { try AccountName(validating: text) }
    }

    @Test func refusalsSayWhatIsAllowed() {
        #expect(AccountNameError.badCharacter.description.contains("a to z"))
        #expect(AccountNameError.tooLong.description.contains("\(AccountName.maximumLength)"))
    }
}

/// Where each account's friends are kept (`DatabaseLocation.location(ofAccount:)`).
struct AccountStoreLocationTests {
    static func account(id: Int, ownsMainStore: Bool = false) throws -> Account {
        Account(id: id, name: try AccountName(validating: "user\(id)"), passwordHash: "h", createdAt: Date(), ownsMainStore: ownsMainStore)
    }

    @Test func theAccountThatOwnsTheMainStoreKeepsItsFriendsThere() throws {
        let owner = try Self.account(id: 3, ownsMainStore: true)
        for location: DatabaseLocation in [.memory, .sqlite(path: "/data/friends.sqlite"), .postgres(url: "postgres://u@h/db?schema=s")] {
            #expect(location.location(ofAccount: owner) == location)
        }
    }

    @Test func anotherAccountHasAFileBesideTheMainOne() throws {
        let account = try Self.account(id: 2)
        let cases: [(String, String)] = [
            ("/data/friends.sqlite", "/data/friends.account-2.sqlite"),
            ("/data/friends", "/data/friends.account-2"),
            ("/data.d/my.friends.db", "/data.d/my.friends.account-2.db"),
            ("friends.sqlite", "friends.account-2.sqlite"),
            ("../shared/friends.sqlite", "../shared/friends.account-2.sqlite"),
            ("/data/.friends", "/data/.friends.account-2"),
        ]
        for (main, expected) in cases {
            #expect(DatabaseLocation.sqlite(path: main).location(ofAccount: account) == .sqlite(path: expected), "\(main)")
        }
        #expect(DatabaseLocation.sqlite(path: "/data/friends.sqlite").location(ofAccount: try Self.account(id: 12)) == .sqlite(path: "/data/friends.account-12.sqlite"))
    }

    @Test func anotherAccountHasASchemaBesideTheMainOne() throws {
        let account = try Self.account(id: 7)
        let plain = DatabaseLocation.postgres(url: "postgres://ada:s%40cret@db.example:5433/friends").location(ofAccount: account)
        guard case .postgres(let plainURL) = plain else { Issue.record("not PostgreSQL: \(plain)"); return }
        let parsed = try PostgresLocation(url: plainURL)
        #expect(parsed.schema == "public_account_7")
        #expect(parsed.password == "s@cret")
        #expect((parsed.host, parsed.port, parsed.database) == ("db.example", 5433, "friends"))

        let named = DatabaseLocation.postgres(url: "postgres://ada@db/friends?schema=home&sslmode=disable&lock_timeout=3s").location(ofAccount: account)
        guard case .postgres(let namedURL) = named else { Issue.record("not PostgreSQL: \(named)"); return }
        let parsedNamed = try PostgresLocation(url: namedURL)
        #expect(parsedNamed.schema == "home_account_7")
        #expect(parsedNamed.sslMode == "disable")
        #expect(parsedNamed.timeouts.lock == "3s")
    }

    @Test func inMemoryEachAccountsStoreIsTheCallers() throws {
        #expect(DatabaseLocation.memory.location(ofAccount: try Self.account(id: 2)) == .memory)
    }
}
