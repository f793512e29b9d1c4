import FriendStorage
import FriendsAPI
import PostgresNIO
import VCard

extension PostgresFriendStore {
    static let columns = "id, firstname, lastname, phonenumber, email, about, version, details"
    /// `columns` with empty details: rows read by `storedFriend` without decoding their details.
    static let seedColumns = "id, firstname, lastname, phonenumber, email, about, version, ''::text"
    static let cardColumns = "id, version, resource_name, card, is_group"

    static let writableColumnNames = [
        "firstname", "lastname", "phonenumber", "email", "about",
        "sort_last", "sort_first", "search_full", "phone_digits",
        "details", "card", "uid", "resource_name", "search_extra",
    ]
    static var writableColumns: String { writableColumnNames.joined(separator: ", ") }

    /// Values in the order of `writableColumnNames`.
    static func values(_ record: FriendRecord) -> [String] {
        let friend = record.friend
        let search = record.search
        return [
            friend.firstname, friend.lastname, friend.phonenumber, friend.email, friend.about,
            search.lastname, search.firstname, search.fullName, search.phoneDigits,
            record.details, record.cardText, friend.uid, record.resourceName, search.extra,
        ]
    }

    static func bindings(_ record: FriendRecord) -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values(record) { binds.append(value) }
        return binds
    }

    /// What a write of one card sets: `writableColumnNames` (the columns of version 5, which its
    /// migration fills), then whether the card is a group's.
    static var recordColumnNames: [String] { writableColumnNames + ["is_group"] }

    /// Binds in the order of `recordColumnNames`.
    static func recordBindings(_ record: FriendRecord) -> PostgresBindings {
        var binds = bindings(record)
        binds.append(record.isGroup)
        return binds
    }

    static func storedCard(_ row: PostgresRow) throws -> StoredCard {
        let (id, version, name, text, isGroup) = try row.decode((Int, Int, String, String, Bool).self)
        return StoredCard(id: id, version: version, resourceName: name, text: text, isGroup: isGroup)
    }

    static func bindings(_ values: any PostgresDynamicTypeEncodable...) -> PostgresBindings {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return binds
    }

    /// A statement with `%s` replaced by the schema and `$1…` bound to `values`.
    func sql(_ statement: String, _ values: any PostgresDynamicTypeEncodable...) -> PostgresQuery {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        return PostgresQuery(unsafeSQL: statement.replacingOccurrences(of: "%s", with: schema), binds: binds)
    }

    func rows(_ query: PostgresQuery) async throws -> [StoredFriend] {
        try await withConnection { connection in
            try await connection.query(query, logger: self.logger).collect().map(Self.storedFriend)
        }
    }

    /// A pooled connection for `body`; fails fast with `FriendStoreError.unavailable` while the
    /// database is down. `isLong` lifts the limit on waiting for answers, for work that turns the
    /// statement timeout off (migrating, seeding).
    func withConnection<T: Sendable>(
        leaseTimeout: Duration? = nil,
        isLong: Bool = false,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        // The server cancels a statement at its statement_timeout: silence well past it means a lost connection.
        let answerTimeout = isLong ? nil : connector.statementLimit.map { $0 + Self.answerGrace }
        return try await connector.withConnection(
            leaseTimeout: leaseTimeout ?? requestLeaseTimeout, answerTimeout: answerTimeout, body
        )
    }

    static func storedFriend(_ row: PostgresRow) throws -> StoredFriend {
        let (id, firstname, lastname, phonenumber, email, about, version, details) =
            try row.decode((Int, String, String, String, String, String, Int, String).self)
        var friend = Friend(
            id: id, firstname: firstname, lastname: lastname,
            phonenumber: phonenumber, email: email, about: about
        )
        FriendDetails.apply(details, to: &friend)
        return StoredFriend(friend: friend, version: version)
    }

    func readSchemaVersion(_ connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query(
            sql("SELECT COALESCE(MAX(version), 0) FROM %s.\(FriendSchema.migrationsTable)"), logger: logger
        ).collect()
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// The row locked for the rest of the transaction, once it exists and satisfies `precondition`.
    /// `friendsOnly`: a group's row is not found.
    func lockedRow(
        id: Int, precondition: VersionPrecondition, friendsOnly: Bool = false, _ connection: PostgresConnection
    ) async throws -> StoredFriend {
        let found = try await connection.query(
            sql("SELECT \(Self.columns) FROM %s.friends WHERE id = $1 \(friendsOnly ? "AND NOT is_group" : "") FOR UPDATE", id), logger: logger
        ).collect()
        guard let stored = try found.first.map(Self.storedFriend) else { throw FriendStoreError.notFound(id: id) }
        guard precondition.isSatisfied(by: stored.version) else {
            throw FriendStoreError.preconditionFailed(id: id, currentVersion: stored.version)
        }
        return stored
    }

    /// Runs `body` in a transaction. Not the driver's `withTransaction`: that sends `ROLLBACK` after
    /// any error, and the driver drops what is written to a connection that has ended without
    /// failing it, so after the server ended the session (its idle-in-transaction timeout, say) the
    /// `ROLLBACK` would wait for ever. The server rolls back the transaction of a session that ends.
    func transaction<T: Sendable>(
        leaseTimeout: Duration? = nil,
        isLong: Bool = false,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withConnection(leaseTimeout: leaseTimeout, isLong: isLong) { connection in
            try await connection.query("BEGIN", logger: self.logger)
            let value: T
            do {
                value = try await body(connection)
            } catch {
                if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: self.logger) }
                throw error
            }
            guard !connection.isClosed else { throw PostgresConnector.ConnectionEnded() }
            try await connection.query("COMMIT", logger: self.logger)
            return value
        }
    }

    func run(_ step: MigrationStep, _ connection: PostgresConnection) async throws {
        switch step {
        case .sql(let statement):
            try await connection.query(sql(statement), logger: logger)
        case .refoldSearchColumns:
            var after = 0
            while true {
                let candidates = MigrationStep.refoldCandidates(table: "%s.friends", after: "$1")
                let rows = try await connection.query(sql(candidates, after), logger: logger).collect()
                for row in rows {
                    let (id, firstname, lastname, sortLast, sortFirst, searchFull) =
                        try row.decode((Int, String, String, String, String, String).self)
                    let folded = SearchColumns(firstname: firstname, lastname: lastname, phonenumber: "")
                    guard (folded.lastname, folded.firstname, folded.fullName) != (sortLast, sortFirst, searchFull) else { continue }
                    try await connection.query(
                        sql("UPDATE %s.friends SET sort_last = $1, sort_first = $2, search_full = $3 WHERE id = $4",
                            folded.lastname, folded.firstname, folded.fullName, id),
                        logger: logger
                    )
                }
                guard rows.count == MigrationStep.refoldBatchSize, let last = rows.last else { return }
                after = try last.decode((Int, String, String, String, String, String).self).0
            }
        case .makeCards:
            let assignments = Self.writableColumnNames.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
            let madeAny = try await withoutLoggingEach(connection) {
                var after = 0
                var madeAny = false
                while true {
                    let rows = try await connection.query(sql(MigrationStep.cardlessRows(table: "%s.friends", after: "$1"), after), logger: logger).collect()
                    for row in rows {
                        let (id, firstname, lastname, phonenumber, email, about) = try row.decode((Int, String, String, String, String, String).self)
                        let fields = NewFriend(firstname: firstname, lastname: lastname, phonenumber: phonenumber, email: email, about: about)
                        var binds = Self.bindings(FriendRecord(newFriend: fields))
                        binds.append(id)
                        try await connection.query(
                            PostgresQuery(unsafeSQL: "UPDATE \(schema).friends SET \(assignments) WHERE id = $\(binds.count)", binds: binds),
                            logger: logger
                        )
                        madeAny = true
                        after = id
                    }
                    guard rows.count == MigrationStep.refoldBatchSize else { return madeAny }
                }
            }
            if madeAny { try await logReset(connection) }
        case .rederivePhoneDigits:
            var after = 0
            while true {
                let rows = try await connection.query(sql(MigrationStep.phoneRows(table: "%s.friends", after: "$1"), after), logger: logger).collect()
                for row in rows {
                    let (id, phonenumber, details, stored) = try row.decode((Int, String, String, String).self)
                    after = id
                    let digits = MigrationStep.phoneDigits(phonenumber: phonenumber, details: details)
                    guard digits != stored else { continue }
                    try await connection.query(sql("UPDATE %s.friends SET phone_digits = $1 WHERE id = $2", digits, id), logger: logger)
                }
                guard rows.count == MigrationStep.refoldBatchSize else { return }
            }
        case .markGroups:
            var after = 0
            while true {
                let rows = try await connection.query(sql(MigrationStep.groupCandidates(table: "%s.friends", after: "$1"), after), logger: logger).collect()
                for row in rows {
                    let (id, card) = try row.decode((Int, String).self)
                    after = id
                    guard MigrationStep.isGroup(card: card) else { continue }
                    let search = SearchColumns.unsearchable
                    try await connection.query(
                        sql(
                            """
                            UPDATE %s.friends SET is_group = true, sort_last = $1, sort_first = $2, search_full = $3, phone_digits = $4,
                                search_extra = $5 WHERE id = $6
                            """,
                            search.lastname, search.firstname, search.fullName, search.phoneDigits, search.extra, id),
                        logger: logger
                    )
                }
                guard rows.count == MigrationStep.refoldBatchSize else { return }
            }
        case .rederiveFromCards:
            let names = MigrationStep.rederivedColumnNames
            let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
            var after = 0
            while true {
                let rows = try await connection.query(sql(MigrationStep.cardRows(table: "%s.friends", after: "$1"), after), logger: logger).collect()
                for row in rows {
                    let columns = row.makeRandomAccess()
                    let id = try columns[0].decode(Int.self)
                    after = id
                    let stored = try (2...12).map { try columns[$0].decode(String.self) }
                    guard let record = MigrationStep.rederived(card: try columns[1].decode(String.self), stored: stored) else { continue }
                    var binds = PostgresBindings()
                    for value in MigrationStep.rederivedValues(of: record) { binds.append(value) }
                    binds.append(id)
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "UPDATE \(schema).friends SET \(assignments), version = version + 1 WHERE id = $\(names.count + 1)", binds: binds
                        ),
                        logger: logger
                    )
                }
                guard rows.count == MigrationStep.rederiveBatchSize else { return }
            }
        }
    }
}
