/// Sync tokens are URIs (RFC 6578 section 3.1): `http://friends.invalid/ns/sync/` followed by the
/// backend's epoch and a hyphen, when it has one (`AddressBookBackend.syncTokenEpoch`), then its
/// token number in decimal, without leading zeros. The `.invalid` host never resolves, so no client
/// mistakes it for a place to fetch. CTags use the same text.
enum SyncToken {
    static let prefix = "http://friends.invalid/ns/sync/"

    static func format(_ token: Int, epoch: Int? = nil) -> String {
        prefix + (epoch.map { "\($0)-" } ?? "") + String(token)
    }

    /// The number in a token this server issued in `epoch`; nil for anything else, such as a
    /// token of the address book that was at this place before.
    static func parse(_ text: String, epoch: Int? = nil) -> Int? {
        let start = prefix + (epoch.map { "\($0)-" } ?? "")
        guard text.hasPrefix(start) else { return nil }
        let digits = text.dropFirst(start.count)
        guard !digits.isEmpty, digits.count <= 18, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(digits), String(value) == digits else { return nil }
        return value
    }
}
