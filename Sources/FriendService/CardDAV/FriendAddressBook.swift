import CardDAV
import Foundation
import FriendStorage
import FriendsAPI
import NIOConcurrencyHelpers
import VCard

/// The friends as CardDAV's address book: each card by the resource name its client chose, its
/// ETag the friend's version (the one REST sends), its sync token the change-log sequence. Writes
/// go through the same store as REST's, so the live feed hears of them.
struct FriendAddressBook: AddressBookBackend {
    let store: any FriendStore
    /// Shared with the book's imports.
    let uidTurns: UIDTurns
    /// Read once: it stays for the life of the database.
    private let knownEpoch = NIOLockedValueBox<Int?>(nil)

    init(store: any FriendStore, uidTurns: UIDTurns = UIDTurns()) {
        self.store = store
        self.uidTurns = uidTurns
    }

    func syncToken() async throws -> Int {
        try await mapped { try await store.latestChangeSequence() }
    }

    /// The change log's: a new database at the same place makes the clients' tokens unknown, so
    /// they sync anew instead of asking it for changes after a position in another history.
    func syncTokenEpoch() async throws -> Int? {
        if let known = knownEpoch.withLockedValue({ $0 }) { return known }
        let epoch = try await mapped { try await store.changeLogEpoch() }
        knownEpoch.withLockedValue { $0 = epoch }
        return epoch
    }

    /// A page in id order; the position is the last friend id of the page before.
    func summaries(after position: Int, limit: Int) async throws -> (summaries: [AddressObjectSummary], next: Int?) {
        try await mapped {
            let cards = try await store.cardSummaries(afterID: position, limit: limit)
            return (cards.map(Self.summary), cards.count == limit ? cards.last?.id : nil)
        }
    }

    func objects(named names: [String]) async throws -> [AddressObject] {
        try await mapped { try await store.cards(named: names).map(Self.object) }
    }

    func object(named name: String) async throws -> AddressObject? {
        try await objects(named: [name]).first
    }

    /// A page in id order; the position is the last friend id of the page before.
    func objects(after position: Int, limit: Int) async throws -> (objects: [AddressObject], next: Int?) {
        try await mapped {
            let cards = try await store.cards(matching: nil, afterID: position, limit: limit)
            return (cards.map(Self.object), cards.count == limit ? cards.last?.id : nil)
        }
    }

    /// What changed after `token`, each card once, as it is now; `nil` when the log no longer
    /// reaches back that far, or a bulk change (`reset`) happened since: the client starts over.
    func changes(since token: Int?, limit: Int?) async throws -> SyncDelta? {
        try await mapped {
            guard let token else {
                let latest = try await store.latestChangeSequence()
                var changed: [AddressObjectSummary] = []
                var after = 0
                while true {
                    let page = try await summaries(after: after, limit: 1_000)
                    changed += page.summaries
                    guard let next = page.next else { break }
                    after = next
                }
                return SyncDelta(token: latest, changed: changed, removed: [])
            }
            let wanted = limit ?? Int.max
            // Names by their bytes, as the store keeps them: `String` equality takes two
            // spellings of `é` for one name. Sets, so that the work grows with the changes listed,
            // not with their square (an import of thousands, then a client's sync).
            var changedNames: Set<[UInt8]> = []
            var removedNames: Set<[UInt8]> = []
            var position = token
            var truncated = false
            while true {
                guard let batch = try await store.cardChanges(after: position, limit: 1_000) else { return nil }
                for change in batch {
                    guard change.kind != .reset else { return nil }
                    guard let name = change.resourceName.map({ Array($0.utf8) }) else {
                        position = change.sequence
                        continue
                    }
                    if !changedNames.contains(name) && !removedNames.contains(name) && changedNames.count + removedNames.count >= wanted {
                        truncated = true
                        break
                    }
                    if change.kind == .deleted {
                        changedNames.remove(name)
                        removedNames.insert(name)
                    } else {
                        removedNames.remove(name)
                        changedNames.insert(name)
                    }
                    position = change.sequence
                }
                if truncated || batch.count < 1_000 { break }
            }
            // In id order, whatever order the set gives the names in.
            let current = try await store.cards(named: changedNames.map { String(decoding: $0, as: UTF8.self) }).sorted { $0.id < $1.id }
            let found = Set(current.map { Array($0.resourceName.utf8) })
            return SyncDelta(
                token: position,
                changed: current.map { Self.summary(CardSummary(id: $0.id, version: $0.version, resourceName: $0.resourceName)) },
                removed: removedNames.union(changedNames.subtracting(found))
                    .map { String(decoding: $0, as: UTF8.self) }.sorted(),
                truncated: truncated
            )
        }
    }

    func put(name: String, card sent: [UInt8], precondition: DAVWritePrecondition) async throws -> DAVPutOutcome {
        var transcoder = UTF16Transcoder()
        let bytes = transcoder.append(sent) + transcoder.finish()
        let read: VCard
        do {
            read = try VCardParser.parse(bytes, isWholeText: true)
            try DifferentUIDs.check(read)
        } catch {
            // A condition that fails is said first (RFC 9110 13.2.2: before the content is used):
            // the client's copy is stale whatever it sent.
            if precondition != .none { try await mapped { try Self.check(precondition, against: try await store.cards(named: [name]).first) } }
            throw AddressBookBackendError.invalidCard("\(error)")
        }
        let parsed = read.readyForStorage { UUID.random().uuidString }
        return try await mapped {
            // `sent`, not `bytes`: a card sent in UTF-16 is not kept as it was sent.
            try await uidTurns.inTurn(for: UIDSpellings.key(parsed.uid)) {
                try await write(parsed, sentAs: sent, to: name, if: precondition, sentWithUID: !read.uid.isEmpty)
            }
        }
    }

