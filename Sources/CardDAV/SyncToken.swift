/// Sync tokens are URIs (RFC 6578 section 3.1): `http://friends.invalid/ns/sync/` followed by the
/// backend's epoch and a hyphen, when it has one (`AddressBookBackend.syncTokenEpoch`), then its
/// token number in decimal, without leading zeros. The `.invalid` host never resolves, so no client
/// mistakes it for a place to fetch. A CTag is the same text, and the name's hash once the book
/// has a name of its own (`CTag`).
///
/// An initial sync cut short by the client's `DAV:limit` ends with a token that also says where
/// its listing goes on: the number, a dot and the listing's position (`…/sync/7-42.1500`).
enum SyncToken {
    static let prefix = "http://friends.invalid/ns/sync/"

    /// What a token stands for: the changes up to `number`, and, for an initial sync that is not
    /// finished, the position in the listing of the cards the next page starts after.
    struct Point: Equatable {
        var number: Int
        var listingAfter: Int?
    }

    static func format(_ token: Int, epoch: Int? = nil) -> String {
        prefix + (epoch.map { "\($0)-" } ?? "") + String(token)
    }

    static func format(_ point: Point, epoch: Int? = nil) -> String {
        format(point.number, epoch: epoch) + (point.listingAfter.map { ".\($0)" } ?? "")
    }

    /// The number in a finished token this server issued in `epoch`; nil for anything else, such
    /// as a token of the address book that was at this place before.
    static func parse(_ text: String, epoch: Int? = nil) -> Int? {
        guard let point = point(in: text, epoch: epoch), point.listingAfter == nil else { return nil }
        return point.number
    }

    /// What a token this server issued in `epoch` stands for; nil for anything else.
    static func point(in text: String, epoch: Int? = nil) -> Point? {
        let start = prefix + (epoch.map { "\($0)-" } ?? "")
        guard text.hasPrefix(start) else { return nil }
        let parts = text.dropFirst(start.count).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let number = number(parts[0]) else { return nil }
        guard parts.count == 2 else { return Point(number: number) }
        guard let position = self.number(parts[1]) else { return nil }
        return Point(number: number, listingAfter: position)
    }

    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 18, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(digits), String(value) == digits else { return nil }
        return value
    }
}
