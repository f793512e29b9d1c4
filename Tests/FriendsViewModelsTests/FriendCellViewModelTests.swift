import FriendsAPI
import Testing
import FriendsViewModels

@Suite struct FriendCellViewModelTests {
    @Test func showsTheFullNamePhoneAndInitials() {
        let cell = FriendCellViewModel(friend: Fixtures.charles)

        #expect(cell.fullName == "Charles Babbage")
        #expect(cell.phonenumberText == "+44 20 7946 0000")
        #expect(cell.initials == "CB")
    }

    @Test func namesInAnyScriptGiveInitials() {
        let cell = FriendCellViewModel(friend: Friend(id: 4, firstname: "øystein", lastname: "李"))

        #expect(cell.fullName == "øystein 李")
        #expect(cell.phonenumberText == "")
        #expect(cell.initials == "Ø李")
    }

    // Initials are each name's first character, upper-cased, in any script; pinned byte for byte.

    @Test(arguments: [
        ("ada", "lovelace", "AL"),
        ("Ada", "", "A"),
        ("", "lovelace", "L"),
        ("", "", ""),
        ("a", "b", "AB"),
        ("1st", "o'Brien", "1O"),
        ("émile", "zola", "ÉZ"),
        ("e\u{301}mile", "zola", "E\u{301}Z"),
        ("zoe\u{308}", "a\u{300}b", "ZA\u{300}"),
        ("ßen", "ß", "SSSS"),
        ("Núñez", "Ødegaard", "NØ"),
        ("明", "李", "李明"),
        ("小龍", "李", "李小"),
        ("Yuki", "王", "Y王"),
        ("👩‍👩‍👧 family", "😀", "👩‍👩‍👧😀"),
        ("a\u{200D}b", "c\u{FE0F}", "A\u{200D}C\u{FE0F}"),
        ("\r\nx", "\ry", "\r\n\r"),
    ])
    func initials(first: String, last: String, expected: String) {
        let initials = FriendCellViewModel(friend: Friend(id: 1, firstname: first, lastname: last)).initials

        #expect(Array(initials.utf8) == Array(expected.utf8))
    }

    @Test(arguments: [
        ("Ada", "Lovelace", "Ada Lovelace"),
        ("Ada", "", "Ada"),
        ("", "Lovelace", "Lovelace"),
        ("", "", ""),
        ("Barbara", "Berners-Lee", "Barbara Berners-Lee"),
        ("José", "Núñez", "José Núñez"),
        ("e\u{301}", "\u{301}", "e\u{301} \u{301}"),
        // Chinese, Japanese and Korean names: the family name first, without a space.
        ("明", "李", "李明"),
        ("小龍", "李", "李小龍"),
        ("花子", "山田", "山田花子"),
        ("ハナコ", "ヤマダ", "ヤマダハナコ"),
        ("민준", "김", "김민준"),
        ("花子", "佐々木", "佐々木花子"),
        ("ﾊﾅｺ", "ﾔﾏﾀﾞ", "ﾔﾏﾀﾞﾊﾅｺ"),
        ("Yuki", "王", "Yuki 王"),
        ("小龍", "", "小龍"),
        ("👩‍👩‍👧", "😀", "👩‍👩‍👧 😀"),
    ])
    func fullName(first: String, last: String, expected: String) {
        let fullName = FriendCellViewModel(friend: Friend(id: 1, firstname: first, lastname: last)).fullName

        #expect(Array(fullName.utf8) == Array(expected.utf8))
    }

    @Test func theCellCarriesTheFriendsIdForTheViewToNameItBy() {
        #expect(FriendCellViewModel(friend: Fixtures.grace).id == Fixtures.grace.id)
    }
}
