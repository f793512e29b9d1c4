import FriendsAPI
import Testing
import VCard

@testable import FriendStorage

/// What version 12 does to a database whose columns an older reading of its cards wrote, on
/// SQLite and PostgreSQL.
enum RederiveMigrationCheck {
    static let blankNumber = """
        BEGIN:VCARD
        VERSION:3.0
        N:Ruiz;Ana;;;
        FN:Ana Ruiz
        TEL;TYPE=CELL:
        TEL;TYPE=WORK:+34 612 345 678
        EMAIL;TYPE=INTERNET:
        UID:0B2A5C1E-1111-4A8B-9C3D-000000000001
        END:VCARD
        """

    static let yearZero = """
        BEGIN:VCARD
        VERSION:3.0
        N:Lovelace;Ada;;;
        FN:Ada Lovelace
        BDAY:0000-12-10
        UID:0B2A5C1E-1111-4A8B-9C3D-000000000002
        END:VCARD
        """

    /// Ana's card with a blank mobile number and a blank e-mail, Ada's with a birthday in the year
    /// 0000, both shown as version 11 read them; then Grace, whom no reading changed.
    static func versionElevenRecords() throws -> [FriendRecord] {
        var ana = FriendRecord(card: try card(blankNumber))
        ana.friend.phones.insert(LabeledValue(label: "mobile", value: ""), at: 0)
        ana.friend.phonenumber = ""
        ana.friend.emails = [LabeledValue(label: "", value: "")]
        ana.details = FriendDetails(ana.friend).encoded
        ana.search = SearchColumns(ana.friend)
        var ada = FriendRecord(card: try card(yearZero))
        ada.friend.birthday = "0000-12-10"
        ada.details = FriendDetails(ada.friend).encoded
        return [ana, ada, FriendRecord(newFriend: .sample("Grace", "Hopper"))]
    }

    static func check(_ store: some FriendStore) async throws {
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        let friends = Dictionary(uniqueKeysWithValues: try await store.all().map { ($0.friend.firstname, $0) })
        let ana = try #require(friends["Ana"]), ada = try #require(friends["Ada"]), grace = try #require(friends["Grace"])
        #expect(ana.friend.phones == [LabeledValue(label: "work", value: "+34 612 345 678")])
        #expect(ana.friend.phonenumber == "+34 612 345 678")
        #expect(ana.friend.emails.isEmpty)
        #expect(ada.friend.birthday == "--12-10")
        #expect([ana.version, ada.version, grace.version] == [2, 2, 1])
        // The card itself is kept byte for byte.
        #expect(try await store.card(id: ana.friend.id)?.text == FriendRecord.cardText(of: try card(blankNumber)))
        // Each friend read again is a change its views hear; Grace's is none.
        let latest = try await store.latestChangeSequence()
        let changes = try #require(try await store.changes(after: latest - 2, limit: 10))
        #expect(changes.map(\.event) == [ana, ada].map { .updated($0.friend, version: $0.version) })
        let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch("612 345")))
        #expect(found.map(\.friend.firstname) == ["Ana"])
    }

    private static func card(_ text: String) throws -> VCard {
        try VCardParser.parse(Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }
}

/// What version 13 does, on SQLite and PostgreSQL: a Chinese, Japanese or Korean name is found by
/// its full name as the list shows it, family name first ("山田花子"), as well as by either name,
/// and only such friends change.
enum FamilyNameFirstMigrationCheck {
    /// Hanako and Wang Fang searchable as version 12 kept them (by "first last" and each name only),
    /// and Grace.
    static func versionTwelveRecords() -> [FriendRecord] {
        var hanako = FriendRecord(newFriend: .sample("花子", "山田")), fang = FriendRecord(newFriend: .sample("芳", "王"))
        hanako.search.extra = ""
        fang.search.extra = ""
        return [hanako, fang, FriendRecord(newFriend: .sample("Grace", "Hopper"))]
    }

