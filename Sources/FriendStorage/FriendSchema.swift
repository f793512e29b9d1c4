/// The versioned schema both SQL databases share. Add a migration at the end; never edit a shipped one.
public enum FriendSchema {
    public static var currentVersion: Int { migrationCount }

    package static let migrationCount = 5

    /// The table that records which migrations ran.
    package static let migrationsTable = "friendservice_migrations"

    /// Migration 5 keeps each friend's whole vCard (`card`) with the columns derived from it.
    ///
    /// The change log (migration 4): one row per committed change, written by triggers on `friends`.
    package static let changesTable = "friend_changes"
}
