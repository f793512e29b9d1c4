/// What `POST /friends/import` did with a file of vCards: how many cards made new friends,
/// changed friends known by their `UID`, or matched them already, and each card it refused.
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

    public var created: Int
    public var updated: Int
    public var unchanged: Int
    public var failed: [Failure]

    public init(created: Int = 0, updated: Int = 0, unchanged: Int = 0, failed: [Failure] = []) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.failed = failed
    }
}
