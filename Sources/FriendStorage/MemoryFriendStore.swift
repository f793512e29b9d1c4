import Foundation
import FriendsAPI
import VCard

/// Friends in memory, for tests and `--database memory`. Lost when the process ends.
public actor MemoryFriendStore: FriendStore {
    private struct Row {
        var stored: StoredFriend
        var card: StoredCard

        var isFriend: Bool { !card.isGroup }
    }

    private var rows: [Int: Row] = [:]
    /// Which friend has each resource name; a card keeps its name for life.
    /// By the name's UTF-8 bytes, as SQL compares it: `String` takes `é` and `e` with a combining
    /// accent for one name, and clients name cards in either form.
    private var idsByResourceName: [[UInt8]: Int] = [:]
    /// The friends with each `UID`, so that an import's lookups do not scan every card.
    /// By the UID's UTF-8 bytes too, as SQL compares it.
    private var idsByUID: [[UInt8]: Set<Int>] = [:]
    private var lastID = 0
    private var migrated = false
    /// The change log, oldest first, numbered without gaps, with each card's resource name and
    /// whether it was a group before the change and is one after it.
    private var log: [LogEntry] = []
    private var lastSequence = 0

    public init() {}

    public nonisolated var kind: String { "memory" }

    public func migrate() { migrated = true }

    public func schemaVersion() -> Int { migrated ? FriendSchema.currentVersion : 0 }

    /// Nothing: nothing of a memory store outlives its process, so no backup of one is put back.
    public func startTimelineAfterRestore(now: Date) {}

    public func list(_ request: FriendListRequest) -> [StoredFriend] {
        let matching = rows.values.filter(\.isFriend).map(\.stored).filter { row in
            if let after = request.after, !(after < FriendSortKey(row.friend)) { return false }
            if let search = request.search, !search.matches(row.friend) { return false }
            return true
        }
        return Array(Self.inListOrder(matching).prefix(request.limit))
    }

    public func count(matching search: FriendSearch?, atMost limit: Int?) -> Int {
        let friends = rows.values.filter(\.isFriend)
        let count = search.map { search in friends.count { search.matches($0.stored.friend) } } ?? friends.count
        return limit.map { min($0, count) } ?? count
    }

    public func all() -> [StoredFriend] {
        Self.inListOrder(rows.values.filter(\.isFriend).map(\.stored))
    }

    /// Folds each name once, not once per comparison: folding is most of the cost of sorting.
    private static func inListOrder(_ rows: some Sequence<StoredFriend>) -> [StoredFriend] {
        rows.map { (key: FriendSortKey($0.friend), row: $0) }.sorted { $0.key < $1.key }.map(\.row)
    }

    public func friend(id: Int) -> StoredFriend? {
        rows[id].flatMap { $0.isFriend ? $0.stored : nil }
    }

    /// A group too: an import merges a group card by its `UID` as any other.
    public func friend(uid: String) -> StoredFriend? {
        idsByUID[Array(uid.utf8)]?.min().flatMap { rows[$0]?.stored }
    }

    public func card(id: Int) -> StoredCard? {
        rows[id]?.card
    }

    public func cards(matching search: FriendSearch?, afterID: Int, limit: Int) -> [StoredCard] {
        // No search finds a group, as in the SQL stores (its search columns are empty).
        let matching = rows.values.filter { row in
            row.card.id > afterID && (search.map { row.isFriend && $0.matches(row.stored.friend) } ?? true)
        }
        return Array(matching.map(\.card).sorted { $0.id < $1.id }.prefix(limit))
    }

    public func create(_ fields: NewFriend) -> StoredFriend {
        store(FriendRecord(newFriend: fields))
    }

    /// - Throws: `FriendStoreError.preconditionFailed` naming the friend that has the resource name.
    /// A taken resource name, or a `UID` a friend has however spelled (`UIDSpellings`), refuses
    /// the card as a write whose precondition failed.
    public func create(card: VCard, resourceName: String?) throws -> StoredFriend {
        let record = FriendRecord(card: card, resourceName: resourceName)
        if let id = idsByResourceName[Array(record.resourceName.utf8)], let holder = rows[id] {
            throw FriendStoreError.preconditionFailed(id: id, currentVersion: holder.card.version)
        }
        let spellings = UIDSpellings.all(of: record.friend.uid)
        if let id = spellings.compactMap({ idsByUID[Array($0.utf8)]?.min() }).min(), let holder = rows[id] {
            throw FriendStoreError.preconditionFailed(id: id, currentVersion: holder.card.version)
        }
        return store(record)
    }

    private func store(_ record: FriendRecord, logging: Bool = true) -> StoredFriend {
        lastID += 1
        var friend = record.friend
        friend.id = lastID
        let row = Row(
            stored: StoredFriend(friend: friend, version: 1),
            card: StoredCard(id: lastID, version: 1, resourceName: record.resourceName, text: record.cardText, isGroup: record.isGroup)
        )
        rows[lastID] = row
        idsByResourceName[Array(record.resourceName.utf8)] = lastID
        idsByUID[Array(friend.uid.utf8), default: []].insert(lastID)
        if logging { logChange(.created(row.stored.friend, version: 1), resourceName: record.resourceName, isGroup: record.isGroup) }
        return row.stored
    }

    public func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) throws -> StoredFriend {
        guard rows[id]?.isFriend == true else { throw FriendStoreError.notFound(id: id) }
        let row = try existing(id: id, if: precondition)
        var card = try FriendRecord.card(from: row.card.text)
        card.apply(update, now: Date())
        return replace(row, with: try FriendRecord(card: card, resourceName: row.card.resourceName).withinLimits(id: id))
    }

    public func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) throws -> StoredFriend {
        let row = try existing(id: id, if: precondition)
        return replace(row, with: FriendRecord(card: card, resourceName: row.card.resourceName))
    }

    private func existing(id: Int, if precondition: VersionPrecondition) throws -> Row {
        guard let row = rows[id] else { throw FriendStoreError.notFound(id: id) }
        guard precondition.isSatisfied(by: row.stored.version) else {
            throw FriendStoreError.preconditionFailed(id: id, currentVersion: row.stored.version)
        }
        return row
    }

    private func replace(_ row: Row, with record: FriendRecord) -> StoredFriend {
        guard record.cardText != row.card.text else { return row.stored }
        let id = row.stored.friend.id
        let version = row.stored.version + 1
        var friend = record.friend
        friend.id = id
        forget(id, uid: row.stored.friend.uid)
        idsByUID[Array(friend.uid.utf8), default: []].insert(id)
        rows[id] = Row(
            stored: StoredFriend(friend: friend, version: version),
            card: StoredCard(id: id, version: version, resourceName: row.card.resourceName, text: record.cardText, isGroup: record.isGroup)
        )
        logChange(.updated(friend, version: version), resourceName: row.card.resourceName, wasGroup: row.card.isGroup, isGroup: record.isGroup)
        return StoredFriend(friend: friend, version: version)
    }

    public func delete(id: Int, if precondition: VersionPrecondition) throws -> StoredFriend {
        let row = try existing(id: id, if: precondition)
        rows[id] = nil
        idsByResourceName[Array(row.card.resourceName.utf8)] = nil
        forget(id, uid: row.stored.friend.uid)
        logChange(.deleted(id: id), resourceName: row.card.resourceName, wasGroup: row.card.isGroup)
        return row.stored
    }

    private func forget(_ id: Int, uid: String) {
        let key = Array(uid.utf8)
        idsByUID[key]?.remove(id)
        if idsByUID[key]?.isEmpty == true { idsByUID[key] = nil }
    }

    /// Logs one `reset` for the batch, as the SQL stores do.
    public func insert(_ friends: [NewFriend]) {
        for fields in friends {
            _ = store(FriendRecord(newFriend: fields), logging: false)
        }
        logChange(.reset)
    }

    public func loggedChanges(after sequence: Int, limit: Int) -> [LoggedChange]? {
        entries(after: sequence, limit: limit)?.map { LoggedChange($0.change, wasGroup: $0.wasGroup, isGroup: $0.isGroup) }
    }

    public func cardChanges(after sequence: Int, limit: Int) -> [CardChange]? {
        entries(after: sequence, limit: limit)?.map { entry in
            let change = entry.change
            let id: Int? = switch change.event {
            case .created(let friend, _), .updated(let friend, _): friend.id
            case .deleted(let id): id
            case .reset: nil
            }
            let kind = CardChange.Kind(rawValue: change.eventName) ?? .reset
            return CardChange(sequence: change.sequence, kind: kind, id: id, resourceName: entry.resourceName)
        }
    }

    private func entries(after sequence: Int, limit: Int) -> ArraySlice<LogEntry>? {
        guard sequence <= lastSequence else { return nil }
        let start = log.firstIndex { $0.change.sequence > sequence } ?? log.endIndex
        if start < log.endIndex, log[start].change.sequence != sequence + 1 { return nil }
        return log[start...].prefix(limit)
    }

    public func cardSummaries(afterID: Int, limit: Int) -> [CardSummary] {
        Array(rows.values.filter { $0.card.id > afterID }
            .map { CardSummary(id: $0.card.id, version: $0.card.version, resourceName: $0.card.resourceName) }
            .sorted { $0.id < $1.id }.prefix(max(0, limit)))
    }

    public func cards(named names: [String]) -> [StoredCard] {
        let wanted = Set(names.map { Array($0.utf8) })
        return rows.values.map(\.card).filter { wanted.contains(Array($0.resourceName.utf8)) }.sorted { $0.id < $1.id }
    }

    public func latestChangeSequence() -> Int { lastSequence }

    /// Random: a memory store begins anew with every process.
    private let epoch = Int.random(in: 0..<(1 << 52))

    public func changeLogEpoch() -> Int { epoch }

    public func pruneChanges(keepingLast count: Int) {
        log.removeFirst(max(0, log.count - max(1, count)))
    }

    private var bookName: String?

    public func addressBookName() -> String? { bookName }

    public func setAddressBookName(_ name: String?) { bookName = name }

    private func logChange(_ event: FriendChange.Event, resourceName: String? = nil, wasGroup: Bool = false, isGroup: Bool = false) {
        lastSequence += 1
        log.append(LogEntry(
            change: FriendChange(sequence: lastSequence, event: event), resourceName: resourceName, wasGroup: wasGroup, isGroup: isGroup
        ))
    }

    /// What happened to a card, as CardDAV's sync tells it, and whether the card was a group
    /// before and after (see `LoggedChange`).
    private struct LogEntry {
        var change: FriendChange
        var resourceName: String?
        var wasGroup: Bool
        var isGroup: Bool
    }

    public func ping() {}

    public func close() {}
}