    /// The PUT of `parsed` once no other write of its UID runs.
    private func write(
        _ parsed: VCard, sentAs bytes: [UInt8], to name: String, if precondition: DAVWritePrecondition,
        sentWithUID: Bool, isRetry: Bool = false
    ) async throws -> DAVPutOutcome {
        let existing = try await store.cards(named: [name]).first
        try Self.check(precondition, against: existing)
        // RFC 6352 6.3.2.1: a card may not overwrite one of another UID (a client that means
        // another contact puts it under another name). A card sent without one takes a new one.
        if sentWithUID, let existing, let held = try await uid(of: existing),
           UIDSpellings.key(held) != UIDSpellings.key(parsed.uid)
        {
            throw AddressBookBackendError.uidConflict(existingName: existing.resourceName)
        }
        if let owner = try await store.friend(anySpellingOf: parsed.uid), owner.friend.id != existing?.id,
           let ownerCard = try await store.card(id: owner.friend.id)
        {
            throw AddressBookBackendError.uidConflict(existingName: ownerCard.resourceName)
        }
        let stored: StoredFriend
        if let existing {
            // Only an entity tag sent asks for the version it was checked against to be the one replaced.
            let version: VersionPrecondition = if case .etagMatches = precondition { .oneOf([existing.version]) } else { .any }
            do {
                stored = try await store.replace(id: existing.id, with: parsed, if: version)
            } catch FriendStoreError.notFound where precondition == .none && !isRetry {
                // Deleted meanwhile: without a precondition the PUT creates the card again.
                return try await write(parsed, sentAs: bytes, to: name, if: precondition, sentWithUID: sentWithUID, isRetry: true)
            } catch FriendStoreError.notFound where precondition != .none {
                // Deleted meanwhile: what `If-Match` asked of the card no longer holds (RFC 9110 13.1.1).
                throw AddressBookBackendError.preconditionFailed
            }
        } else {
            do {
                stored = try await store.create(card: parsed, resourceName: name)
            } catch FriendStoreError.preconditionFailed where !isRetry {
                // Another card was just put under this name, or a card of this UID under another
                // (through another process sharing the database): written again, the name is
                // replaced as it would be a moment later (or refused by the precondition), and the
                // UID is refused as taken.
                return try await write(parsed, sentAs: bytes, to: name, if: precondition, sentWithUID: sentWithUID, isRetry: true)
            }
        }
        let text = try await store.card(id: stored.friend.id)?.text
        return DAVPutOutcome(
            created: existing == nil,
            etag: EntityTag.of(id: stored.friend.id, version: stored.version),
            storedExactly: text.map { Array($0.utf8) == bytes } ?? false
        )
    }

    /// The `UID` of a stored card: a friend's from its columns, a group's (which has none of a
    /// friend's, and is small) from its text.
    private func uid(of card: StoredCard) async throws -> String? {
        guard card.isGroup else { return try await store.friend(id: card.id)?.friend.uid }
        return try? FriendRecord.card(from: card.text).uid
    }

    func delete(name: String, precondition: DAVWritePrecondition) async throws {
        try await mapped {
            // A card that is not there is a 404 whatever the conditions say (RFC 9110 13.2.1), also
            // when it was deleted between this look-up and the deletion.
            guard let existing = try await store.cards(named: [name]).first else { throw AddressBookBackendError.notFound }
            try Self.check(precondition, against: existing)
            // As for a PUT, only an entity tag sent pins the version: without one, a card changed
            // a moment ago is deleted all the same rather than refused with 412.
            let version: VersionPrecondition = if case .etagMatches = precondition { .oneOf([existing.version]) } else { .any }
            _ = try await store.delete(id: existing.id, if: version)
        }
    }

    func displayName() async throws -> String {
        try await mapped { try await store.addressBookName() ?? "" }
    }

    func setDisplayName(_ name: String?) async throws {
        try await mapped { try await store.setAddressBookName(name) }
    }

    private static func check(_ precondition: DAVWritePrecondition, against existing: StoredCard?) throws {
        switch precondition {
        case .none:
            return
        case .mustNotExist:
            if existing != nil { throw AddressBookBackendError.alreadyExists }
        case .mustExist:
            if existing == nil { throw AddressBookBackendError.preconditionFailed }
        case .etagMatches(let tags):
            guard let existing, tags.contains(EntityTag.of(id: existing.id, version: existing.version)) else {
                throw AddressBookBackendError.preconditionFailed
            }
        }
    }

    private static func summary(_ card: CardSummary) -> AddressObjectSummary {
        AddressObjectSummary(name: card.resourceName, etag: EntityTag.of(id: card.id, version: card.version))
    }

    private static func object(_ card: StoredCard) -> AddressObject {
        AddressObject(name: card.resourceName, etag: EntityTag.of(id: card.id, version: card.version), card: Array(card.text.utf8))
    }

    /// The store's errors in the words of the DAV layer: an outage is a 503, a write that lost a
    /// race a 412.
    private func mapped<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as FriendStoreError {
            switch error {
            case .notFound: throw AddressBookBackendError.notFound
            case .preconditionFailed: throw AddressBookBackendError.preconditionFailed
            case .unavailable(let reason), .busy(let reason): throw AddressBookBackendError.unavailable(reason)
            case .diskFull(let file): throw AddressBookBackendError.unavailable("the disk of \(file) is full")
            }
        } catch let error as CardBeyondLimits {
            // A card read within the limits is kept as sent, so this is for one made bigger on the way.
            throw AddressBookBackendError.invalidCard(error.reason.description)
        }
    }
}
