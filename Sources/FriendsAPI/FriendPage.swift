import Foundation

/// One page of `GET /friends`: `{"items": [...], "nextCursor": "..." | null}`.
///
/// Pass `nextCursor` back as the `cursor` query parameter to get the page after this one;
/// `nil` means this is the last page.
public struct FriendPage: Codable, Sendable, Equatable {
    public var items: [Friend]
    public var nextCursor: String?

    private enum CodingKeys: String, CodingKey {
        case items, nextCursor
    }

    public init(items: [Friend], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Friend].self, forKey: .items)
        nextCursor = try container.decodeIfPresent(String.self, forKey: .nextCursor)
    }

    /// Writes `"nextCursor": null` on the last page rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
