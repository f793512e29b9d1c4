import Foundation
import FriendStorage
import PostgresNIO

extension PostgresFriendStore {
    public func startTimelineAfterRestore(now: Date) async throws {
        let mark = RestoredTimeline.mark(at: now)
        try await transaction(isLong: true) { [self] connection in
            try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
            // One `reset` stands for every friend's new version, and the epoch, read from when the
            // schema's first migration ran, becomes the mark.
            try await withoutLoggingEach(connection) {
                _ = try await connection.query(sql("UPDATE %s.friends SET version = GREATEST(version + 1, $1)", mark), logger: logger)
            }
            try await connection.query(sql("UPDATE %s.friend_change_counter SET last = GREATEST(last, $1)", mark), logger: logger)
            try await logReset(connection)
            try await connection.query(
                sql("UPDATE %s.\(FriendSchema.migrationsTable) SET applied_at = to_timestamp($1::double precision / 1000000) WHERE version = 1", mark),
                logger: logger
            )
        }
    }
}
