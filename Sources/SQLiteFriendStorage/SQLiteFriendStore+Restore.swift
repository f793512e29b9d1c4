import Foundation
import FriendStorage

extension SQLiteFriendStore {
    public func startTimelineAfterRestore(now: Date) async throws {
        let mark = RestoredTimeline.mark(at: now)
        try await writingAlone { writer in
            try writer.transaction {
                try writer.run("UPDATE \(FriendSchema.changeEpochTable) SET value = ?", [.integer(Int.random(in: 1...(1 << 53)))])
                // One `reset` stands for every friend's new version: a logged update each would
                // copy the whole address book into the change log.
                try writer.execute("DROP TRIGGER friends_log_update")
                try writer.run("UPDATE friends SET version = max(version + 1, ?)", [.integer(mark)])
                try writer.execute(SQLiteMigrations.changeLogUpdateTrigger)
                try writer.run(
                    """
                    INSERT INTO \(FriendSchema.changesTable) (sequence, kind)
                    SELECT max(coalesce(max(sequence), 0) + 1, ?), 'reset' FROM \(FriendSchema.changesTable)
                    """,
                    [.integer(mark)]
                )
            }
        }
    }
}
