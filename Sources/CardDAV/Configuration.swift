public struct CardDAVConfiguration: Sendable {
    /// The largest vCard accepted by PUT, in bytes; announced as `C:max-resource-size`.
    public var maxResourceSize: Int
    /// The largest XML request body (PROPFIND, REPORT, PROPPATCH), in bytes. vdirsyncer asks for
    /// every card it lacks in one addressbook-multiget, about 85 bytes a card: 8 MiB is an
    /// address book of some 95,000 cards (1 MiB stopped its first sync of 12,000). Reading it
    /// takes about ten times its size while the answer is made.
    public var maxRequestBodySize: Int
    /// How deeply request XML may nest; DAV requests need fewer than ten levels.
    public var maxXMLDepth: Int
    /// Shown when the backend has no display name for the address book.
    public var defaultDisplayName: String
    /// `C:addressbook-description`; nil answers it as not found.
    public var addressBookDescription: String?
    /// The most changes one sync-collection answer lists; clients then ask again with the new
    /// token. High, as Thunderbird's own address book asks again only at its next sync (every
    /// 30 minutes): an import of thousands of cards reaches it in one. The cards are read a batch
    /// at a time as the answer is written.
    public var maxSyncResults: Int
    /// The most cards one addressbook-query answer lists.
    public var maxQueryResults: Int
    /// `Retry-After` seconds when the backend is unavailable.
    public var retryAfterSeconds: Int

    public init(
        maxResourceSize: Int = 1_048_576,
        maxRequestBodySize: Int = 8 << 20,
        maxXMLDepth: Int = 32,
        defaultDisplayName: String = "Friends",
        addressBookDescription: String? = nil,
        maxSyncResults: Int = 20_000,
        maxQueryResults: Int = 1000,
        retryAfterSeconds: Int = 5
    ) {
        self.maxResourceSize = maxResourceSize
        self.maxRequestBodySize = maxRequestBodySize
        self.maxXMLDepth = maxXMLDepth
        self.defaultDisplayName = defaultDisplayName
        self.addressBookDescription = addressBookDescription
        self.maxSyncResults = maxSyncResults
        self.maxQueryResults = maxQueryResults
        self.retryAfterSeconds = retryAfterSeconds
    }
}
