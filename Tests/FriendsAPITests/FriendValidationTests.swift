import FriendsAPI
import Testing

struct FriendValidationTests {
    private func friend(
        firstname: String = "Ada", lastname: String = "Lovelace",
        phonenumber: String = "", email: String = "", about: String = ""
    ) -> NewFriend {
        NewFriend(firstname: firstname, lastname: lastname, phonenumber: phonenumber, email: email, about: about)
    }

    @Test func aCompleteFriendIsValid() {
        let valid = friend(phonenumber: "+358 (40) 123-45.67", email: "ada@example.com", about: "Counts.\nAnd writes.")
        #expect(FriendValidation.failures(of: valid) == [:])
        #expect(FriendValidation.isValid(valid))
    }

    @Test(arguments: ["José", "Ødegaard", "李", "Zoë", "O'Brien", "de la Cruz", "Anne-Marie", "محمد", "Ελένη", "👩‍💻"])
    func internationalNamesAreAccepted(name: String) {
        #expect(FriendValidation.failures(of: friend(firstname: name, lastname: name)) == [:])
    }

    @Test func everyFailedFieldIsNamedAtOnce() {
        let failures = FriendValidation.failures(of: friend(
            firstname: "  ", lastname: String(repeating: "x", count: 101),
            phonenumber: "12", email: "nope", about: String(repeating: "a", count: 2_001)
        ))
        #expect(failures == [
            "firstname": "First name is required.",
            "lastname": "Last name must be at most 100 characters.",
            "phonenumber": "Phone number must be empty or 3 to 20 digits, optionally starting with +, with spaces, dashes, dots or parentheses between.",
            "email": "Email must be empty or an address like name@example.com.",
            "about": "About must be at most 2,000 characters.",
        ])
    }

    @Test func namesAreJudgedTrimmedAndCountedInCharacters() {
        #expect(FriendValidation.message(for: .firstname, value: "  Ada  ") == nil)
        #expect(FriendValidation.message(for: .firstname, value: String(repeating: "李", count: 100)) == nil)
        #expect(FriendValidation.message(for: .firstname, value: String(repeating: "李", count: 101)) != nil)
    }

    @Test(arguments: ["Ada\u{0}", "A\u{7}da", "A\nda", "A\u{202E}da", "A\u{2028}da"])
    func controlCharactersInNamesAreRejected(name: String) {
        #expect(FriendValidation.message(for: .lastname, value: name) == "Last name must not contain control characters.")
    }

    @Test(arguments: ["", "123", "+358401234567", "040 123 4567", "(040) 123-4567", "040.123.4567", "12345678901234567890"])
    func plausiblePhoneNumbersAreAccepted(phone: String) {
        #expect(FriendValidation.message(for: .phonenumber, value: phone) == nil)
    }

    @Test(arguments: ["12", "+", "abc", "123456789012345678901", "040--", "++358 40", "1 2 x", "(040 123", "040) 123(", "١٢٣٤"])
    func implausiblePhoneNumbersAreRejected(phone: String) {
        #expect(FriendValidation.message(for: .phonenumber, value: phone) != nil)
    }

    @Test(arguments: ["", "ada@example.com", "a.b+c@mail.example.org"])
    func plausibleEmailsAreAccepted(email: String) {
        #expect(FriendValidation.message(for: .email, value: email) == nil)
    }

    @Test(arguments: ["ada", "@example.com", "ada@", "ada@example", "a b@example.com", "ada@@example.com", "ada@.com"])
    func implausibleEmailsAreRejected(email: String) {
        #expect(FriendValidation.message(for: .email, value: email) != nil)
    }

    @Test func aboutKeepsLineBreaksButNotOtherControls() {
        #expect(FriendValidation.message(for: .about, value: "line\r\nline\tend") == nil)
        #expect(FriendValidation.message(for: .about, value: "bell\u{7}") == "About must not contain control characters.")
    }

    @Test func anUpdateIsJudgedOnlyOnTheFieldsItHas() {
        #expect(FriendValidation.failures(of: FriendUpdate(phonenumber: "555-1234")) == [:])
        #expect(FriendValidation.failures(of: FriendUpdate()) == [:])
        #expect(FriendValidation.failures(of: FriendUpdate(firstname: "", email: "x")) == [
            "firstname": "First name is required.",
            "email": "Email must be empty or an address like name@example.com.",
        ])
    }
}
