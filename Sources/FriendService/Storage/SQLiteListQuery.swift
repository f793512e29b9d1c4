import SQLiteNIO

/// The SQL of one page of the list, built so that a page costs about the same at a million rows
/// however many friends a search matches.
///
/// A search is the union of three branches, each giving at most `limit` rows in list order:
/// - last-name prefix: a range of the list-order index itself, always cheap;
/// - full-name prefix and phone-digit prefix: matches spread over the whole list. When a branch
///   matches many friends (`denseMatchCount` or more) it walks the list-order index from the
///   cursor and stops after `limit` hits, which come soon; when it matches few, it collects them
///   from its own prefix index and sorts that small set.
struct SQLiteListQuery {
    /// At or above this many matches a branch counts as dense.
    static let denseMatchCount = 10_000

    struct Branch {
        var column: String
        var low: String
        var high: String

        /// The prefix index of this branch's column.
        var index: String {
            switch column {
            case "search_full": "friends_search_full"
            case "phone_digits": "friends_phone_digits"
            default: "friends_list_order"
            }
        }
    }

    var sql: String
    var binds: [SQLiteData]

    /// The list without a search: the list-order index from the cursor.
    init(_ request: FriendListRequest) {
        let (keyset, keysetBinds) = Self.keyset(request.after)
        sql = "SELECT \(SQLiteFriendStore.columns) FROM friends \(keyset.map { "WHERE \($0)" } ?? "") "
            + "ORDER BY sort_last, sort_first, id LIMIT ?"
        binds = keysetBinds + [.integer(request.limit)]
    }

    /// A search; `denseBranches` names the spread-out branches that matched many friends.
    /// Every branch picks the ids of its page from an index alone; only the rows of the final
    /// page are read from the table.
    init(_ request: FriendListRequest, search: FriendSearch, denseBranches: Set<String>) {
        let (keyset, keysetBinds) = Self.keyset(request.after)
        let order = "ORDER BY sort_last, sort_first, id LIMIT ?"
        var parts: [String] = []
        var binds: [SQLiteData] = []
        for branch in Self.branches(search) {
            let range = "\(branch.column) >= ? AND \(branch.column) < ?"
            let conditions = [range, keyset].compactMap { $0 }.joined(separator: " AND ")
            let index = branch.column == "sort_last" || denseBranches.contains(branch.column)
                ? "friends_list_order" : branch.index
            let source = "friends INDEXED BY \(index)"
            parts.append("SELECT id FROM (SELECT id FROM \(source) WHERE \(conditions) \(order))")
            binds += [.text(branch.low), .text(branch.high)] + keysetBinds + [.integer(request.limit)]
        }
        sql = "SELECT \(SQLiteFriendStore.columns) FROM friends WHERE id IN (" + parts.joined(separator: " UNION ") + ") " + order
        self.binds = binds + [.integer(request.limit)]
    }

    /// The spread-out branches of a search, each with its match count capped at `denseMatchCount`
    /// (index-only and bounded, so cheap).
    static func matchCounts(_ search: FriendSearch) -> (sql: String, binds: [SQLiteData], columns: [String]) {
        let spread = branches(search).filter { $0.column != "sort_last" }
        let counts = spread.map {
            "(SELECT count(*) FROM (SELECT 1 FROM friends WHERE \($0.column) >= ? AND \($0.column) < ? LIMIT ?)) AS \($0.column)"
        }
        let binds = spread.flatMap { [SQLiteData.text($0.low), .text($0.high), .integer(denseMatchCount)] }
        return ("SELECT " + counts.joined(separator: ", "), binds, spread.map(\.column))
    }

    /// How many friends match `search`, or every friend, counting at most `limit` rows: one count
    /// over the branches' ranges.
    static func count(_ search: FriendSearch?, atMost limit: Int?) -> (sql: String, binds: [SQLiteData]) {
        var conditions = ""
        var binds: [SQLiteData] = []
        if let search {
            let branches = branches(search)
            conditions = "WHERE " + branches.map { "(\($0.column) >= ? AND \($0.column) < ?)" }.joined(separator: " OR ")
            binds = branches.flatMap { [.text($0.low), .text($0.high)] }
        }
        guard let limit else { return ("SELECT count(*) AS total FROM friends \(conditions)", binds) }
        return ("SELECT count(*) AS total FROM (SELECT 1 FROM friends \(conditions) LIMIT ?)", binds + [.integer(limit)])
    }

    private static func keyset(_ after: FriendSortKey?) -> (String?, [SQLiteData]) {
        guard let after else { return (nil, []) }
        return ("(sort_last, sort_first, id) > (?, ?, ?)", [.text(after.lastname), .text(after.firstname), .integer(after.id)])
    }

    static func branches(_ search: FriendSearch) -> [Branch] {
        let high = FriendSearch.upperBound(ofPrefix: search.text)
        var branches = [
            Branch(column: "sort_last", low: search.text, high: high),
            Branch(column: "search_full", low: search.text, high: high),
        ]
        if let digits = search.phoneDigits {
            branches.append(Branch(column: "phone_digits", low: digits, high: FriendSearch.upperBound(ofPrefix: digits)))
        }
        return branches
    }
}
