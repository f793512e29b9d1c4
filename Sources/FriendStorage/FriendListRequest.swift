import FriendsAPI

/// One page request in store terms: a validated limit, a decoded cursor and a normalized search.
public struct FriendListRequest: Sendable, Hashable {
    public var limit: Int
    /// The sort key of the last friend of the previous page; `nil` for the first page.
    public var after: FriendSortKey?
    public var search: FriendSearch?

    public init(limit: Int, after: FriendSortKey? = nil, search: FriendSearch? = nil) {
        self.limit = limit
        self.after = after
        self.search = search
    }
}

/// The position of a friend in list order: folded last name, folded first name, id.
///
/// Folded texts compare by Unicode scalar values, which is byte order of UTF-8: SQLite's BINARY,
/// PostgreSQL's `COLLATE "C"` and `utf8`-wise comparison here all agree.
public struct FriendSortKey: Sendable, Equatable, Hashable, Codable {
    public var lastname: String
    public var firstname: String
    public var id: Int

    public init(lastname: String, firstname: String, id: Int) {
        self.lastname = lastname
        self.firstname = firstname
        self.id = id
    }

    public init(_ friend: Friend) {
        self.init(
            lastname: SearchText.fold(friend.sortingLastName),
            firstname: SearchText.fold(friend.firstname),
            id: friend.id
        )
    }

    public static func < (lhs: FriendSortKey, rhs: FriendSortKey) -> Bool {
        if lhs.lastname != rhs.lastname { return lhs.lastname.utf8.lexicographicallyPrecedes(rhs.lastname.utf8) }
        if lhs.firstname != rhs.firstname { return lhs.firstname.utf8.lexicographicallyPrecedes(rhs.firstname.utf8) }
        return lhs.id < rhs.id
    }
}

/// A search in store terms: the folded text, and the digits when the text looks like a phone number.
///
/// A friend matches when the text is a prefix of the folded first name, last name or "first last",
/// when a query of three characters or more that is not a phone number occurs anywhere in the
/// organization or an email address, or when `phoneDigits` occur
/// anywhere in the digits of the phone number ("612" finds "+34 612 345 678").
public struct FriendSearch: Sendable, Hashable {
    public let text: String
    public let phoneDigits: String?
    /// What is looked for in the organization, the email addresses and the name shown: `text`,
    /// and `text` without the spaces between East Asian words when it has any, since the name is
    /// shown as one (山田花子) and people type it with a space too (山田 花子, or with an
    /// ideographic one), while an organization keeps its own (한국 전력 공사).
    public let extraTexts: [String]

    public init?(_ query: String) {
        let folded = SearchText.fold(query)
        guard !folded.isEmpty else { return nil }
        text = folded
        phoneDigits = SearchText.phoneDigitsQuery(query)
        let joined = Self.joiningEastAsianWords(folded)
        extraTexts = joined == folded ? [folded] : [folded, joined]
    }

    /// The words of `text` written together where both sides of a space are East Asian.
    static func joiningEastAsianWords(_ text: String) -> String {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count > 1, words.contains(where: { Friend.isEastAsian(String($0)) }) else { return text }
        return words.dropFirst().reduce(into: String(words[0])) { joined, word in
            let touching = [joined.last, word.first].compactMap { $0.map(String.init) }
            if !touching.allSatisfy(Friend.isEastAsian) { joined += " " }
            joined += word
        }
    }

    /// Text anywhere in the organization, the email addresses and an East Asian name shown family
    /// name first is looked for from three characters on (one or two letters are in nearly every
    /// address), from two for Han, kana or Hangul (two make a whole name: 王芳), and not for phone numbers.
    public var searchesExtra: Bool {
        phoneDigits == nil && (text.count >= 3 || text.count == 2 && Friend.isEastAsian(text))
    }

    public func matches(_ friend: Friend) -> Bool {
        let columns = SearchColumns(friend)
        if columns.firstname.hasPrefix(text) || columns.lastname.hasPrefix(text) || columns.fullName.hasPrefix(text) {
            return true
        }
        if let phoneDigits, columns.phoneDigits.contains(phoneDigits) { return true }
        if searchesExtra, extraTexts.contains(where: columns.extra.contains) { return true }
        return false
    }

    /// The smallest string greater than every string starting with `prefix` (for index range scans).
    public static func upperBound(ofPrefix prefix: String) -> String {
        prefix + "\u{10FFFF}"
    }
}
