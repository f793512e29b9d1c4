/// What CardDAV asks of a store beside the friends themselves: every card by its resource name,
/// and the change log told in resource names (a removed card is named by the name it had).
public struct CardSummary: Sendable, Equatable {
    public var id: Int
    public var version: Int
    public var resourceName: String

    public init(id: Int, version: Int, resourceName: String) {
        self.id = id
        self.version = version
        self.resourceName = resourceName
    }
}

/// One entry of the change log, as CardDAV's sync reads it.
public struct CardChange: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case created, updated, deleted, reset
    }

    public var sequence: Int
    public var kind: Kind
    public var id: Int?
    public var resourceName: String?

    public init(sequence: Int, kind: Kind, id: Int?, resourceName: String?) {
        self.sequence = sequence
        self.kind = kind
        self.id = id
        self.resourceName = resourceName
    }
}
