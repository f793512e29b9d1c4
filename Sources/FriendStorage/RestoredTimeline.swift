import Foundation

/// What a database put back from a backup does before any client talks to it again
/// (`FriendStoreLifecycle.startTimelineAfterRestore(now:)`).
///
/// Clients keep what the database gave out after the backup was made: entity tags
/// (`"<id>-<version>"`), list tags, live-feed event ids and CardDAV sync tokens. Versions and change
/// sequences count on from the backup's, so they would be given out again, for other content: a
/// contact app would take a changed card for the one it holds, and a sync would skip changes.
///
/// So every version and the change log's sequence move to `mark(at:)` or past it: the microseconds
/// since 1970 at the restore, beyond any count a database can have reached by then (no store makes
/// a change a microsecond, and a later restore starts further on). The change log gets a new epoch,
/// which sync tokens carry, and one `reset`, which makes every view reload.
package enum RestoredTimeline {
    package static func mark(at now: Date) -> Int {
        Int((now.timeIntervalSince1970 * 1_000_000).rounded(.down))
    }
}
