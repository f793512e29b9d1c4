import Foundation

/// One page of `GET /friends`: `{"items": [...], "nextCursor": "..." | null, "total": 75}`.
///
/// Pass `nextCursor` back as the `cursor` query parameter to get the page after this one;
/// `nil` means this is the last page. `total` counts every friend the query matches; the server
/// sends it with the first page only (a page asked for with a cursor leaves it out), and for a
/// search only when at most 1,000 friends match (so a one-letter search stays cheap).
public struct FriendPage: Codable, Sendable, Equatable {
    public var items: [Friend]
    public var nextCursor: String?
    /// How many friends match the query in all; `nil` when the server did not count them.
    public var total: Int?

    private enum CodingKeys: String, CodingKey {
        case items, nextCursor, total
    }

    public init(items: [Friend], nextCursor: String?, total: Int? = nil) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Friend].self, forKey: .items)
        nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
        total = try container.decodeIfPresent(Int.self, forKey: .total)
    }

    /// Writes `"nextCursor": null` on the last page rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(total, forKey: .total)
    }
}
