/// The SQLite schema, one entry per version.
enum SQLiteMigrations {
    static let all: [[String]] = [
        // 1: friends, with folded sort/search columns kept beside the fields so every list and
        // search is an index range scan. The list-order index also carries the search columns,
        // so a search walking it in list order never touches the table to test a row.
        [
            """
            CREATE TABLE friends (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                firstname TEXT NOT NULL,
                lastname TEXT NOT NULL,
                phonenumber TEXT NOT NULL DEFAULT '',
                email TEXT NOT NULL DEFAULT '',
                about TEXT NOT NULL DEFAULT '',
                version INTEGER NOT NULL DEFAULT 1,
                sort_last TEXT NOT NULL,
                sort_first TEXT NOT NULL,
                search_full TEXT NOT NULL,
                phone_digits TEXT NOT NULL
            )
            """,
        ] + indexStatements,
    ]

    /// The secondary indexes of the current schema; bulk inserts drop and rebuild exactly these.
    /// A migration that changes an index must change this list too.
    static let indexStatements = [
        "CREATE INDEX friends_list_order ON friends (sort_last, sort_first, id, search_full, phone_digits)",
        "CREATE INDEX friends_search_full ON friends (search_full)",
        "CREATE INDEX friends_phone_digits ON friends (phone_digits)",
    ]

    static let indexNames = ["friends_list_order", "friends_search_full", "friends_phone_digits"]
}
