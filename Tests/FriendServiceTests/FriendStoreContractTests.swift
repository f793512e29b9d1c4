import Foundation
import FriendsAPI
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// The behaviour every `FriendStore` promises, run against memory, SQLite and (when configured) PostgreSQL.
struct FriendStoreContractTests {
    @Test(arguments: StoreKind.available)
    func migratingIsRepeatableAndReachesTheCurrentVersion(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.migrate()
            try await store.migrate()
            #expect(try await store.schemaVersion() == FriendSchema.currentVersion)
        }
    }

    @Test(arguments: StoreKind.available)
    func createdFriendsGetNewIdsAndReadBackExactly(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let ada = try await store.create(NewFriend(
                firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0000",
                email: "ada@example.com", about: "Wrote \"the first program\".\nCounted.")
            )
            let li = try await store.create(.sample("李", "王 👩‍💻"))
            #expect(ada.version == 1)
            #expect(li.friend.id > ada.friend.id)
            #expect(try await store.friend(id: ada.friend.id) == ada)
            #expect(try await store.friend(id: li.friend.id)?.friend.lastname == "王 👩‍💻")
            #expect(try await store.friend(id: li.friend.id + 1000) == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func updatesChangeOnlyThePresentFieldsAndBumpTheVersion(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let created = try await store.create(.sample("Ada", "Lovelace", phone: "050"))
            let id = created.friend.id
            let updated = try await store.update(id: id, with: FriendUpdate(lastname: "King"), if: .oneOf([1]))
            #expect(updated.friend.fields == NewFriend(firstname: "Ada", lastname: "King", phonenumber: "050"))
            #expect(updated.friend.phones == [LabeledValue(label: "mobile", value: "050")])
            #expect(updated.friend.uid == created.friend.uid)
            #expect(updated.version == 2)
            #expect(try await store.friend(id: id) == updated)

            let unchanged = try await store.update(id: id, with: FriendUpdate(lastname: "King"), if: .any)
            #expect(unchanged.version == 2)
        }
    }

    @Test(arguments: StoreKind.available)
    func staleAndMissingUpdatesChangeNothing(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let created = try await store.create(.sample("Ada", "Lovelace"))
            let id = created.friend.id
            await #expect(throws: FriendStoreError.preconditionFailed(id: id, currentVersion: 1)) {
                try await store.update(id: id, with: FriendUpdate(firstname: "Eve"), if: .oneOf([7]))
            }
            await #expect(throws: FriendStoreError.notFound(id: id + 1)) {
                try await store.update(id: id + 1, with: FriendUpdate(firstname: "Eve"), if: .any)
            }
            #expect(try await store.friend(id: id) == created)
        }
    }

    @Test(arguments: StoreKind.available)
    func deletingRemovesOnlyWhenTheVersionMatches(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let created = try await store.create(.sample("Ada", "Lovelace"))
            let id = created.friend.id
            await #expect(throws: FriendStoreError.preconditionFailed(id: id, currentVersion: 1)) {
                try await store.delete(id: id, if: .oneOf([2]))
            }
            #expect(try await store.friend(id: id) == created)
            #expect(try await store.delete(id: id, if: .oneOf([1])) == created)
            #expect(try await store.friend(id: id) == nil)
            await #expect(throws: FriendStoreError.notFound(id: id)) {
                try await store.delete(id: id, if: .any)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func everyFriendForTheOriginalClientHasItsFiveFieldsAndVersion(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let ada = try await store.create(NewFriend(
                firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com",
                about: "Analyst", organization: "Analytical Engines"
            ))
            let all = try await store.allWithSeedFieldsOnly()
            #expect(all.map(\.friend.id) == [ada.friend.id])
            let seedFields = { (friend: Friend) in [friend.firstname, friend.lastname, friend.phonenumber, friend.email, friend.about] }
            #expect(all.map { seedFields($0.friend) } == [seedFields(ada.friend)])
            #expect(all.map(\.version) == [ada.version])
        }
    }

    @Test(arguments: StoreKind.available)
    func theListIsSortedByFoldedLastNameFirstNameAndId(kind: StoreKind) async throws {
        try await kind.withStore { store in
            for fields in [
                NewFriend.sample("Zed", "Østergaard"), .sample("bob", "de la Cruz"), .sample("Ann", "Émile"),
                .sample("ann", "emile"), .sample("Carl", "Adams"), .sample("Álvaro", "adams"), .sample("李", "王"),
            ] {
                _ = try await store.create(fields)
            }
            let names = try await store.all().map { "\($0.friend.firstname) \($0.friend.lastname)" }
            #expect(names == ["Álvaro adams", "Carl Adams", "bob de la Cruz", "Ann Émile", "ann emile", "Zed Østergaard", "李 王"])
            let page = try await store.list(FriendListRequest(limit: 100))
            #expect(page.map { "\($0.friend.firstname) \($0.friend.lastname)" } == names)
        }
    }

    @Test(arguments: StoreKind.available)
    func pagesFollowEachOtherWithoutGapsOrRepeats(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.insert((0..<23).map { NewFriend.sample("F\($0 % 4)", "Same") })
            var seen: [Int] = []
            var after: FriendSortKey?
            repeat {
                let page = try await store.list(FriendListRequest(limit: 5, after: after))
                seen += page.map(\.friend.id)
                after = page.count == 5 ? page.last.map { FriendSortKey($0.friend) } : nil
            } while after != nil
            #expect(seen == (try await store.all()).map(\.friend.id))
            #expect(Set(seen).count == 23)
        }
    }

    @Test(arguments: StoreKind.available)
    func searchMatchesNamePrefixesAndPhoneDigitsIgnoringCaseAndAccents(kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.create(.sample("José", "García", phone: "+34 600-111-222"))
            _ = try await store.create(.sample("Ada", "Lovelace", phone: "050 123 4567"))
            _ = try await store.create(.sample("Grace", "Hopper", phone: "(040) 600 1234"))
            func search(_ text: String) async throws -> [String] {
                let request = FriendListRequest(limit: 10, search: FriendSearch(text))
                return try await store.list(request).map(\.friend.firstname)
            }
            #expect(try await search("jose") == ["José"])
            #expect(try await search("GARC") == ["José"])
            #expect(try await search("ada lov") == ["Ada"])
            #expect(try await search("hop") == ["Grace"])
            #expect(try await search("050 12") == ["Ada"])
            #expect(try await search("040600") == ["Grace"])
            #expect(try await search("+346") == ["José"])
            #expect(try await search("600") == ["José", "Grace"])
            #expect(try await search("love lace").isEmpty)
            #expect(try await search("xyz").isEmpty)
        }
    }

    /// Japanese names are often written with a space between family and given name, with an
    /// ideographic one too; the list shows them as one word.
    @Test(arguments: StoreKind.available)
    func anEastAsianNameIsFoundAsShownWhetherTypedWithASpaceOrNot(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let hanako = try await store.create(.sample("花子", "山田")).friend.id
            _ = try await store.create(.sample("芳", "王"))
            _ = try await store.create(.sample("Hana", "Yamada"))
            for typed in ["山田花子", "山田 花子", "山田\u{3000}花子", "山田  花", "花子 山田"] {
                try await Self.expect(store, toFind: hanako, by: typed)
            }
            for typed in ["王 花子", "山田 Hana", "yamada 花子"] {
                #expect(try await store.count(matching: FriendSearch(typed), atMost: nil) == 0, "\(typed)")
            }
            // An organization keeps its spaces, and is found as written (Korean separates words so).
            let kepco = try await store.create(NewFriend(firstname: "Min", lastname: "Kim", organization: "한국 전력 공사")).friend.id
            for typed in ["한국 전력 공사", "전력 공사"] {
                try await Self.expect(store, toFind: kepco, by: typed)
            }
        }
    }

    /// A Chinese, Japanese or Korean name written whole in one field (Android's `N:;王小明;;;`, a
    /// name typed into the first name alone) is found by its given name, as one in two fields is.
    @Test(arguments: StoreKind.available)
    func anEastAsianNameInOneFieldIsFoundByItsGivenName(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let bruce = try await store.create(.sample("李小龙", "")).friend.id
            let jay = try await store.create(.sample("", "周杰伦")).friend.id
            let minjun = try await store.create(.sample("김민준", "")).friend.id
            _ = try await store.create(.sample("小", "Long"))
            for (typed, id) in [("小龙", bruce), ("李小龙", bruce), ("杰伦", jay), ("민준", minjun)] {
                try await Self.expect(store, toFind: id, by: typed)
            }
        }
    }

    /// A double-barrelled or two-part surname, a middle name, a name with a particle: each is
    /// found by a later word (from three letters on, as text anywhere is), accents or not.
    @Test(arguments: StoreKind.available)
    func aNameOfSeveralWordsIsFoundByALaterWord(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let anna = try await store.create(.sample("Anna", "Smith-Jones")).friend.id
            let gabriel = try await store.create(.sample("Gabriel", "García Márquez")).friend.id
            let john = try await store.create(.sample("John Ronald", "Doe")).friend.id
            let vincent = try await store.create(.sample("Vincent", "van Gogh")).friend.id
            _ = try await store.create(.sample("Jon", "Smith"))
            for (typed, id) in [("jones", anna), ("Márquez", gabriel), ("marquez", gabriel), ("ronald", john), ("Gogh", vincent)] {
                try await Self.expect(store, toFind: id, by: typed)
            }
            #expect(try await store.list(FriendListRequest(limit: 10, search: FriendSearch("go"))).isEmpty, "two letters: only a name's start")
        }
    }

    /// Names that start with a symbol ("❤️ Mom", people's own emoji) are found from their first
    /// letter on, as typed with the symbol too, and still sort by it.
    @Test(arguments: StoreKind.available)
    func aNameThatStartsWithASymbolIsFoundFromItsFirstLetter(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let mom = try await store.create(.sample("❤️ Mom", "")).friend.id
            let party = try await store.create(.sample("Ada", "🎉Party")).friend.id
            let office = try await store.create(.sample("(Work) Bob", "Smith")).friend.id
            _ = try await store.create(.sample("Momo", "Party"))
            for (typed, ids) in [("mom", [mom]), ("❤️ m", [mom]), ("party", [party]), ("arty", [party]), ("🎉pa", [party]), ("work", [office])] {
                let search = FriendSearch(typed)
                let found = try await store.list(FriendListRequest(limit: 10, search: search)).map(\.friend.id)
                #expect(found.filter { [mom, party, office].contains($0) } == ids, "\(typed)")
                #expect(try await store.cards(matching: search, afterID: 0, limit: 10).map(\.id).filter { [mom, party, office].contains($0) } == ids, "\(typed)")
            }
            #expect(try await store.count(matching: FriendSearch("mom"), atMost: nil) == 2)
            // Under the symbol, as contact apps sort such names ("#"), not under "M".
            let all = try await store.list(FriendListRequest(limit: 10)).map(\.friend.id)
            #expect(all.firstIndex(of: office)! < all.firstIndex(of: mom)!)
        }
    }

    /// A zero-width non-joiner is part of many Persian names (علی‌رضا); a zero-width joiner binds
    /// an emoji family into one character.
    @Test(arguments: StoreKind.available)
    func textWithZeroWidthJoinersIsFoundLikeAnyOther(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let alireza = try await store.create(.sample("علی‌رضا", "Karimi")).friend.id
            let family = try await store.create(NewFriend(firstname: "Kim", lastname: "Lee", organization: "👨‍👩‍👧‍👦 Club")).friend.id
            for (typed, id) in [("علی‌رضا", alireza), ("علی‌ر", alireza), ("👨‍👩‍👧‍👦 c", family), ("👨‍👩‍👧‍👦 club", family)] {
                let search = FriendSearch(typed)
                #expect(try await store.list(FriendListRequest(limit: 10, search: search)).map(\.friend.id) == [id], "\(typed)")
                #expect(try await store.count(matching: search, atMost: nil) == 1, "\(typed)")
            }
        }
    }

    /// `%`, `_` and `\\` in a search are the characters themselves, not patterns, in the list, its
    /// count and export alike.
    @Test(arguments: StoreKind.available)
    func patternCharactersInASearchAreTakenLiterally(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let pure = try await store.create(NewFriend(firstname: "Ann", lastname: "Lee", organization: "100% Pure_Co")).friend.id
            let slash = try await store.create(NewFriend(firstname: "Bo", lastname: "Wu", organization: "A\\B Labs")).friend.id
            _ = try await store.create(NewFriend(firstname: "Cy", lastname: "Ng", organization: "1000 Pure Co"))
            for (typed, ids) in [("0% p", [pure]), ("e_c", [pure]), ("a\\b", [slash]), ("00%", [pure])] {
                let search = FriendSearch(typed)
                #expect(try await store.list(FriendListRequest(limit: 10, search: search)).map(\.friend.id) == ids, "\(typed)")
                #expect(try await store.count(matching: search, atMost: nil) == ids.count, "\(typed)")
                #expect(try await store.cards(matching: search, afterID: 0, limit: 10).map(\.id) == ids, "\(typed)")
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func searchFindsLettersTypedWithoutTheirMarks(kind: StoreKind) async throws {
        try await kind.withStore { store in
            for fields in [
                NewFriend.sample("Martin", "Ødegaard"), .sample("Łukasz", "Nowak"), .sample("Johann", "Strauß"),
                .sample("Ærø", "Island"), .sample("Đorđe", "Balašević"), .sample("Þór", "Ðórsson"), .sample("Œdipe", "Roi"),
                .sample("Søren", "Kierkegaard"),
            ] {
                _ = try await store.create(fields)
            }
            func search(_ text: String) async throws -> [String] {
                try await store.list(FriendListRequest(limit: 10, search: FriendSearch(text))).map(\.friend.firstname)
            }
            #expect(try await search("odegaard") == ["Martin"])
            #expect(try await search("ØDEGAARD") == ["Martin"])
            #expect(try await search("lukasz") == ["Łukasz"])
            #expect(try await search("strauss") == ["Johann"])
            #expect(try await search("aero") == ["Ærø"])
            #expect(try await search("dorde balasevic") == ["Đorđe"])
            #expect(try await search("thor dorsson") == ["Þór"])
            #expect(try await search("oedipe") == ["Œdipe"])
            #expect(try await search("soren k") == ["Søren"])
            // The list is ordered by the same folding: Ødegaard sorts with the o's.
            #expect(try await store.all().map(\.friend.lastname)
                == ["Balašević", "Ðórsson", "Island", "Kierkegaard", "Nowak", "Ødegaard", "Roi", "Strauß"])
        }
    }

    @Test(arguments: StoreKind.available)
    func phoneSearchFindsDigitsAnywhereInTheNumber(kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.create(.sample("Ana", "Ruiz", phone: "+34 612 345 678"))
            _ = try await store.create(.sample("Bo", "Berg", phone: "070-161 2000"))
            _ = try await store.create(.sample("Cy", "Cole", phone: "(555) 010-9999"))
            func search(_ text: String) async throws -> [String] {
                try await store.list(FriendListRequest(limit: 10, search: FriendSearch(text))).map(\.friend.firstname)
            }
            #expect(try await search("612") == ["Bo", "Ana"])
            #expect(try await search("612 345") == ["Ana"])
            #expect(try await search("345-678") == ["Ana"])
            #expect(try await search("99") == ["Cy"])
            #expect(try await search("9") == ["Cy"])
            #expect(try await search("1612") == ["Bo"])
            #expect(try await search("+34 612") == ["Ana"])
            #expect(try await search("6124").isEmpty)

            let first = try await store.list(FriendListRequest(limit: 1, search: FriendSearch("612")))
            let next = try await store.list(FriendListRequest(limit: 1, after: FriendSortKey(try #require(first.first).friend), search: FriendSearch("612")))
            #expect((first + next).map(\.friend.firstname) == ["Bo", "Ana"])
        }
    }

    /// Every number of a friend finds it, the preferred one or not; digits never run from one
    /// number into the next.
    @Test(arguments: StoreKind.available)
    func phoneSearchFindsAFriendByAnyOfItsNumbers(kind: StoreKind) async throws {
        try await kind.withStore { store in
            _ = try await store.create(NewFriend(firstname: "Ana", lastname: "Ruiz", phones: [
                LabeledValue(label: "mobile", value: "+34 612 345 678"), LabeledValue(label: "work", value: "070-161 2000"),
            ]))
            _ = try await store.create(.sample("Cy", "Cole", phone: "(555) 010-9999"))
            func search(_ text: String) async throws -> [String] {
                try await store.list(FriendListRequest(limit: 10, search: FriendSearch(text))).map(\.friend.firstname)
            }
            #expect(try await search("612 345") == ["Ana"])
            #expect(try await search("161 2000") == ["Ana"])
            #expect(try await search("20") == ["Ana"])
            #expect(try await search("6780").isEmpty)
            #expect(try await store.count(matching: FriendSearch("1612000"), atMost: nil) == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func aSearchWithQuotesIsTextNotASearchLanguage(kind: StoreKind) async throws {
        try await kind.withStore { store in
            var quoted = NewFriend.sample("Ada", "Lovelace")
            quoted.organization = #"The "Best" Engines"#
            _ = try await store.create(quoted)
            _ = try await store.create(.sample("Shaun", #"O"Brien"#))
            func search(_ text: String) async throws -> [String] {
                try await store.list(FriendListRequest(limit: 10, search: FriendSearch(text))).map(\.friend.firstname)
            }
            #expect(try await search(#""best""#) == ["Ada"])
            #expect(try await search(#"o"bri"#) == ["Shaun"])
            #expect(try await search(#"a"b"#).isEmpty)
            #expect(try await search(#"""""#).isEmpty)
            #expect(try await store.count(matching: FriendSearch(#"t"b"#), atMost: 10) == 0)
        }
    }

    @Test(arguments: StoreKind.available)
    func searchPagesLikeTheFullList(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.insert((0..<9).map { NewFriend.sample("Ann\($0)", $0 % 2 == 0 ? "Smith" : "Jones") })
            let search = FriendSearch("smi")
            let first = try await store.list(FriendListRequest(limit: 3, search: search))
            let rest = try await store.list(FriendListRequest(limit: 3, after: FriendSortKey(try #require(first.last).friend), search: search))
            #expect((first + rest).map(\.friend.firstname) == ["Ann0", "Ann2", "Ann4", "Ann6", "Ann8"])
        }
    }

    @Test(arguments: StoreKind.available)
    func batchInsertsKeepEveryFriend(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let friends = Array(SampleFriends(count: 1_234))
            try await store.insert(friends)
            let all = try await store.all()
            #expect(all.count == 1_234)
            #expect(Set(all.map(\.friend.seedFields)) == Set(friends))
            #expect(all.allSatisfy { $0.version == 1 })
        }
    }

    @Test(arguments: StoreKind.available)
    func pingAnswers(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.ping()
        }
    }

    /// `typed` finds the friend `id` and no other: in the list, its count and the export alike.
    private static func expect(_ store: any FriendStore, toFind id: Int, by typed: String) async throws {
        let search = FriendSearch(typed)
        #expect(try await store.list(FriendListRequest(limit: 10, search: search)).map(\.friend.id) == [id], "\(typed)")
        #expect(try await store.count(matching: search, atMost: nil) == 1, "\(typed)")
        #expect(try await store.cards(matching: search, afterID: 0, limit: 10).map(\.id) == [id], "\(typed)")
    }
}

/// What every store keeps of a card: its bytes, its UID and its resource name.
struct FriendStoreCardContractTests {
    static let apple = try! VCardParser.parse(Array(VCardRoutesTestsCards.text("apple").utf8))

    /// Another contact: Apple's card with another first name and a `UID` of its own (a card of a
    /// `UID` a friend has is refused).
    static var otherApple: VCard {
        let uid = apple.friend(id: 0).uid
        var card = try! VCardParser.parse(Array(VCardRoutesTestsCards.text("apple").replacingOccurrences(of: "UID:\(uid)", with: "UID:other-\(uid)").utf8))
        card.apply(FriendUpdate(firstname: "Other"), now: Date())
        return card
    }

    @Test(arguments: StoreKind.available)
    func aCardIsKeptByteForByteAndFoundByItsUID(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let created = try await store.create(card: Self.apple, resourceName: "8F3A-12.vcf")
            let card = try #require(try await store.card(id: created.friend.id))
            #expect(card.text == VCardRoutesTestsCards.text("apple"))
            #expect(card.resourceName == "8F3A-12.vcf")
            #expect(card.version == 1)
            #expect(try await store.friend(uid: "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10") == created)
            #expect(try await store.friend(uid: "nobody") == nil)
            #expect(created.friend.phones.count == 3)

            let same = try await store.replace(id: created.friend.id, with: Self.apple, if: .oneOf([1]))
            #expect(same.version == 1)
            var changed = Self.apple
            changed.apply(FriendUpdate(about: "Changed"), now: Date())
            let replaced = try await store.replace(id: created.friend.id, with: changed, if: .any)
            #expect(replaced.version == 2)
            #expect(replaced.friend.about == "Changed")
            #expect(try await store.card(id: created.friend.id)?.resourceName == "8F3A-12.vcf")
        }
    }

    @Test(arguments: StoreKind.available)
    func aFriendIsFoundByTheUIDItHasNow(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let created = try await store.create(card: Self.apple, resourceName: "8F3A-12.vcf")
            let uid = created.friend.uid
            let renamed = try VCardParser.parse(Array(
                VCardRoutesTestsCards.text("apple").replacingOccurrences(of: "UID:\(uid)", with: "UID:another-uid").utf8
            ))
            _ = try await store.replace(id: created.friend.id, with: renamed, if: .any)
            #expect(try await store.friend(uid: uid) == nil)
            #expect(try await store.friend(uid: "another-uid")?.friend.id == created.friend.id)

            let twin = try await store.create(card: Self.apple, resourceName: "twin.vcf")
            #expect(try await store.friend(uid: uid)?.friend.id == twin.friend.id)
            _ = try await store.delete(id: twin.friend.id, if: .any)
            _ = try await store.delete(id: created.friend.id, if: .any)
            #expect(try await store.friend(uid: uid) == nil)
            #expect(try await store.friend(uid: "another-uid") == nil)
        }
    }

    @Test(arguments: StoreKind.available)
    func aResourceNameBelongsToOneCardAndATakenOneWritesNothing(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let first = try await store.create(card: Self.apple, resourceName: "8F3A-12.vcf")
            let sequence = try await store.latestChangeSequence()
            let other = Self.otherApple
            await #expect(throws: FriendStoreError.preconditionFailed(id: first.friend.id, currentVersion: 1)) {
                try await store.create(card: other, resourceName: "8F3A-12.vcf")
            }
            #expect(try await store.all() == [first])
            #expect(try await store.latestChangeSequence() == sequence)
            #expect(try await store.cards(named: ["8F3A-12.vcf"]).map(\.id) == [first.friend.id])

            _ = try await store.delete(id: first.friend.id, if: .any)
            let second = try await store.create(card: other, resourceName: "8F3A-12.vcf")
            #expect(try await store.cards(named: ["8F3A-12.vcf"]).map(\.id) == [second.friend.id])
        }
    }

    /// macOS names files in decomposed form (`e` and a combining accent), most others composed:
    /// two names, as an href's bytes are, though Swift's `==` takes them for one.
    @Test(arguments: StoreKind.available)
    func namesThatDifferOnlyInUnicodeNormalizationAreTwoNames(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let composed = "Zo\u{EB}.vcf", decomposed = "Zoe\u{308}.vcf"
            #expect(composed == decomposed, "as Swift compares them")
            let first = try await store.create(card: Self.apple, resourceName: composed)
            let second = try await store.create(card: Self.otherApple, resourceName: decomposed)
            #expect(try await store.cards(named: [composed]).map(\.id) == [first.friend.id])
            #expect(try await store.cards(named: [decomposed]).map(\.id) == [second.friend.id])
            #expect(try await store.cards(named: [decomposed, composed]).map(\.id) == [first.friend.id, second.friend.id])
        }
    }

    /// Created side by side, so that SQLite writes both in one statement of its group commit.
    @Test(arguments: StoreKind.available)
    func namesAndUIDsThatDifferOnlyInNormalizationStayApartWhenWrittenTogether(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let spellings = ["Zo\u{EB}", "Zoe\u{308}"]
            // The spelling's scalars: a key that tells the two apart, as `String` does not.
            let key = { (spelling: String) in spelling.unicodeScalars.map { String($0.value) }.joined(separator: " ") }
            let created = try await withThrowingTaskGroup(of: (String, StoredFriend).self, returning: [String: StoredFriend].self) { group in
                for spelling in spellings {
                    let card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(spelling)\r\nFN:\(spelling)\r\nN:;\(spelling);;;\r\nEND:VCARD\r\n".utf8))
                    group.addTask { (spelling, try await store.create(card: card, resourceName: spelling + ".vcf")) }
                }
                return try await group.reduce(into: [:]) { byBytes, pair in byBytes[key(pair.0)] = pair.1 }
            }
            #expect(created.count == 2)
            for spelling in spellings {
                let mine = try #require(created[key(spelling)])
                #expect(try await store.cards(named: [spelling + ".vcf"]).map(\.id) == [mine.friend.id], "\(key(spelling))")
                #expect(try await store.friend(uid: spelling)?.friend.id == mine.friend.id)
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func cardsComeInIDOrderABatchAtATime(kind: StoreKind) async throws {
        try await kind.withStore { store in
            var ids: [Int] = []
            for name in ["Ada", "Grace", "Alan", "Edsger", "Barbara"] {
                ids.append(try await store.create(.sample(name, "Doe")).friend.id)
            }
            let first = try await store.cards(matching: nil, afterID: 0, limit: 2)
            let rest = try await store.cards(matching: nil, afterID: try #require(first.last).id, limit: 10)
            #expect((first + rest).map(\.id) == ids)
            let a = try await store.cards(matching: FriendSearch("a"), afterID: 0, limit: 10)
            #expect(a.map(\.id) == [ids[0], ids[2]])
            #expect(try await store.cards(matching: nil, afterID: try #require(ids.last), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreKind.available)
    func cardSummariesComeInIDOrderAPageAtATime(kind: StoreKind) async throws {
        try await kind.withStore { store in
            var ids: [Int] = []
            for name in ["Ada", "Grace", "Alan", "Edsger", "Barbara"] {
                ids.append(try await store.create(.sample(name, "Doe")).friend.id)
            }
            let named = try await store.create(card: Self.apple, resourceName: "8F3A-12.vcf")
            let first = try await store.cardSummaries(afterID: 0, limit: 4)
            let rest = try await store.cardSummaries(afterID: try #require(first.last).id, limit: 4)
            #expect(first.count == 4)
            #expect((first + rest).map(\.id) == ids + [named.friend.id])
            #expect(rest.last == CardSummary(id: named.friend.id, version: 1, resourceName: "8F3A-12.vcf"))
            #expect(try await store.cardSummaries(afterID: named.friend.id, limit: 4).isEmpty)
        }
    }
}

enum VCardRoutesTestsCards {
    static func text(_ name: String) -> String {
        (try? VCardRoutesTests.card(name)) ?? ""
    }
}
