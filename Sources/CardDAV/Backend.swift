/// A card as listed: its name in the address book and its entity tag.
public struct AddressObjectSummary: Sendable, Equatable {
    public var name: String
    /// The full quoted entity tag, e.g. `"12-3"` with the quotes.
    public var etag: String

    public init(name: String, etag: String) {
        self.name = name
        self.etag = etag
    }
}

public struct AddressObject: Sendable, Equatable {
    public var name: String
    public var etag: String
    /// The stored vCard bytes.
    public var card: [UInt8]

    public init(name: String, etag: String, card: [UInt8]) {
        self.name = name
        self.etag = etag
        self.card = card
    }
}

/// One occurrence of a vCard property, as addressbook-query's filters test it.
public struct QueriedProperty: Sendable, Equatable {
    /// Unfolded and unescaped: the value, or each value of a text list (`CATEGORIES:Friends,Work`).
    public var values: [String]
    /// The parameters' values by the parameter's name in upper case, a list taken apart
    /// (`TYPE=cell,voice` and `TYPE=cell;TYPE=voice` are both `["cell", "voice"]`).
    public var parameters: [String: [String]]

    public init(values: [String], parameters: [String: [String]] = [:]) {
        self.values = values
        self.parameters = parameters
    }
}

/// What changed since a sync token.
public struct SyncDelta: Sendable, Equatable {
    /// The token that describes the state after these changes.
    public var token: Int
    public var changed: [AddressObjectSummary]
    /// Names of cards removed since the token.
    public var removed: [String]
    /// True when the limit cut the changes short; `token` then covers only what is listed.
    public var truncated: Bool

    public init(token: Int, changed: [AddressObjectSummary], removed: [String], truncated: Bool = false) {
        self.token = token
        self.changed = changed
        self.removed = removed
        self.truncated = truncated
    }
}

public enum AddressBookBackendError: Error, Sendable, Equatable {
    case notFound
    case preconditionFailed
    case alreadyExists
    /// The vCard was refused; the text says why.
    case invalidCard(String)
    /// Another card already has this card's UID.
    case uidConflict(existingName: String)
    case tooLarge(limit: Int)
    case forbidden(String)
    case unavailable(String)
}

public enum DAVWritePrecondition: Sendable, Equatable {
    case none
    /// `If-None-Match: *`: only create.
    case mustNotExist
    /// `If-Match: *`: only replace an existing card, whatever its entity tag.
    case mustExist
    /// `If-Match` with entity tags, exactly as sent (quoted; weak tags keep their `W/`, and never match).
    case etagMatches([String])

    /// Whether it holds only for a card that exists (`If-Match`).
    public var needsAnObject: Bool {
        switch self {
        case .mustExist, .etagMatches: true
        case .none, .mustNotExist: false
        }
    }
}

public struct DAVPutOutcome: Sendable, Equatable {
    public var created: Bool
    public var etag: String
    /// False when the stored bytes differ from what was sent: the answer then has no ETag,
    /// so the client fetches the card again.
    public var storedExactly: Bool

    public init(created: Bool, etag: String, storedExactly: Bool) {
        self.created = created
        self.etag = etag
        self.storedExactly = storedExactly
    }
}

/// The one address book of a principal, as the handler needs it.
public protocol AddressBookBackend: Sendable {
    /// The current sync token; the CTag is made of it and the book's name.
    func syncToken() async throws -> Int
    /// Set when the book began (a number of 0 or more that differs from one address book made at
    /// this place to the next: a new database, a memory store after a restart). Tokens carry it,
    /// so that a token of a book that was here before is refused (and the client syncs anew)
    /// rather than taken for a position in this one. `nil`: tokens are the bare number.
    func syncTokenEpoch() async throws -> Int?
    /// A page of the cards, for PROPFIND with Depth 1 and the initial sync, so that a listing
    /// streams in flat memory: up to `limit` cards after `position` (0 at the start) in an order
    /// that stays put, and the position the next page starts after (nil after the last page).
    /// A position is a key, such as a row id, not a count: an initial sync under a client's limit
    /// goes on from it in a later request, so a card that was there when the listing began, and is
    /// there still, must stay on the same side of it whatever is written in between.
    func summaries(after position: Int, limit: Int) async throws -> (summaries: [AddressObjectSummary], next: Int?)
    /// Multiget: unknown names are simply absent from the answer.
    func objects(named names: [String]) async throws -> [AddressObject]
    func object(named name: String) async throws -> AddressObject?
    /// A page of the cards with their data, for addressbook-query (the handler filters): up to
    /// `limit` after `position` (0 at the start), in an order that stays put, and the position the
    /// next page starts after (nil after the last page).
    func objects(after position: Int, limit: Int) async throws -> (objects: [AddressObject], next: Int?)
    /// Every occurrence of each of `properties` (FN, N, EMAIL, TEL, UID, …, upper case) in the
    /// card, for addressbook-query's filters, the card read once for all of them.
    func queriedProperties(_ properties: Set<String>, in object: AddressObject) -> [String: [QueriedProperty]]
    /// Changes since `token` (nil: the initial sync, every card; the handler lists that one with
    /// `syncToken()` and `summaries(after:limit:)` instead), at most `limit` entries when given.
    /// Returns nil when the token is older than the kept history.
    func changes(since token: Int?, limit: Int?) async throws -> SyncDelta?
    func put(name: String, card: [UInt8], precondition: DAVWritePrecondition) async throws -> DAVPutOutcome
    func delete(name: String, precondition: DAVWritePrecondition) async throws
    /// The address book's name; empty for the configuration's default.
    func displayName() async throws -> String
    /// Keeps a name PROPPATCH set (already checked by `DisplayNameRule`); nil goes back to the default.
    func setDisplayName(_ name: String?) async throws
}

extension AddressBookBackend {
    public func syncTokenEpoch() async throws -> Int? { nil }
}
