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

    // The cell takes shortcuts for ASCII initials and builds the full name byte by byte
    // (see BENCHMARKS.md); these pin both, byte for byte, to the plain Unicode-aware rules.

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
        ("明", "李", "明李"),
        ("👩‍👩‍👧 family", "😀", "👩‍👩‍👧😀"),
        ("a\u{200D}b", "c\u{FE0F}", "A\u{200D}C\u{FE0F}"),
        ("\r\nx", "\ry", "\r\n\r"),
    ])
    func initials(first: String, last: String, expected: String) {
        let initials = FriendCellViewModel(friend: Friend(id: 1, firstname: first, lastname: last)).initials

        #expect(Array(initials.utf8) == Array(expected.utf8))
        #expect(Array(initials.utf8) == Array(unicodeInitials(first, last).utf8))
    }

    /// Every ASCII character followed by every scalar up to U+036F (past the first combining marks)
    /// and a few that join the one before them: the exact bytes where the shortcut must give up.
    @Test func initialsOfEveryASCIICharacterAgreeWithUnicode() {
        let followers = Array(0...0x36F) + [0x200D, 0xFE0F, 0x1F3FB, 0x1F1E6]
        let scalars = followers.compactMap { Unicode.Scalar(UInt32($0)) }.map(String.init)
        var mismatches: [String] = []
        for byte in UInt8(0)...0x7F {
            let ascii = String(Unicode.Scalar(byte))
            for name in [ascii] + scalars.map({ ascii + $0 }) {
                let cell = FriendCellViewModel(friend: Friend(id: 1, firstname: name, lastname: name))
                if Array(cell.initials.utf8) != Array(unicodeInitials(name, name).utf8) {
                    mismatches.append(name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                }
            }
        }
        #expect(mismatches == [])
    }

    @Test(arguments: [
        ("Ada", "Lovelace"),
        ("Ada", ""),
        ("", "Lovelace"),
        ("", ""),
        ("Abcdefg", "Hijklmn"),  // 15 bytes, the most Swift keeps inline
        ("Abcdefg", "Hijklmno"),  // 16
        ("Barbara", "Berners-Lee"),
        ("José", "Núñez"),
        ("Søren", "Kierkegaard-Ødegaard"),
        ("e\u{301}", "\u{301}"),
        ("明", "李"),
        ("👩‍👩‍👧", "😀"),
    ])
    func fullName(first: String, last: String) {
        let fullName = FriendCellViewModel(friend: Friend(id: 1, firstname: first, lastname: last)).fullName
        let expected = [first, last].filter { !$0.isEmpty }.joined(separator: " ")

        #expect(Array(fullName.utf8) == Array(expected.utf8))
    }
}

/// The initials by the plain rules: each name's first `Character`, upper-cased.
private func unicodeInitials(_ first: String, _ last: String) -> String {
    (first.first?.uppercased() ?? "") + (last.first?.uppercased() ?? "")
}
