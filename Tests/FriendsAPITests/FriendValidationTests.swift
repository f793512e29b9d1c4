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
            phonenumber: "no digits", email: "nope", about: String(repeating: "a", count: 2_001)
        ))
        #expect(failures == [
            "lastname": "Last name must be at most 100 characters.",
            "phonenumber": "Phone number must be empty or at most 40 characters with at least one digit, without control characters.",
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

    /// Numbers as people keep them in their address books: service codes, extensions, letters.
    @Test(arguments: [
        "", "1", "+358401234567", "040 123 4567", "(040) 123-4567", "040.123.4567", "*155*181#",
        "+1 555 0100 ext. 12", "1-800-FLOWERS", "(040 123", String(repeating: "1", count: 40),
    ])
    func plausiblePhoneNumbersAreAccepted(phone: String) {
        #expect(FriendValidation.message(for: .phonenumber, value: phone) == nil)
    }

    @Test(arguments: ["+", "abc", "ext.", String(repeating: "1", count: 41), "040\u{7}123", "040\n123", "١٢٣٤", "04\u{202E}0"])
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
            "email": "Email must be empty or an address like name@example.com.",
        ])
    }

    @Test func aFriendNeedsAFirstNameALastNameOrAnOrganization() {
        #expect(FriendValidation.failures(of: NewFriend(firstname: "Mom", lastname: "")) == [:])
        #expect(FriendValidation.failures(of: NewFriend(firstname: "", lastname: "Lovelace")) == [:])
        #expect(FriendValidation.failures(of: NewFriend(firstname: "", lastname: "", organization: "Acme Plumbing")) == [:])
        #expect(FriendValidation.failures(of: NewFriend(firstname: " ", lastname: "", phonenumber: "555 0100")) == [
            "firstname": FriendValidation.nameMissingMessage,
            "lastname": FriendValidation.nameMissingMessage,
            "organization": FriendValidation.nameMissingMessage,
        ])
    }

    @Test(arguments: ["", "1815-12-10", "--12-10", "2000-02-29", "2024-02-29", "--02-29", "1815-04-30", "1815-12-31"])
    func birthdaysWithOrWithoutAYear(birthday: String) {
        #expect(FriendValidation.message(for: .birthday, value: birthday) == nil)
    }

    @Test(arguments: ["1815-13-10", "1815-12-32", "12-10", "1815/12/10", "--1210", "tomorrow",
                      "2023-02-30", "2023-02-29", "1900-02-29", "--02-30", "1815-04-31", "1815-00-10", "1815-12-00"])
    func birthdaysThatAreNotDates(birthday: String) {
        #expect(FriendValidation.message(for: .birthday, value: birthday) != nil)
    }

    @Test func listEntriesAreNamedByPosition() {
        let fields = NewFriend(
            firstname: "Ada", lastname: "", phones: [LabeledValue(label: "mobile", value: "+1 555 0100"), LabeledValue(label: "home", value: "none")],
            emails: [LabeledValue(label: "work", value: "ada@")]
        )
        #expect(FriendValidation.failures(of: fields) == [
            "phones": "Phone number 2: " + FriendValidation.message(for: .phonenumber, value: "none")!,
            "emails": "Email 1: Email must be empty or an address like name@example.com.",
        ])
    }
}
