import FriendStorage
import SQLiteNIO

/// The SQL of one page of the list, built so that a page costs about the same at a million rows
/// however many friends a search matches.
///
/// A search is the union of up to three branches, each giving at most `limit` rows in list order:
/// - last-name prefix: a range of the list-order index itself, always cheap;
/// - full-name prefix and phone digits anywhere in the number: matches spread over the whole
///   list. When a branch matches many friends it walks the list-order index (which carries both
///   search columns) from the cursor and stops after `limit` hits, which come soon; when it
///   matches few, it collects them from its own index (the full-name prefix index, the phone
///   trigram index) and sorts that small set. A full-name prefix counts as dense from
///   `denseMatchCount` matches on (a capped count on its index); phone digits count as dense when
///   `phoneProbe` finds a page within the next `phoneProbeLength` friends (counting on the trigram
///   index is slow for digit runs that many numbers share, such as a country code).
struct SQLiteListQuery {
    /// At or above this many matches a branch counts as dense.
    static let denseMatchCount = 10_000
    /// The trigram index finds digit runs of at least this length; shorter ones match so many
    /// numbers that walking the list order finds a page at once.
    static let trigramLength = 3
    /// How many friends in list order `phoneProbe` looks at.
    static let phoneProbeLength = 20_000

    enum Branch: Equatable {
        case lastNamePrefix(String)
        case fullNamePrefix(String)
        case phoneDigits(String)
        /// Text anywhere in the organization or an email address.
        case extraText(String)

        /// How the match count and `denseBranches` name this branch.
        var name: String {
            switch self {
            case .lastNamePrefix: "sort_last"
            case .fullNamePrefix: "search_full"
            case .phoneDigits: "phone_digits"
            case .extraText: "search_extra"
            }
        }
    }

    var sql: String
    var binds: [SQLiteData]

    /// A bound `LIMIT`. SQLite reads a plain `?` there as a hint for the plan and compiles the
    /// statement again whenever a new value is bound, which undoes keeping compiled statements
    /// (`SQLiteDirectConnection`); behind a cast the value is only a value. The plans do not need
    /// it: every branch names its index.
    static let boundLimit = "CAST(? AS INTEGER)"

    /// The list without a search: the list-order index from the cursor, past the groups (whose
    /// empty sort columns put them first, and no search finds).
    init(_ request: FriendListRequest) {
        let (keyset, keysetBinds) = Self.keyset(request.after)
        let conditions = ["is_group = 0", keyset].compactMap { $0 }.joined(separator: " AND ")
        sql = "SELECT \(SQLiteFriendStore.columns) FROM friends INDEXED BY friends_list_order WHERE \(conditions) "
            + "ORDER BY sort_last, sort_first, id LIMIT \(Self.boundLimit)"
        binds = keysetBinds + [.integer(request.limit)]
    }

    /// A search; `denseBranches` names the spread-out branches that matched many friends.
    /// Every branch picks the ids of its page; only the rows of the final page are read in full.
    init(_ request: FriendListRequest, search: FriendSearch, denseBranches: Set<String>) {
        let (keyset, keysetBinds) = Self.keyset(request.after)
        let order = "ORDER BY sort_last, sort_first, id LIMIT \(Self.boundLimit)"
        var parts: [String] = []
        var binds: [SQLiteData] = []
        for branch in Self.branches(search) {
            let (source, match, matchBinds) = Self.source(of: branch, dense: denseBranches.contains(branch.name))
            let conditions = [match, keyset].compactMap { $0 }.joined(separator: " AND ")
            parts.append("SELECT id FROM (SELECT id FROM \(source) WHERE \(conditions) \(order))")
            binds += matchBinds + keysetBinds + [.integer(request.limit)]
        }
        sql = "SELECT \(SQLiteFriendStore.columns) FROM friends WHERE id IN (" + parts.joined(separator: " UNION ") + ") " + order
        self.binds = binds + [.integer(request.limit)]
    }

    /// Where a branch takes its ids from, and the condition a row must meet.
    private static func source(of branch: Branch, dense: Bool) -> (String, String, [SQLiteData]) {
        switch branch {
        case .lastNamePrefix(let text):
            return ("friends INDEXED BY friends_list_order", "sort_last >= ? AND sort_last < ?", prefixRange(text))
        case .fullNamePrefix(let text):
            let index = dense ? "friends_list_order" : "friends_search_full"
            return ("friends INDEXED BY \(index)", "search_full >= ? AND search_full < ?", prefixRange(text))
        case .phoneDigits(let digits):
            if dense || digits.count < trigramLength {
                return ("friends INDEXED BY friends_list_order", "instr(phone_digits, ?) > 0", [.text(digits)])
            }
            // The friends with every trigram of the digits, then those with the digits in a row.
            // NOT INDEXED keeps SQLite from walking the list order to test each row against the
            // few matches; it still looks the matches up by id.
            let match = "id IN (SELECT rowid FROM friends_phone_trigrams WHERE friends_phone_trigrams MATCH ?) "
                + "AND instr(phone_digits, ?) > 0"
            return ("friends NOT INDEXED", match, [.text(trigramQuery(digits)), .text(digits)])
        case .extraText(let text):
            if dense || text.unicodeScalars.count < trigramLength {
                return ("friends INDEXED BY friends_list_order", "instr(search_extra, ?) > 0", [.text(text)])
            }
            let match = "id IN (SELECT rowid FROM friends_extra_trigrams WHERE friends_extra_trigrams MATCH ?) "
                + "AND instr(search_extra, ?) > 0"
            return ("friends NOT INDEXED", match, [.text(trigramQuery(text)), .text(text)])
        }
    }