    static func check(_ store: some FriendStore) async throws {
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        for (typed, shown) in [("山田", "山田花子"), ("山田花", "山田花子"), ("山田花子", "山田花子"), ("花子", "山田花子"),
                               ("花子 山田", "山田花子"), ("王芳", "王芳"), ("芳", "王芳"), ("Grace", "Grace Hopper")] {
            let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch(typed)))
            #expect(found.map(\.friend.displayName) == [shown], "\(typed)")
        }
        let versions = Dictionary(uniqueKeysWithValues: try await store.all().map { ($0.friend.lastname, $0.version) })
        #expect(versions == ["山田": 2, "王": 2, "Hopper": 1])
    }
}

/// What version 14 does, on SQLite and PostgreSQL: an address with every field empty (Apple's
/// blank work address), which version 13 showed, is no address; only such friends change.
enum BlankAddressMigrationCheck {
    static let apple = """
        BEGIN:VCARD
        VERSION:3.0
        N:Lovelace;Ada;;;
        FN:Ada Lovelace
        item1.ADR;type=HOME;type=pref:;;1 First St;Bath;;;UK
        item2.ADR;type=WORK:;;;;;;
        UID:0B2A5C1E-1111-4A8B-9C3D-000000000003
        END:VCARD
        """

    /// Ada with her blank work address, as version 13 showed her, and Grace.
    static func versionThirteenRecords() throws -> [FriendRecord] {
        var ada = FriendRecord(card: try VCardParser.parse(Array(apple.replacingOccurrences(of: "\n", with: "\r\n").utf8)))
        ada.friend.addresses.append(PostalAddress(label: "work", street: "", city: "", region: "", postcode: "", country: ""))
        ada.details = FriendDetails(ada.friend).encoded
        return [ada, FriendRecord(newFriend: .sample("Grace", "Hopper"))]
    }

    static func check(_ store: some FriendStore) async throws {
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        let friends = Dictionary(uniqueKeysWithValues: try await store.all().map { ($0.friend.lastname, $0) })
        let ada = try #require(friends["Lovelace"])
        #expect(ada.friend.addresses.map(\.street) == ["1 First St"])
        #expect([ada.version, friends["Hopper"]?.version] == [2, 1])
    }
}

/// What a version that reads the cards again for the text searched anywhere does, on SQLite and
/// PostgreSQL: a friend the version before found only by the whole name (`firstname`) is found by
/// `typed` too; only such friends change.
struct SearchedAnywhereMigrationCheck {
    let firstname: String
    let typed: String

    /// Version 15: a name that starts with a symbol is found from its first letter on.
    static let symbolName = SearchedAnywhereMigrationCheck(firstname: "❤️ Mom", typed: "Mom")
    /// Version 16: a Chinese, Japanese or Korean name written whole in one field is found by its given name.
    static let oneFieldEastAsianName = SearchedAnywhereMigrationCheck(firstname: "李小龙", typed: "小龙")
    /// Version 17: a name of several words is found by a later word.
    static let severalWords = SearchedAnywhereMigrationCheck(firstname: "Gabriel García Márquez", typed: "Marquez")

    /// The friend as the version before kept it (nothing searched anywhere), and Grace.
    func recordsBefore() -> [FriendRecord] {
        var named = FriendRecord(newFriend: .sample(firstname, ""))
        named.search.extra = ""
        return [named, FriendRecord(newFriend: .sample("Grace", "Hopper"))]
    }

    func check(_ store: some FriendStore) async throws {
        #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        let found = try await store.list(FriendListRequest(limit: 10, search: FriendSearch(typed)))
        #expect(found.map(\.friend.firstname) == [firstname])
        let versions = Dictionary(uniqueKeysWithValues: try await store.all().map { ($0.friend.firstname, $0.version) })
        #expect(versions == [firstname: 2, "Grace": 1])
    }
}
