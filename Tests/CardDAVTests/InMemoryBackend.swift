@testable import CardDAV

/// An address book in memory with a change history, the way the real store behaves.
actor InMemoryBackend: AddressBookBackend {
    /// `position`: when the card was created, the key its listing pages by (as a row id).
    struct Stored { var etag: String; var card: [UInt8]; var position: Int }

    private(set) var cards: [String: Stored] = [:]
    private var token = 0
    private var lastPosition = 0
    /// (token, name, removed), one entry per change.
    private var history: [(token: Int, name: String, removed: Bool)] = []
    /// Tokens below this are forgotten.
    private var oldestKnownToken = 0
    var name = "Friends"
    var failure: AddressBookBackendError?
    /// An error no backend is expected to throw (a bug), thrown in place of every answer when set.
    var bug: (any Error)?
    /// When set, PUT stores these bytes instead of what was sent (like a server normalising a card).
    var rewriteOnPut: [UInt8]?
    /// How many pages of summaries were read (a long listing reads several).
    private(set) var pagesRead = 0
    /// `syncTokenEpoch()`; `nil` by default, as a backend that does not implement it.
    var epoch: Int?

    init(cards: [(String, String)] = []) {
        for (name, card) in cards {
            token += 1
            lastPosition += 1
            self.cards[name] = Stored(etag: "\"\(token)-\(card.utf8.count)\"", card: Array(card.utf8), position: lastPosition)
            history.append((token, name, false))
        }
    }

    func setName(_ name: String) { self.name = name }
    func setFailure(_ failure: AddressBookBackendError?) { self.failure = failure }
    func setBug(_ bug: (any Error)?) { self.bug = bug }
    func setRewrite(_ bytes: [UInt8]?) { rewriteOnPut = bytes }
    func forgetHistory() { oldestKnownToken = token }
    func setEpoch(_ epoch: Int?) { self.epoch = epoch }

    func syncTokenEpoch() -> Int? { epoch }

    @discardableResult
    private func store(_ name: String, _ card: [UInt8]) -> String {
        token += 1
        let etag = "\"\(token)-\(card.count)\""
        let position = cards[name]?.position ?? { lastPosition += 1; return lastPosition }()
        cards[name] = Stored(etag: etag, card: card, position: position)
        history.append((token, name, false))
        return etag
    }

    private func check() throws {
        if let failure { throw failure }
        if let bug { throw bug }
    }

    func syncToken() async throws -> Int { try check(); return token }

    /// Every card, in the order they were created.
    func summaries() throws -> [AddressObjectSummary] {
        try check()
        return cards.sorted { $0.value.position < $1.value.position }.map { AddressObjectSummary(name: $0.key, etag: $0.value.etag) }
    }

    /// Pages of `summaries()`: the cards created after `position`, which stays a place between
    /// two cards whatever is written meanwhile.
    func summaries(after position: Int, limit: Int) async throws -> (summaries: [AddressObjectSummary], next: Int?) {
        pagesRead += 1
        try check()
        let after = cards.filter { $0.value.position > position }.sorted { $0.value.position < $1.value.position }
        let page = after.prefix(limit)
        let summaries = page.map { AddressObjectSummary(name: $0.key, etag: $0.value.etag) }
        return (summaries, after.count > limit ? page.last?.value.position : nil)
    }

    func objects(named names: [String]) async throws -> [AddressObject] {
        try check()
        return names.compactMap { name in cards[name].map { AddressObject(name: name, etag: $0.etag, card: $0.card) } }
    }

    func object(named name: String) async throws -> AddressObject? {
        try check()
        return cards[name].map { AddressObject(name: name, etag: $0.etag, card: $0.card) }
    }

    /// Pages of the cards with their data, as `summaries(after:limit:)` pages them.
    func objects(after position: Int, limit: Int) async throws -> (objects: [AddressObject], next: Int?) {
        let page = try await summaries(after: position, limit: limit)
        return (try await objects(named: page.summaries.map(\.name)), page.next)
    }

    nonisolated func queriedProperties(_ properties: Set<String>, in object: AddressObject) -> [String: [QueriedProperty]] {
        Dictionary(uniqueKeysWithValues: properties.map { ($0, queriedProperties($0, in: object)) })
    }

    nonisolated func propertyValues(_ property: String, in object: AddressObject) -> [String] {
        queriedProperties(property, in: object).flatMap(\.values)
    }

    /// A plain reading of the card's lines: parameters split at `;`, values at `,`; a bare
    /// parameter (2.1's `TEL;CELL:`) is a `TYPE`.
    nonisolated func queriedProperties(_ property: String, in object: AddressObject) -> [QueriedProperty] {
        let text = String(decoding: object.card, as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\n ", with: "")
        return text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }).compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let head = line[..<colon].split(separator: ";")
            let name = head.first.map(String.init) ?? ""
            let bare = name.split(separator: ".").last.map(String.init) ?? name
            guard bare.uppercased() == property.uppercased() else { return nil }
            var parameters: [String: [String]] = [:]
            for parameter in head.dropFirst() {
                let parts = parameter.split(separator: "=", maxSplits: 1)
                let key = parts.count == 2 ? parts[0].uppercased() : "TYPE"
                parameters[key, default: []] += (parts.last ?? "").split(separator: ",").map(String.init)
            }
            let value = String(line[line.index(after: colon)...]).replacingOccurrences(of: "\\,", with: ",")
            return QueriedProperty(values: [value], parameters: parameters)
        }
    }

    func changes(since token: Int?, limit: Int?) async throws -> SyncDelta? {
        try check()
        guard let token else {
            return SyncDelta(token: self.token, changed: try summaries(), removed: [])
        }
        guard token >= oldestKnownToken, token <= self.token else { return nil }
        var latest: [String: (token: Int, removed: Bool)] = [:]
        for entry in history where entry.token > token { latest[entry.name] = (entry.token, entry.removed) }
        let ordered = latest.sorted { $0.value.token < $1.value.token }
        let limited = limit.map { Array(ordered.prefix($0)) } ?? ordered
        let truncated = limited.count < ordered.count
        let newToken = truncated ? (limited.last?.value.token ?? token) : self.token
        return SyncDelta(
            token: newToken,
            changed: limited.filter { !$0.value.removed }.compactMap { entry in
                cards[entry.key].map { AddressObjectSummary(name: entry.key, etag: $0.etag) }
            },
            removed: limited.filter(\.value.removed).map(\.key),
            truncated: truncated
        )
    }

    func put(name: String, card: [UInt8], precondition: DAVWritePrecondition) async throws -> DAVPutOutcome {
        try check()
        let existing = cards[name]
        switch precondition {
        case .none: break
        case .mustNotExist: if existing != nil { throw AddressBookBackendError.alreadyExists }
        case .mustExist: if existing == nil { throw AddressBookBackendError.preconditionFailed }
        case .etagMatches(let tags):
            guard let existing, tags.contains(existing.etag) else { throw AddressBookBackendError.preconditionFailed }
        }
        let text = String(decoding: card, as: UTF8.self)
        guard text.hasPrefix("BEGIN:VCARD") else { throw AddressBookBackendError.invalidCard("The body is not a vCard.") }
        let object = AddressObject(name: name, etag: "", card: card)
        if let uid = propertyValues("UID", in: object).first {
            for (other, stored) in cards where other != name {
                if propertyValues("UID", in: AddressObject(name: other, etag: "", card: stored.card)).first == uid {
                    throw AddressBookBackendError.uidConflict(existingName: other)
                }
            }
        }
        let bytes = rewriteOnPut ?? card
        let etag = store(name, bytes)
        return DAVPutOutcome(created: existing == nil, etag: etag, storedExactly: bytes == card)
    }

    func delete(name: String, precondition: DAVWritePrecondition) async throws {
        try check()
        guard let existing = cards[name] else { throw AddressBookBackendError.notFound }
        switch precondition {
        case .none, .mustExist: break
        case .mustNotExist: throw AddressBookBackendError.preconditionFailed
        case .etagMatches(let tags): guard tags.contains(existing.etag) else { throw AddressBookBackendError.preconditionFailed }
        }
        token += 1
        cards[name] = nil
        history.append((token, name, true))
    }

    func displayName() async throws -> String { try check(); return name }
    func setDisplayName(_ name: String?) async throws {
        try check()
        self.name = name ?? ""
    }
}
