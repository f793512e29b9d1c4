import FriendStorage
import VaporCSQLite

/// A statement SQLite refused, with its (extended) result code.
struct SQLiteFailure: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var sql: String
    /// The database file.
    var path: String

    /// The primary result code, without the extended part (`SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`).
    var primaryCode: Int32 { code & 0xFF }

    var description: String { "SQLite error \(code) (\(message)) running \(sql)" }

    var isBusy: Bool { [SQLITE_BUSY, SQLITE_LOCKED].contains(primaryCode) }

    /// What the failure means to a client: a full disk (507), the storage busy (503: locked too
    /// long), the storage not answering as it should (503: an I/O error, a file gone or damaged,
    /// its rights taken away), or else a statement
    /// that is wrong, which is a bug (500) and stays itself, to be logged with its cause.
    var forClients: any Error {
        switch primaryCode {
        case SQLITE_FULL:
            return FriendStoreError.diskFull(file: path)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return FriendStoreError.busy(description)
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_NOMEM, SQLITE_PROTOCOL,
            SQLITE_READONLY, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_INTERRUPT, SQLITE_NOLFS, SQLITE_PERM:
            return FriendStoreError.unavailable(description)
        default:
            return self
        }
    }

    /// `error` as a client should learn of it, when it is a `SQLiteFailure`; any other error as it is.
    static func forClients(_ error: any Error) -> any Error {
        (error as? SQLiteFailure)?.forClients ?? error
    }
}
