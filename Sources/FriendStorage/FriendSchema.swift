/// The versioned schema both SQL databases share. Add a migration at the end; never edit a shipped one.
public enum FriendSchema {
    public static var currentVersion: Int { migrationCount }

    package static let migrationCount = 17

    /// The table that records which migrations ran.
    package static let migrationsTable = "friendservice_migrations"

    /// Migration 5 keeps each friend's whole vCard (`card`) with the columns derived from it.
    ///
    /// The change log (migration 4): one row per committed change, written by triggers on `friends`.
    package static let changesTable = "friend_changes"

    // Migration 6: the accounts (`AccountRegistry`) in `accounts` and `account_tokens`, and the
    // one row of `account_main_store` that records whether an account took over the main store:
    // the first account added does, and the first one added once no account is left; while other
    // accounts stay, an owner's removal does not free it (ids are no such record, sequences skip).
    // Every store has the tables; only the main store's are used.
    //
    // Migration 7: SQLite keeps the number of friends in `friend_total`, by triggers (PostgreSQL:
    // nothing, see `PostgresMigrations`).

    /// Migration 8: SQLite keeps its change log's epoch in the one row of this table (PostgreSQL:
    /// nothing).
    package static let changeEpochTable = "friend_change_epoch"

    /// Migration 9: the name the owner gave the address book (`AddressBookNaming`), in the one row
    /// of this table; NULL until one is set.
    package static let addressBookTable = "address_book"

    // Migration 10: `phone_digits` holds every number's digits, not only the preferred one's
    // (`MigrationStep.rederivePhoneDigits`).

    // Migration 11: `is_group` marks group cards, which CardDAV keeps but which are no friends
    // (`FriendRecord.isGroup`), in `friends` and in the change log (`MigrationStep.markGroups`).

    // Migration 12: every friend's columns are read from its card again, after the reading of
    // cards changed (`MigrationStep.rederiveFromCards`).
    //
    // Migration 13: the same again, after a Chinese, Japanese or Korean name came to be found
    // family name first too, as it is shown (`SearchColumns`).
    //
    // Migration 14: the same again, after an `ADR` with every field empty (Apple's blank work
    // address) came to be no address (`VCard.isBlankAddress`).
    //
    // Migration 15: the same again, after a name that starts with a symbol ("❤️ Mom") came to be
    // found from its first letter or digit too (`SearchColumns`).
    //
    // Migration 16: the same again, after a Chinese, Japanese or Korean name written whole in one
    // field ("李小龙") came to be searched anywhere, as one in two fields is (`SearchColumns`).
    //
    // Migration 17: the same again, after a name of several words ("García Márquez",
    // "Smith-Jones") came to be searched anywhere from its second word on (`SearchColumns`).
}
