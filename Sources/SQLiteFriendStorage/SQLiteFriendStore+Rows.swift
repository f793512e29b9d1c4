import FriendStorage
import FriendsAPI
import SQLiteNIO

extension SQLiteFriendStore {
    /// The writer's page cache in KiB (negative means KiB to SQLite): 2 MiB normally, 256 MiB while
    /// bulk inserting. 4 MiB added 2.4 MB to the server's peak under the load script and, since
    /// pages are read on the calling thread, made no clear difference to writes or to the list
    /// under writes at a million friends (see BENCHMARKS.md).
    static let cacheSize = -2_048
    static let bulkCacheSize = -262_144
    /// Read-only connections, and the page cache of each (1 MiB; the writer's is 2 MiB). Each
    /// reader also keeps its compiled statements and has a thread of its own; with 2 MiB caches
    /// the server peaked at 54 MB serving a million friends, with 1 MiB at 50 MB, at the same
    /// speed within the machine's noise (see BENCHMARKS.md). The files' pages stay in the OS cache.
    static let readerCount = 4
    static let readerCacheSize = -1_024
    static let bulkInsertThreshold = 10_000
    /// How long a statement waits for another connection's write lock, in milliseconds.
    static let busyTimeout = 5_000
    /// Opening and migrating wait for another process (which may be migrating a large file) in
    /// short blocking waits with pauses between them, so that they never hold SQLite's few
    /// threads for long: a connection blocked in a long wait could keep the process holding the
    /// lock from finishing.
    static let startupBusyTimeout = 50
    static let startupPatience: Duration = .seconds(120)

