import FriendStorage

/// The SQLite schema, one entry per version.
enum SQLiteMigrations {
    static let all: [[MigrationStep]] = [
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
            "CREATE INDEX friends_list_order ON friends (sort_last, sort_first, id, search_full, phone_digits)",
            "CREATE INDEX friends_search_full ON friends (search_full)",
            "CREATE INDEX friends_phone_digits ON friends (phone_digits)",
        ],
        // 2: the prefix indexes carry the list order too, so a search that collects a few thousand
        // matches sorts them from the index alone and reads only the rows of its page.
        [
            "DROP INDEX friends_search_full",
            "DROP INDEX friends_phone_digits",
            "CREATE INDEX friends_search_full ON friends (search_full, sort_last, sort_first, id)",
            "CREATE INDEX friends_phone_digits ON friends (phone_digits, sort_last, sort_first, id)",
        ],
        // 3: names folded again (ø → o, ł → l, ß → ss, …), and phone digits found anywhere in the
        // number: an FTS5 trigram index over `phone_digits` (external content, kept in step by
        // triggers) replaces the prefix index.
        [
            .refoldSearchColumns,
            "DROP INDEX friends_phone_digits",
            """
            CREATE VIRTUAL TABLE friends_phone_trigrams USING fts5(
                phone_digits, content = 'friends', content_rowid = 'id', tokenize = 'trigram', detail = 'none')
            """,
            """
            CREATE TRIGGER friends_phone_trigrams_insert AFTER INSERT ON friends BEGIN
                INSERT INTO friends_phone_trigrams (rowid, phone_digits) VALUES (new.id, new.phone_digits);
            END
            """,
            """
            CREATE TRIGGER friends_phone_trigrams_delete AFTER DELETE ON friends BEGIN
                INSERT INTO friends_phone_trigrams (friends_phone_trigrams, rowid, phone_digits)
                VALUES ('delete', old.id, old.phone_digits);
            END
            """,
            """
            CREATE TRIGGER friends_phone_trigrams_update AFTER UPDATE OF phone_digits ON friends BEGIN
                INSERT INTO friends_phone_trigrams (friends_phone_trigrams, rowid, phone_digits)
                VALUES ('delete', old.id, old.phone_digits);
                INSERT INTO friends_phone_trigrams (rowid, phone_digits) VALUES (new.id, new.phone_digits);
            END
            """,
            "INSERT INTO friends_phone_trigrams (friends_phone_trigrams) VALUES ('rebuild')",
        ],
        // 4: the change log of the live feed. Triggers write it, so every writer (group commit,
        // seeding, a future one) logs in the same transaction as its change. AUTOINCREMENT never
        // reuses a number; the writers' one lock makes numbers follow commit order.
        [
            """
            CREATE TABLE friend_changes (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL,
                friend_id INTEGER,
                firstname TEXT,
                lastname TEXT,
                phonenumber TEXT,
                email TEXT,
                about TEXT,
                version INTEGER
            )
            """,
            """
            CREATE TRIGGER friends_log_insert AFTER INSERT ON friends BEGIN
                INSERT INTO friend_changes (kind, friend_id, firstname, lastname, phonenumber, email, about, version)
                VALUES ('created', NEW.id, NEW.firstname, NEW.lastname, NEW.phonenumber, NEW.email, NEW.about, NEW.version);
            END
            """,
            """
            CREATE TRIGGER friends_log_update AFTER UPDATE ON friends BEGIN
                INSERT INTO friend_changes (kind, friend_id, firstname, lastname, phonenumber, email, about, version)
                VALUES ('updated', NEW.id, NEW.firstname, NEW.lastname, NEW.phonenumber, NEW.email, NEW.about, NEW.version);
            END
            """,
            """
            CREATE TRIGGER friends_log_delete AFTER DELETE ON friends BEGIN
                INSERT INTO friend_changes (kind, friend_id) VALUES ('deleted', OLD.id);
            END
            """,
        ],
        // 5: each friend is a whole vCard (`card`); the seed's fields, the other details (`details`,
        // JSON), the `UID` and CardDAV's resource name are derived from it on every write. The
        // organization and email addresses are found anywhere in them through a second trigram
        // index (`search_extra`). The change log carries the details too.
        [
            "ALTER TABLE friends ADD COLUMN card TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE friends ADD COLUMN details TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE friends ADD COLUMN uid TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE friends ADD COLUMN resource_name TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE friends ADD COLUMN search_extra TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE friend_changes ADD COLUMN details TEXT",
            "ALTER TABLE friend_changes ADD COLUMN resource_name TEXT",
            "DROP TRIGGER friends_log_insert",
            "DROP TRIGGER friends_log_update",
            "DROP TRIGGER friends_log_delete",
            .makeCards,
            "CREATE UNIQUE INDEX friends_resource_name ON friends (resource_name)",
            "CREATE INDEX friends_uid ON friends (uid)",
            """
            CREATE VIRTUAL TABLE friends_extra_trigrams USING fts5(
                search_extra, content = 'friends', content_rowid = 'id', tokenize = 'trigram', detail = 'none')
            """,
            """
            CREATE TRIGGER friends_extra_trigrams_insert AFTER INSERT ON friends BEGIN
                INSERT INTO friends_extra_trigrams (rowid, search_extra) VALUES (new.id, new.search_extra);
            END
            """,
            """
            CREATE TRIGGER friends_extra_trigrams_delete AFTER DELETE ON friends BEGIN
                INSERT INTO friends_extra_trigrams (friends_extra_trigrams, rowid, search_extra)
                VALUES ('delete', old.id, old.search_extra);
            END
            """,
            """
            CREATE TRIGGER friends_extra_trigrams_update AFTER UPDATE OF search_extra ON friends BEGIN
                INSERT INTO friends_extra_trigrams (friends_extra_trigrams, rowid, search_extra)
                VALUES ('delete', old.id, old.search_extra);
                INSERT INTO friends_extra_trigrams (rowid, search_extra) VALUES (new.id, new.search_extra);
            END
            """,
            "INSERT INTO friends_extra_trigrams (friends_extra_trigrams) VALUES ('rebuild')",
            """
            CREATE TRIGGER friends_log_insert AFTER INSERT ON friends BEGIN
                INSERT INTO friend_changes (kind, friend_id, firstname, lastname, phonenumber, email, about, version, details, resource_name)
                VALUES ('created', NEW.id, NEW.firstname, NEW.lastname, NEW.phonenumber, NEW.email, NEW.about, NEW.version, NEW.details, NEW.resource_name);
            END
            """,
            """
            CREATE TRIGGER friends_log_update AFTER UPDATE ON friends BEGIN
                INSERT INTO friend_changes (kind, friend_id, firstname, lastname, phonenumber, email, about, version, details, resource_name)
                VALUES ('updated', NEW.id, NEW.firstname, NEW.lastname, NEW.phonenumber, NEW.email, NEW.about, NEW.version, NEW.details, NEW.resource_name);
            END
            """,
            // CardDAV's sync names a removed card by its resource name.
            """
            CREATE TRIGGER friends_log_delete AFTER DELETE ON friends BEGIN
                INSERT INTO friend_changes (kind, friend_id, resource_name) VALUES ('deleted', OLD.id, OLD.resource_name);
            END
            """,
        ],
        // 6: accounts and their tokens (only a token's SHA-256 digest is kept), and the one-row
        // record of whether an account ever took over the main store. SQLite enforces the
        // cascade only with `PRAGMA foreign_keys`: the writer turns it on, and removing an
        // account deletes its tokens itself too.
        [
            """
            CREATE TABLE accounts (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                password_hash TEXT NOT NULL,
                created_at TEXT NOT NULL,
                owns_main_store INTEGER NOT NULL DEFAULT 0,
                CONSTRAINT accounts_name_unique UNIQUE (name)
            )
            """,
            "CREATE UNIQUE INDEX accounts_owner_of_main_store ON accounts (owns_main_store) WHERE owns_main_store = 1",
            """
            CREATE TABLE account_tokens (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                label TEXT NOT NULL,
                digest TEXT NOT NULL,
                created_at TEXT NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX account_tokens_digest ON account_tokens (digest)",
            "CREATE INDEX account_tokens_account ON account_tokens (account_id, id)",
            "CREATE TABLE account_main_store (taken INTEGER NOT NULL)",
            "INSERT INTO account_main_store (taken) VALUES (0)",
        ],
        // 7: the number of friends, kept by triggers as rows come and go, so that a first page's
        // `total` reads one row. Counting the table instead cost in proportion to it, and every
        // write made the next first page count again (with a page cache that SQLite empties
        // whenever another connection has written).
        [
            "CREATE TABLE friend_total (total INTEGER NOT NULL)",
            "INSERT INTO friend_total (total) SELECT count(*) FROM friends",
            "CREATE TRIGGER friend_total_insert AFTER INSERT ON friends BEGIN UPDATE friend_total SET total = total + 1; END",
            "CREATE TRIGGER friend_total_delete AFTER DELETE ON friends BEGIN UPDATE friend_total SET total = total - 1; END",
        ],
        // 8: the change log's epoch, which sync tokens carry, in a row of its own. A database
        // made before keeps the second of its first migration; a new one draws a random number
        // (`SQLiteFriendStore.migrate`): stores made in the same second (accounts first used
        // together) must not take each other's tokens.
        [
            "CREATE TABLE \(FriendSchema.changeEpochTable) (value INTEGER NOT NULL)",
            """
            INSERT INTO \(FriendSchema.changeEpochTable) (value)
            SELECT CAST(strftime('%s', applied_at) AS INTEGER) FROM \(FriendSchema.migrationsTable) WHERE version = 1
            """,
        ],
        // 9: the address book's name, as CardDAV's PROPPATCH sets it.
        [
            "CREATE TABLE \(FriendSchema.addressBookTable) (display_name TEXT)",
            "INSERT INTO \(FriendSchema.addressBookTable) (display_name) VALUES (NULL)",
        ],
        // 10: a friend is found by any of its numbers, not only the preferred one.
        [.rederivePhoneDigits],
        // 11: group cards (`FriendRecord.isGroup`) are kept for CardDAV but are no friends: the
        // number of friends leaves them out, and the change log says whether each change's card
        // was a group before it and is one after it (`LoggedChange`). Groups stored before are
        // found and marked.
        [
            "ALTER TABLE friends ADD COLUMN is_group INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE friend_changes ADD COLUMN was_group INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE friend_changes ADD COLUMN is_group INTEGER NOT NULL DEFAULT 0",
            "DROP TRIGGER friends_log_insert",
            "DROP TRIGGER friends_log_update",
            "DROP TRIGGER friends_log_delete",
            .sql(changeLogInsertTrigger),
            .sql(changeLogUpdateTrigger),
            .sql(changeLogDeleteTrigger),
            "DROP TRIGGER friend_total_insert",
            "DROP TRIGGER friend_total_delete",
            .sql(totalInsertTrigger),
            "CREATE TRIGGER friend_total_delete AFTER DELETE ON friends WHEN OLD.is_group = 0 BEGIN UPDATE friend_total SET total = total - 1; END",
            """
            CREATE TRIGGER friend_total_kind AFTER UPDATE OF is_group ON friends WHEN OLD.is_group <> NEW.is_group BEGIN
                UPDATE friend_total SET total = total + OLD.is_group - NEW.is_group;
            END
            """,
            .markGroups,
        ],
        // 12: what a stored card shows is read from it again, after the reading of cards changed.
        [.rederiveFromCards],
        // 13: the same, after East Asian names came to be found family name first too.
        [.rederiveFromCards],
        // 14: the same, after an address with every field empty came to be no address.
        [.rederiveFromCards],
        // 15: the same, after a name that starts with a symbol came to be found from its first letter.
        [.rederiveFromCards],
        // 16: the same, after an East Asian name written whole in one field came to be searched anywhere.
        [.rederiveFromCards],
        // 17: the same, after a name of several words came to be searched anywhere from its second word on.
        [.rederiveFromCards],
    ]

    /// Bulk inserts drop this trigger for their batch and add the batch's size once.
    static let totalInsertTrigger = """
        CREATE TRIGGER friend_total_insert AFTER INSERT ON friends WHEN NEW.is_group = 0 BEGIN
            UPDATE friend_total SET total = total + 1;
        END
        """

    /// Starting the timeline after a restore drops this trigger while it moves every version, and
    /// logs one `reset` instead of a row per friend.
    static let changeLogUpdateTrigger = """
        CREATE TRIGGER friends_log_update AFTER UPDATE ON friends BEGIN
            INSERT INTO friend_changes (kind, friend_id, firstname, lastname, phonenumber, email, about, version, details, resource_name, was_group, is_group)
            VALUES ('updated', NEW.id, NEW.firstname, NEW.lastname, NEW.phonenumber, NEW.email, NEW.about, NEW.version, NEW.details, NEW.resource_name,
                    OLD.is_group, NEW.is_group);
        END
        """

    /// Seeding drops this trigger for its batch and logs one `reset` instead of a row per friend.
    static let changeLogInsertTrigger = """
        CREATE TRIGGER friends_log_insert AFTER INSERT ON friends BEGIN
            INSERT INTO friend_changes (kind, friend_id, firstname, lastname, phonenumber, email, about, version, details, resource_name, is_group)
            VALUES ('created', NEW.id, NEW.firstname, NEW.lastname, NEW.phonenumber, NEW.email, NEW.about, NEW.version, NEW.details, NEW.resource_name, NEW.is_group);
        END
        """

    /// Clearing the main store drops this trigger for its deletions and logs one `reset` instead.
    static let changeLogDeleteTrigger = """
        CREATE TRIGGER friends_log_delete AFTER DELETE ON friends BEGIN
            INSERT INTO friend_changes (kind, friend_id, resource_name, was_group) VALUES ('deleted', OLD.id, OLD.resource_name, OLD.is_group);
        END
        """

    /// The secondary indexes of the current schema; bulk inserts drop and rebuild exactly these.
    /// A migration that changes an index must change this list too.
    static let indexStatements = [
        "CREATE INDEX friends_list_order ON friends (sort_last, sort_first, id, search_full, phone_digits)",
        "CREATE INDEX friends_search_full ON friends (search_full, sort_last, sort_first, id)",
        "CREATE INDEX friends_uid ON friends (uid)",
        "CREATE UNIQUE INDEX friends_resource_name ON friends (resource_name)",
    ]

    static let indexNames = ["friends_list_order", "friends_search_full", "friends_uid", "friends_resource_name"]
}