    /// The branches that may be dense, each with its match count capped at `denseMatchCount`
    /// (from an index and bounded, so cheap). Short digit runs need no count: they are always dense.
    static func matchCounts(_ search: FriendSearch) -> (sql: String, binds: [SQLiteData], columns: [String])? {
        var counts: [String] = []
        var binds: [SQLiteData] = []
        var columns: [String] = []
        for branch in branches(search) {
            switch branch {
            case .lastNamePrefix:
                continue
            case .fullNamePrefix(let text):
                counts.append("(SELECT count(*) FROM (SELECT 1 FROM friends WHERE search_full >= ? AND search_full < ? LIMIT \(Self.boundLimit)))")
                binds += prefixRange(text)
            case .phoneDigits, .extraText:
                continue
            }
            binds.append(.integer(denseMatchCount))
            columns.append(branch.name)
        }
        guard !counts.isEmpty else { return nil }
        let named = zip(counts, columns).map { "\($0) AS \($1)" }
        return ("SELECT " + named.joined(separator: ", "), binds, columns)
    }

    /// Whether the digits of `search` are dense: the SQL gives `limit` rows when the next
    /// `phoneProbeLength` friends after the cursor hold a page of matches. `nil` when there is
    /// nothing to probe (no digits, or too few for the trigram index: always dense).
    static func phoneProbe(_ request: FriendListRequest, search: FriendSearch) -> (sql: String, binds: [SQLiteData])? {
        guard let digits = search.phoneDigits, digits.count >= trigramLength else { return nil }
        return probe(request, column: "phone_digits", needle: digits)
    }

    /// The same for text in the organization and email addresses ("gmail" is in many).
    static func extraProbe(_ request: FriendListRequest, search: FriendSearch) -> (sql: String, binds: [SQLiteData])? {
        guard search.searchesExtra else { return nil }
        return probe(request, column: "search_extra", needle: search.text)
    }

    private static func probe(_ request: FriendListRequest, column: String, needle: String) -> (sql: String, binds: [SQLiteData]) {
        let (keyset, keysetBinds) = keyset(request.after)
        let window = "SELECT \(column) FROM friends INDEXED BY friends_list_order \(keyset.map { "WHERE \($0)" } ?? "") "
            + "ORDER BY sort_last, sort_first, id LIMIT \(Self.boundLimit)"
        return (
            "SELECT 1 FROM (\(window)) WHERE instr(\(column), ?) > 0 LIMIT \(Self.boundLimit)",
            keysetBinds + [.integer(phoneProbeLength), .text(needle), .integer(request.limit)]
        )
    }

    /// An FTS5 query for rows holding every trigram of `text` (in any order; `instr` checks the
    /// run), each an FTS5 string, in which a `"` is written twice. Trigrams are of Unicode scalars,
    /// as FTS5 counts: three characters that hold more (a zero-width joiner in Persian or in an
    /// emoji family) would make a phrase, which a `detail=none` index cannot look up.
    private static func trigramQuery(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        return (0...(scalars.count - trigramLength))
            .map { "\"" + String(String.UnicodeScalarView(scalars[$0..<($0 + trigramLength)])).replacing("\"", with: "\"\"") + "\"" }
            .joined(separator: " AND ")
    }

    /// How many friends match `search`, or every friend, counting at most `limit` rows: one count
    /// over the branches' conditions.
    static func count(_ search: FriendSearch?, atMost limit: Int?) -> (sql: String, binds: [SQLiteData]) {
        var conditions = ""
        var binds: [SQLiteData] = []
        if let search {
            (conditions, binds) = condition(search)
            conditions = "WHERE " + conditions
        }
        guard let limit else { return ("SELECT count(*) AS total FROM friends \(conditions)", binds) }
        return ("SELECT count(*) AS total FROM (SELECT 1 FROM friends \(conditions) LIMIT \(Self.boundLimit))", binds + [.integer(limit)])
    }

    /// The condition a friend matching `search` meets, over the columns of `friends`.
    static func condition(_ search: FriendSearch) -> (sql: String, binds: [SQLiteData]) {
        let matches = branches(search).map { source(of: $0, dense: false) }
        return ("(" + matches.map { "(\($0.1))" }.joined(separator: " OR ") + ")", matches.flatMap(\.2))
    }

    private static func keyset(_ after: FriendSortKey?) -> (String?, [SQLiteData]) {
        guard let after else { return (nil, []) }
        return ("(sort_last, sort_first, id) > (?, ?, ?)", [.text(after.lastname), .text(after.firstname), .integer(after.id)])
    }

    private static func prefixRange(_ prefix: String) -> [SQLiteData] {
        [.text(prefix), .text(FriendSearch.upperBound(ofPrefix: prefix))]
    }

    static func branches(_ search: FriendSearch) -> [Branch] {
        var branches: [Branch] = [.lastNamePrefix(search.text), .fullNamePrefix(search.text)]
        if let digits = search.phoneDigits { branches.append(.phoneDigits(digits)) }
        if search.searchesExtra { branches += search.extraTexts.map(Branch.extraText) }
        return branches
    }
}