    /// Runs `body` again while another connection holds the lock it needs, pausing in between.
    static func retryingWhileBusy<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let clock = ContinuousClock()
        let giveUp = clock.now + startupPatience
        while true {
            do {
                return try await body()
            } catch let error as SQLiteFailure where error.isBusy && clock.now < giveUp {
                try await Task.sleep(for: .milliseconds(startupBusyTimeout))
            }
        }
    }
    static let rowsPerStatement = 500

    static let columns = "id, firstname, lastname, phonenumber, email, about, version, details"
    /// `columns` with empty details: rows read by `storedFriend` without decoding their details.
    static let seedColumns = "id, firstname, lastname, phonenumber, email, about, version, ''"
    static let cardColumns = "id, version, resource_name, card, is_group"

    static let writableColumnNames = [
        "firstname", "lastname", "phonenumber", "email", "about",
        "sort_last", "sort_first", "search_full", "phone_digits",
        "details", "card", "uid", "resource_name", "search_extra",
    ]
    static var writableColumns: String { writableColumnNames.joined(separator: ", ") }
    static var writablePlaceholders: String {
        Array(repeating: "?", count: writableColumnNames.count).joined(separator: ", ")
    }

    /// What a write of one card sets: `writableColumnNames` (the columns of version 5, which its
    /// migration fills), then whether the card is a group's.
    static var recordColumns: String { writableColumns + ", is_group" }
    static var recordPlaceholders: String { writablePlaceholders + ", ?" }

    /// Binds in the order of `recordColumns`.
    @Sendable static func recordBinds(_ record: FriendRecord) -> [SQLiteData] {
        binds(record) + [.integer(record.isGroup ? 1 : 0)]
    }

    /// Binds in the order of `writableColumnNames`.
    @Sendable static func binds(_ record: FriendRecord) -> [SQLiteData] {
        let friend = record.friend
        let search = record.search
        return [
            friend.firstname, friend.lastname, friend.phonenumber, friend.email, friend.about,
            search.lastname, search.firstname, search.fullName, search.phoneDigits,
            record.details, record.cardText, friend.uid, record.resourceName, search.extra,
        ].map { .text($0) }
    }

    /// A row that starts with `columns`, read by position: looking each column up by name would
    /// hash seven names a row.
    @Sendable static func storedFriend(_ row: SQLiteDirectRow) throws -> StoredFriend {
        guard
            let id = row.integer(0),
            let firstname = row.text(1),
            let lastname = row.text(2),
            let phonenumber = row.text(3),
            let email = row.text(4),
            let about = row.text(5),
            let version = row.integer(6)
        else {
            throw FriendStoreError.unavailable("a friends row with a missing or mistyped column")
        }
        var friend = Friend(
            id: id, firstname: firstname, lastname: lastname,
            phonenumber: phonenumber, email: email, about: about
        )
        FriendDetails.apply(row.text(7) ?? "", to: &friend)
        return StoredFriend(friend: friend, version: version)
    }

    @Sendable static func storedCard(_ row: SQLiteDirectRow) throws -> StoredCard {
        guard let id = row.integer(0), let version = row.integer(1), let name = row.text(2), let text = row.text(3) else {
            throw FriendStoreError.unavailable("a friends row with a missing or mistyped card column")
        }
        return StoredCard(id: id, version: version, resourceName: name, text: text, isGroup: row.integer(4) == 1)
    }

    static func readCard(id: Int, _ connection: SQLiteDirectConnection) throws -> StoredCard? {
        try connection.rows("SELECT \(cardColumns) FROM friends WHERE id = ?", [.integer(id)], storedCard).first
    }

    /// Friend `id`, or `nil` when there is none or it is a group.
    static func readFriend(id: Int, _ connection: SQLiteDirectConnection) throws -> StoredFriend? {
        try connection.rows("SELECT \(columns) FROM friends WHERE id = ? AND is_group = 0", [.integer(id)], storedFriend).first
    }

    /// A page of the list: for a search, first which of its branches match many friends.
    static func list(_ request: FriendListRequest, _ connection: SQLiteDirectConnection) throws -> [StoredFriend] {
        guard let search = request.search else {
            return try query(SQLiteListQuery(request), connection)
        }
        var dense: Set<String> = []
        if let counts = SQLiteListQuery.matchCounts(search) {
            let row = try connection.rows(counts.sql, counts.binds) { row in
                counts.columns.indices.map { row.integer(Int32($0)) ?? 0 }
            }.first
            dense = Set(zip(counts.columns, row ?? []).filter { $0.1 >= SQLiteListQuery.denseMatchCount }.map(\.0))
        }
        if let probe = SQLiteListQuery.phoneProbe(request, search: search),
            try connection.rows(probe.sql, probe.binds, { _ in () }).count == request.limit {
            dense.insert(SQLiteListQuery.Branch.phoneDigits("").name)
        }
        if let probe = SQLiteListQuery.extraProbe(request, search: search),
            try connection.rows(probe.sql, probe.binds, { _ in () }).count == request.limit {
            dense.insert(SQLiteListQuery.Branch.extraText("").name)
        }
        return try query(SQLiteListQuery(request, search: search, denseBranches: dense), connection)
    }

    static func count(matching search: FriendSearch?, atMost limit: Int?, _ connection: SQLiteDirectConnection) throws -> Int {
        if search == nil {
            let total = try connection.integer("SELECT total FROM friend_total") ?? 0
            return limit.map { min(total, $0) } ?? total
        }
        let count = SQLiteListQuery.count(search, atMost: limit)
        return try connection.integer(count.sql, count.binds) ?? 0
    }

    static func query(_ query: SQLiteListQuery, _ connection: SQLiteDirectConnection) throws -> [StoredFriend] {
        try connection.rows(query.sql, query.binds, storedFriend)
    }

    /// The row of card `id`, a group's too.
    static func read(id: Int, _ connection: SQLiteDirectConnection) throws -> StoredFriend? {
        try connection.rows("SELECT \(columns) FROM friends WHERE id = ?", [.integer(id)], storedFriend).first
    }

    static func readSchemaVersion(_ connection: SQLiteDirectConnection) throws -> Int {
        try connection.integer("SELECT MAX(version) FROM \(FriendSchema.migrationsTable)") ?? 0
    }

    static func run(_ step: MigrationStep, _ connection: SQLiteDirectConnection) throws {
        switch step {
        case .sql(let statement):
            try connection.execute(statement)
        case .refoldSearchColumns:
            var after = 0
            while true {
                let rows = try connection.rows(MigrationStep.refoldCandidates(table: "friends", after: "?"), [.integer(after)]) { row in
                    (id: row.integer(0), names: (1...5).map { row.text(Int32($0)) })
                }
                for row in rows {
                    guard let id = row.id, let firstname = row.names[0], let lastname = row.names[1] else { continue }
                    let folded = SearchColumns(firstname: firstname, lastname: lastname, phonenumber: "")
                    guard Array(row.names[2...]) != [folded.lastname, folded.firstname, folded.fullName] else { continue }
                    try connection.run(
                        "UPDATE friends SET sort_last = ?, sort_first = ?, search_full = ? WHERE id = ?",
                        [.text(folded.lastname), .text(folded.firstname), .text(folded.fullName), .integer(id)]
                    )
                }
                guard rows.count == MigrationStep.refoldBatchSize, let last = rows.last?.id else { return }
                after = last
            }
        case .makeCards:
            var after = 0
            var madeAny = false
            let assignments = writableColumnNames.map { "\($0) = ?" }.joined(separator: ", ")
            while true {
                let rows = try connection.rows(MigrationStep.cardlessRows(table: "friends", after: "?"), [.integer(after)]) { row in
                    (id: row.integer(0) ?? 0, fields: NewFriend(
                        firstname: row.text(1) ?? "", lastname: row.text(2) ?? "", phonenumber: row.text(3) ?? "",
                        email: row.text(4) ?? "", about: row.text(5) ?? ""
                    ))
                }
                for row in rows {
                    try connection.run("UPDATE friends SET \(assignments) WHERE id = ?", binds(FriendRecord(newFriend: row.fields)) + [.integer(row.id)])
                    madeAny = true
                }
                guard rows.count == MigrationStep.refoldBatchSize, let last = rows.last?.id else { break }
                after = last
            }
            if madeAny { try connection.execute("INSERT INTO \(FriendSchema.changesTable) (kind) VALUES ('reset')") }
        case .rederivePhoneDigits:
            var after = 0
            while true {
                let rows = try connection.rows(MigrationStep.phoneRows(table: "friends", after: "?"), [.integer(after)]) { row in
                    (id: row.integer(0) ?? 0, phonenumber: row.text(1) ?? "", details: row.text(2) ?? "", stored: row.text(3) ?? "")
                }
                for row in rows {
                    let digits = MigrationStep.phoneDigits(phonenumber: row.phonenumber, details: row.details)
                    guard digits != row.stored else { continue }
                    try connection.run("UPDATE friends SET phone_digits = ? WHERE id = ?", [.text(digits), .integer(row.id)])
                }
                guard rows.count == MigrationStep.refoldBatchSize, let last = rows.last?.id else { return }
                after = last
            }
        case .markGroups:
            var after = 0
            while true {
                let rows = try connection.rows(MigrationStep.groupCandidates(table: "friends", after: "?"), [.integer(after)]) { row in
                    (id: row.integer(0) ?? 0, card: row.text(1) ?? "")
                }
                for row in rows where MigrationStep.isGroup(card: row.card) {
                    let search = SearchColumns.unsearchable
                    try connection.run(
                        """
                        UPDATE friends SET is_group = 1, sort_last = ?, sort_first = ?, search_full = ?, phone_digits = ?, search_extra = ?
                        WHERE id = ?
                        """,
                        [search.lastname, search.firstname, search.fullName, search.phoneDigits, search.extra].map { .text($0) } + [.integer(row.id)]
                    )
                }
                guard rows.count == MigrationStep.refoldBatchSize, let last = rows.last?.id else { return }
                after = last
            }
        case .rederiveFromCards:
            let assignments = MigrationStep.rederivedColumnNames.map { "\($0) = ?" }.joined(separator: ", ")
            var after = 0
            while true {
                let rows = try connection.rows(MigrationStep.cardRows(table: "friends", after: "?"), [.integer(after)]) { row in
                    (id: row.integer(0) ?? 0, card: row.text(1) ?? "", stored: (2...12).map { row.text(Int32($0)) ?? "" })
                }
                for row in rows {
                    guard let record = MigrationStep.rederived(card: row.card, stored: row.stored) else { continue }
                    try connection.run(
                        "UPDATE friends SET \(assignments), version = version + 1 WHERE id = ?",
                        MigrationStep.rederivedValues(of: record).map { .text($0) } + [.integer(row.id)]
                    )
                }
                guard rows.count == MigrationStep.rederiveBatchSize, let last = rows.last?.id else { return }
                after = last
            }
        }
    }

    /// Inserts `records` and returns, in the same order, each one's row, or a refusal for one whose
    /// resource name another friend has by now (a client's `PUT` racing another to a new name):
    /// that friend alone is refused, as a write whose precondition failed, and writes nothing.
    ///
    /// One statement for up to `maximumReturningInsertSize` friends: before every statement FTS5
    /// writes what it holds in memory to its index, as a new segment that it merges later.
    static func insertReturning(
        _ records: [FriendRecord], _ connection: SQLiteDirectConnection
    ) throws -> [Result<StoredFriend, FriendStoreError>] {
        // A UID already taken refuses its record, as a taken resource name does: taken before this
        // transaction began (another process's write of it committed first: SQLite lets one
        // writer in at a time), or by an earlier record of this batch.
        var refusals: [Int: FriendStoreError] = [:]
        // Keyed by bytes, as SQLite compares UIDs (`String` takes two spellings of `é` for one).
        var firstOfKey: [[UInt8]: Int] = [:]
        var laterOfKey: [Int: Int] = [:]
        for (index, record) in records.enumerated() where record.refusesTakenUID {
            let key = Array(UIDSpellings.key(record.friend.uid).utf8)
            if let first = firstOfKey[key] {
                laterOfKey[index] = first
            } else if let refusal = try refusal(forTakenUID: record.friend.uid, connection) {
                refusals[index] = refusal
            } else {
                firstOfKey[key] = index
            }
        }
        guard !refusals.isEmpty || !laterOfKey.isEmpty else { return try insertReturningUnchecked(records, connection) }
        let kept = records.indices.filter { refusals[$0] == nil && laterOfKey[$0] == nil }
        let inserted = Dictionary(uniqueKeysWithValues: zip(kept, try insertReturningUnchecked(kept.map { records[$0] }, connection)))
        return records.indices.map { index in
            if let outcome = inserted[index] { return outcome }
            if let refusal = refusals[index] { return .failure(refusal) }
            let holder = laterOfKey[index].flatMap { try? inserted[$0]?.get() }
            return .failure(.preconditionFailed(id: holder?.friend.id ?? 0, currentVersion: holder?.version ?? 0))
        }
    }

    private static func refusal(forTakenUID uid: String, _ connection: SQLiteDirectConnection) throws -> FriendStoreError? {
        let spellings = UIDSpellings.all(of: uid)
        let placeholders = Array(repeating: "?", count: spellings.count).joined(separator: ", ")
        let holder = try connection.rows(
            "SELECT id, version FROM friends WHERE uid IN (\(placeholders)) ORDER BY id LIMIT 1", spellings.map { .text($0) }
        ) { row in (id: row.integer(0) ?? 0, version: row.integer(1) ?? 0) }.first
        return holder.map { .preconditionFailed(id: $0.id, currentVersion: $0.version) }
    }

    private static func insertReturningUnchecked(
        _ records: [FriendRecord], _ connection: SQLiteDirectConnection
    ) throws -> [Result<StoredFriend, FriendStoreError>] {
        var outcomes: [Result<StoredFriend, FriendStoreError>] = []
        var rest = records[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(maximumReturningInsertSize)
            rest = rest.dropFirst(chunk.count)
            let statement = returningInsert(rows: chunk.count)
            let padding = Array(repeating: SQLiteData.null, count: (statement.rows - chunk.count) * (writableColumnNames.count + 1))
            // RETURNING gives its rows in no promised order: each is matched by its resource name,
            // by its bytes as SQLite compares it (`String` takes two spellings of `é` for one).
            let inserted = try connection.rows(statement.sql, chunk.flatMap(recordBinds) + padding) { row in
                (name: Array((row.text(8) ?? "").utf8), friend: try storedFriend(row))
            }
            var byName = Dictionary(inserted.map { ($0.name, $0.friend) }, uniquingKeysWith: { first, _ in first })
            for record in chunk {
                // A name given twice in one chunk was inserted for its first friend only.
                guard let row = byName.removeValue(forKey: Array(record.resourceName.utf8)) else {
                    outcomes.append(.failure(try refusal(forTaken: record.resourceName, connection)))
                    continue
                }
                outcomes.append(.success(row))
            }
        }
        return outcomes
    }

    private static func refusal(forTaken name: String, _ connection: SQLiteDirectConnection) throws -> FriendStoreError {
        let holder = try connection.rows("SELECT id, version FROM friends WHERE resource_name = ?", [.text(name)]) { row in
            (id: row.integer(0) ?? 0, version: row.integer(1) ?? 0)
        }.first
        guard let holder else { return .unavailable("INSERT returned no row for a friend") }
        return .preconditionFailed(id: holder.id, currentVersion: holder.version)
    }

    /// The statement that inserts `count` friends (at most `maximumReturningInsertSize`) and how many
    /// rows it binds: one friend alone, or the statement of the most rows, whose rows beyond
    /// `count` are bound as NULL and left out. The writer keeps the two compiled (with the triggers
    /// a statement of many rows is tens of KB of program: one of every size up to 32 added 1.7 MB
    /// to the server's peak).
    static func returningInsert(rows count: Int) -> (sql: String, rows: Int) {
        count == 1 ? (singleReturningInsert, 1) : (paddedReturningInsert, maximumReturningInsertSize)
    }

    static let maximumReturningInsertSize = 32

    private static let singleReturningInsert = """
        INSERT INTO friends (\(recordColumns)) VALUES (\(recordPlaceholders))
        ON CONFLICT (resource_name) DO NOTHING RETURNING \(columns), resource_name
        """

    /// `firstname` is never NULL in a friend, so a row whose first value is NULL is padding.
    private static let paddedReturningInsert = """
        INSERT INTO friends (\(recordColumns))
        SELECT * FROM (VALUES \(Array(repeating: "(\(recordPlaceholders))", count: maximumReturningInsertSize).joined(separator: ", ")))
        WHERE column1 IS NOT NULL
        ON CONFLICT (resource_name) DO NOTHING RETURNING \(columns), resource_name
        """

    /// Multi-row `INSERT … VALUES (…), (…)`, `rowsPerStatement` rows a statement.
    static func insertRows(_ friends: [FriendRecord], _ connection: SQLiteDirectConnection) throws {
        var start = friends.startIndex
        while start < friends.endIndex {
            let end = min(start + rowsPerStatement, friends.endIndex)
            let batch = friends[start..<end]
            let values = Array(repeating: "(\(writablePlaceholders))", count: batch.count).joined(separator: ", ")
            try connection.run("INSERT INTO friends (\(writableColumns)) VALUES \(values)", batch.flatMap(binds))
            start = end
        }
    }
}
