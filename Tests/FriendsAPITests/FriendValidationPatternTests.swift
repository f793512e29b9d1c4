import Foundation
import FriendsAPI
import Testing

/// The OpenAPI document states the rules as `maxLength` + `pattern`; the server judges with
/// `FriendValidation`. They must give the same answer for every value.
struct FriendValidationPatternTests {
    static let samples: [String] = [
        "", " ", "\t", "\n", "Ada", "  Ada  ", "Ada\n", "\nAda", "A\nda", "Ada\u{0}", "A\u{7}da", "A\u{202E}da",
        "A\u{2028}da", "Ada\u{2028}", "\u{3000}李\u{3000}", "Zoë", "e\u{301}", "👩‍💻", "\u{85}", "Ada\u{85}", "A\u{85}da",
        "\u{B}Ada", "A\u{B}da", "de la Cruz", "O'Brien", "\u{A0}", "Ada\u{200B}", "\u{200B}",
        "\u{FEFF}Ada\u{200B}", "\u{200B}\u{2060}", "A\u{200D}da", "👩\u{200D}💻 Ada", "\u{180E}",
        "Ada\u{FFFF}", "A\u{FFFE}da", "\u{FFFE}", "A\u{FFFD}da", "\u{FFEF}", "a@b\u{FFFF}.c", "12\u{FFFE}3",
        "123", "12", "+358401234567", "040 123 4567", "040-123.4567", "+ 123", "++358", "040--123", "040--", " 050 123 ",
        "12345678901234567890", "123456789012345678901", "1 2 3", "(040) 123", "١٢٣", "0501234567\n",
        "ada@example.com", " ada@example.com ", "ada@example", "@example.com", "ada@", "a b@example.com",
        "ada@@example.com", "ada@.com", "ada@-x.com", "ada@x-.com", "ada@x-y.com", "a@b.c", "a@b..c", "a\u{301}@b.c",
        "-@x.y", "ada@e\u{301}.com", "ada@example.com\u{7}",
        String(repeating: "a", count: 100), String(repeating: "a", count: 101), " " + String(repeating: "a", count: 100),
        String(repeating: "e\u{301}", count: 50), String(repeating: "e\u{301}", count: 51),
        "line\r\nline\tend", "bell\u{7}", String(repeating: "a", count: 2_000), String(repeating: "a", count: 2_001),
        String(repeating: "x", count: 250) + "@b.co", String(repeating: "x", count: 249) + "@b.co",
        "*155*181#", "+1 555 0100 ext. 12", "1-800-FLOWERS", "ext.", String(repeating: "1", count: 41),
        "1815-12-10", "--12-10", " --12-10 ", "1815-13-10", "1815-12-32", "--1210", "2000-02-29", "1815-1-10",
        "0325-11-31", "2023-02-30", "2023-02-29", "2024-02-29", "1900-02-29", "1600-02-29", "0004-02-29", "0000-02-29",
        "--02-29", "--02-30", "1815-04-30", "1815-04-31", "1815-02-28", "1815-00-10", "1815-12-00", "2100-02-29",
        String(repeating: " ", count: 40) + "1815-12-10", String(repeating: "a", count: 200), String(repeating: "a", count: 201),
    ]

    static let rules: [(FriendField, String, Int)] = [
        (.firstname, FriendValidation.Pattern.name, FriendValidation.maximumNameLength),
        (.lastname, FriendValidation.Pattern.name, FriendValidation.maximumNameLength),
        (.email, FriendValidation.Pattern.email, FriendValidation.maximumEmailLength),
        (.about, FriendValidation.Pattern.about, FriendValidation.maximumAboutLength),
        (.phonenumber, FriendValidation.Pattern.phoneNumber, FriendValidation.maximumPhoneNumberLength),
        (.organization, FriendValidation.Pattern.name, FriendValidation.maximumOrganizationLength),
        (.birthday, FriendValidation.Pattern.birthday, FriendValidation.maximumBirthdayLength),
    ]

    static func schemaAccepts(_ value: String, pattern: String, maximumLength: Int) throws -> Bool {
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(value.startIndex..., in: value)
        return value.unicodeScalars.count <= maximumLength && expression.firstMatch(in: value, range: range) != nil
    }

    @Test(arguments: FriendField.allCases)
    func theSchemaAndTheServerAgree(field: FriendField) throws {
        let (_, pattern, maximumLength) = try #require(Self.rules.first { $0.0 == field })
        for value in Self.samples {
            let schema = try Self.schemaAccepts(value, pattern: pattern, maximumLength: maximumLength)
            let server = FriendValidation.message(for: field, value: value) == nil
            if field == .phonenumber {
                // The pattern is the common form: everything it allows the server accepts.
                #expect(!schema || server, "\(field) \(value.debugDescription)")
            } else {
                #expect(schema == server, "\(field) \(value.debugDescription): schema \(schema), server \(server)")
            }
        }
    }

    /// A name copied from a web page often brings invisible characters at its ends; alone they
    /// are no name at all, and a blank-looking row would show.
    @Test func invisibleCharactersAroundAValueAreTrimmedLikeWhiteSpace() {
        #expect(FriendValidation.trim("\u{FEFF}\u{200B}Ada Lovelace\u{2060} ") == "Ada Lovelace")
        #expect(FriendValidation.trim("👩\u{200D}💻") == "👩\u{200D}💻", "a joiner inside stays")
        #expect(FriendValidation.failures(of: NewFriend(firstname: "\u{200B}", lastname: "\u{FEFF}")) == FriendValidation.nameMissingFailures)
        #expect(FriendValidation.failures(of: NewFriend(firstname: "\u{200B}Ada", lastname: "")).isEmpty)
    }

    /// XML cannot carry them: a friend holding one would be two cards over CardDAV.
    @Test func noFieldHoldsUFFFEOrUFFFF() {
        for field in FriendField.allCases where field != .birthday {
            let valid = field == .email ? "ada@example.com" : "1 Ada"
            #expect(FriendValidation.message(for: field, value: valid) == nil, "\(field)")
            #expect(FriendValidation.message(for: field, value: "\u{FFFF}" + valid) != nil, "\(field)")
            #expect(FriendValidation.message(for: field, value: valid.replacingOccurrences(of: "a", with: "a\u{FFFE}")) != nil, "\(field)")
        }
        #expect(FriendValidation.message(for: .firstname, value: "A\u{FFFD}da") == nil, "the replacement character is a character")
    }

    @Test func lengthsCountCodePointsAsSent() {
        #expect(FriendValidation.message(for: .firstname, value: String(repeating: "e\u{301}", count: 50)) == nil)
        #expect(FriendValidation.message(for: .firstname, value: String(repeating: "e\u{301}", count: 51)) == "First name must be at most 100 characters.")
        #expect(FriendValidation.message(for: .about, value: String(repeating: "a", count: 2_001)) != nil)
    }
}
