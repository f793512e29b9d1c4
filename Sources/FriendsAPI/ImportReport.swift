/// What `POST /friends/import` did with a file of vCards: how many cards made new friends,
/// changed friends known by their `UID`, or matched them already, the same for the contact
/// groups among the cards, each card it refused, and what of a kept card its friend does not show.
public struct ImportReport: Codable, Sendable, Equatable {
    /// A card that was not kept: its position in the file (from 1), the name it gives (`FN`,
    /// when it could be read) and why.
    public struct Failure: Codable, Sendable, Equatable {
        public var index: Int
        public var name: String
        public var reason: String

        public init(index: Int, name: String, reason: String) {
            self.index = index
            self.name = name
            self.reason = reason
        }
    }

    /// A card that was kept with something its friend does not show (a birthday that is not a
    /// date, say): its position in the file (from 1), the name it gives and what.
    public struct Remark: Codable, Sendable, Equatable {
        public var index: Int
        public var name: String
        public var remark: String

        public init(index: Int, name: String, remark: String) {
            self.index = index
            self.name = name
            self.remark = remark
        }
    }

    /// Group cards (`KIND:group`, or Apple's `X-ADDRESSBOOKSERVER-KIND:group`) kept as contact
    /// apps keep them; they are no friends, so the friends' counts leave them out.
    public struct Groups: Codable, Sendable, Equatable {
        public var created: Int
        public var updated: Int
        public var unchanged: Int

        public init(created: Int = 0, updated: Int = 0, unchanged: Int = 0) {
            self.created = created
            self.updated = updated
            self.unchanged = unchanged
        }

        public var kept: Int { created + updated + unchanged }
    }

    public var created: Int
    public var updated: Int
    public var unchanged: Int
    public var groups: Groups
    public var failed: [Failure]
    public var remarks: [Remark]

    public init(
        created: Int = 0, updated: Int = 0, unchanged: Int = 0, groups: Groups = Groups(), failed: [Failure] = [], remarks: [Remark] = []
    ) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.groups = groups
        self.failed = failed
        self.remarks = remarks
    }

    /// Friends made, changed or found as they were.
    public var friendsKept: Int { created + updated + unchanged }

    /// A report from a FriendService that did not count groups apart, or made no remarks, has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        created = try container.decode(Int.self, forKey: .created)
        updated = try container.decode(Int.self, forKey: .updated)
        unchanged = try container.decode(Int.self, forKey: .unchanged)
        groups = try container.decodeIfPresent(Groups.self, forKey: .groups) ?? Groups()
        failed = try container.decode([Failure].self, forKey: .failed)
        remarks = try container.decodeIfPresent([Remark].self, forKey: .remarks) ?? []
    }
}
