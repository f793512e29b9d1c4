/// A friend's (or a group's) whole vCard as stored, with what names it: the id, the version its ETag is made
/// of, and the resource name CardDAV clients chose for it (`<uid>.vcf` for friends made over REST).
public struct StoredCard: Sendable, Equatable {
    public var id: Int
    public var version: Int
    public var resourceName: String
    public var text: String
    /// A group card (`VCard.isGroup`): CardDAV serves it, the REST API does not.
    public var isGroup: Bool

    public init(id: Int, version: Int, resourceName: String, text: String, isGroup: Bool = false) {
        self.id = id
        self.version = version
        self.resourceName = resourceName
        self.text = text
        self.isGroup = isGroup
    }
}
