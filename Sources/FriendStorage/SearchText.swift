import Foundation
import FriendsAPI

/// How names and phone numbers are normalized for sorting and searching.
package enum SearchText {
    /// `NameFolding.fold` (shared with clients, which place live changes in the list order), with
    /// a fast path for ASCII.
    ///
    /// Stored sort and search columns are made with this; changing it needs a schema version that
    /// folds the stored rows again (see `MigrationStep.refoldSearchColumns`).
    package static func fold(_ text: String) -> String {
        foldASCII(text) ?? NameFolding.fold(text)
    }

    /// The same result as the general path for pure ASCII text, without Foundation's folding
    /// (seeding a million friends spends most of its time here otherwise).
    private static func foldASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    package static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }

    /// The digits of a query that looks like (part of) a phone number: digits, `+`, and separators only.
    package static func phoneDigitsQuery(_ query: String) -> String? {
        let trimmed = FriendValidation.trim(query)
        let allowed = Set("0123456789+ -.()".unicodeScalars)
        guard trimmed.unicodeScalars.allSatisfy({ allowed.contains($0) }) else { return nil }
        let digits = digits(trimmed)
        return digits.isEmpty ? nil : digits
    }
}

/// The derived columns stored beside a friend so that the database can sort and search by index.
package struct SearchColumns: Equatable {
    package var lastname: String
    package var firstname: String
    package var fullName: String
    package var phoneDigits: String
    /// The organization and every email address: a search finds text anywhere in them.
    package var extra: String = ""

    /// A friend known by its organization alone sorts and is found by it as by a last name. A
    /// Chinese, Japanese or Korean name is also found as `Friend.displayName` shows it, family
    /// name first without a space ("山田花子"), by the text searched anywhere: the full name's
    /// column keeps "first last", so that the given name alone finds it as well. One written whole
    /// in one field ("李小龙") is searched anywhere the same way, so that its given name finds it. A name that
    /// starts with a symbol ("❤️ Mom", "🎉Party") is found from its first letter or digit on the
    /// same way, while it still sorts by the symbol, as contact apps sort it. A name of several
    /// words is searched anywhere from its second word on, so that "Jones" finds "Smith-Jones",
    /// "Márquez" "García Márquez" and "Ronald" a first name "John Ronald". Changing what is
    /// stored needs a schema version that computes the rows again (`MigrationStep.rederiveFromCards`).
    package init(_ friend: Friend) {
        self.init(firstname: friend.firstname, lastname: friend.sortingLastName, phonenumber: friend.phonenumber)
        phoneDigits = Self.phoneDigits(of: friend)
        let names = friend.showsFamilyNameFirst
            ? [friend.displayName] : [friend.firstname, friend.lastname].filter { !$0.isEmpty && Friend.isEastAsian($0) }
        let fromFirstLetter = [friend.firstname, friend.lastname].compactMap(Self.fromFirstLetterOrDigit)
        let fromSecondWord = [friend.firstname, friend.lastname].compactMap(Self.fromSecondWord).filter { !fromFirstLetter.contains($0) }
        extra = SearchText.fold((names + fromFirstLetter + fromSecondWord + [friend.organization] + friend.emails.map(\.value))
            .joined(separator: " "))
    }

    /// `name` from its second word on, when it has more than one (words split at spaces and hyphens); nil otherwise.
    static func fromSecondWord(_ name: String) -> String? {
        let isSeparator = { (character: Character) in character.isWhitespace || character == "-" }
        guard let separator = name.firstIndex(where: isSeparator) else { return nil }
        let rest = name[separator...].drop(while: isSeparator)
        return rest.isEmpty ? nil : String(rest)
    }

    /// `name` from its first letter or digit, when something else comes before it; nil otherwise.
    static func fromFirstLetterOrDigit(_ name: String) -> String? {
        guard let first = name.firstIndex(where: { $0.isLetter || $0.isNumber }), first > name.startIndex else { return nil }
        return String(name[first...])
    }

    /// The digits of every number, the preferred one first, a space between two: a search finds
    /// a friend by any of its numbers, and never by digits that run from one number into the next.
    /// Stored in `phone_digits`; changing it needs a schema version that computes the stored rows
    /// again (see `MigrationStep.rederivePhoneDigits`).
    package static func phoneDigits(of friend: Friend) -> String {
        let numbers = friend.phones.isEmpty ? [friend.phonenumber] : friend.phones.map(\.value)
        return numbers.map(SearchText.digits).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A group's columns: empty, so that no search finds it and it sorts before every friend
    /// (the list leaves groups out; see `FriendRecord.isGroup`).
    package static let unsearchable = SearchColumns(folded: "", lastname: "", fullName: "", phoneDigits: "")

    private init(folded firstname: String, lastname: String, fullName: String, phoneDigits: String) {
        self.firstname = firstname
        self.lastname = lastname
        self.fullName = fullName
        self.phoneDigits = phoneDigits
    }

    package init(firstname: String, lastname: String, phonenumber: String) {
        self.firstname = SearchText.fold(firstname)
        self.lastname = SearchText.fold(lastname)
        fullName = self.firstname + " " + self.lastname
        phoneDigits = SearchText.digits(phonenumber)
    }
}
