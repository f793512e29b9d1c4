/// Sync tokens are URIs (RFC 6578 section 3.1): `http://friends.invalid/ns/sync/` followed by the
/// backend's token number in decimal, without leading zeros. The `.invalid` host never resolves,
/// so no client mistakes it for a place to fetch. CTags use the same text.
enum SyncToken {
    static let prefix = "http://friends.invalid/ns/sync/"

    static func format(_ token: Int) -> String { prefix + String(token) }

    /// The number in a token this server issued; nil for anything else.
    static func parse(_ text: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 18, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(digits), String(value) == digits else { return nil }
        return value
    }
}
