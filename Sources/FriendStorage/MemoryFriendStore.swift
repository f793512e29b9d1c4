import FriendsAPI

/// Friends in memory, for tests and `--database memory`. Lost when the process ends.
public actor MemoryFriendStore: FriendStore {
    private var rows: [Int: StoredFriend] = [:]
    private var lastID = 0
    private var migrated = false
    /// The change log, oldest first, numbered without gaps.
    private var log: [FriendChange] = []
    private var lastSequence = 0

    public init() {}

    public nonisolated var kind: String { "memory" }

    public func migrate() { migrated = true }

    public func schemaVersion() -> Int { migrated ? FriendSchema.currentVersion : 0 }

    public func list(_ request: FriendListRequest) -> [StoredFriend] {
        let matching = rows.values.filter { row in
            if let after = request.after, !(after < FriendSortKey(row.friend)) { return false }
            if let search = request.search, !search.matches(row.friend) { return false }
            return true
        }
        return Array(Self.inListOrder(matching).prefix(request.limit))
    }

    public func count(matching search: FriendSearch?, atMost limit: Int?) -> Int {
        let count = search.map { search in rows.values.count { search.matches($0.friend) } } ?? rows.count
        return limit.map { min($0, count) } ?? count
    }

    public func all() -> [StoredFriend] {
        Self.inListOrder(rows.values)
    }

    /// Folds each name once, not once per comparison: folding is most of the cost of sorting.
    private static func inListOrder(_ rows: some Sequence<StoredFriend>) -> [StoredFriend] {
        rows.map { (key: FriendSortKey($0.friend), row: $0) }.sorted { $0.key < $1.key }.map(\.row)
    }

    public func friend(id: Int) -> StoredFriend? {
        rows[id]
    }

    public func create(_ fields: NewFriend) -> StoredFriend {
        lastID += 1
        let row = StoredFriend(friend: Friend(id: lastID, fields), version: 1)
        rows[lastID] = row
        logChange(.created(row.friend, version: row.version))
        return row
    }

    public func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) throws -> StoredFriend {
        guard var row = rows[id] else { throw FriendStoreError.notFound(id: id) }
        guard precondition.isSatisfied(by: row.version) else {
            throw FriendStoreError.preconditionFailed(id: id, currentVersion: row.version)
        }
        let changed = update.applied(to: row.friend)
        if changed != row.friend {
            row = StoredFriend(friend: changed, version: row.version + 1)
            rows[id] = row
            logChange(.updated(row.friend, version: row.version))
        }
        return row
    }

    public func delete(id: Int, if precondition: VersionPrecondition) throws -> StoredFriend {
        guard let row = rows[id] else { throw FriendStoreError.notFound(id: id) }
        guard precondition.isSatisfied(by: row.version) else {
            throw FriendStoreError.preconditionFailed(id: id, currentVersion: row.version)
        }
        rows[id] = nil
        logChange(.deleted(id: id))
        return row
    }

    /// Logs one `reset` for the batch, as the SQL stores do.
    public func insert(_ friends: [NewFriend]) {
        for fields in friends {
            lastID += 1
            rows[lastID] = StoredFriend(friend: Friend(id: lastID, fields), version: 1)
        }
        logChange(.reset)
    }

    public func changes(after sequence: Int, limit: Int) -> [FriendChange]? {
        guard sequence <= lastSequence else { return nil }
        let start = log.firstIndex { $0.sequence > sequence } ?? log.endIndex
        if start < log.endIndex, log[start].sequence != sequence + 1 { return nil }
        return Array(log[start...].prefix(limit))
    }

    public func latestChangeSequence() -> Int { lastSequence }

    public func pruneChanges(keepingLast count: Int) {
        log.removeFirst(max(0, log.count - max(1, count)))
    }

    private func logChange(_ event: FriendChange.Event) {
        lastSequence += 1
        log.append(FriendChange(sequence: lastSequence, event: event))
    }

    public func ping() {}

    public func close() {}
}
