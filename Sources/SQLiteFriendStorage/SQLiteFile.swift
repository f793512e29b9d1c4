import Foundation
import FriendStorage
import VaporCSQLite

/// The file of a SQLite database, checked before SQLite opens it, and SQLite's errors in plain words.
struct SQLiteFile {
    var path: String

    /// Creates the folder when needed and refuses a file that cannot be written: SQLite would open
    /// it read-only, report healthy, and fail every write. A new file, and a new folder, are the
    /// user's alone: they hold everyone's contacts and the accounts' password hashes, and SQLite
    /// gives its `-wal` and `-shm` files the mode of the database's.
    func prepare() throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if let failure = Self.createFolders(folder) {
            throw DatabaseError("Cannot create the folder \(folder) for the database sqlite:\(path): \(failure).")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // SQLite takes an empty file for a new database. A file made meanwhile is left as it is.
            let made = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if made >= 0 { close(made) }
            return
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw DatabaseError("The database sqlite:\(path) is not a regular file.")
        }
        // Mode bits too: the superuser may write anyway, but a file marked read-only is not to be changed.
        if access(path, W_OK) != 0 || status.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 {
            throw DatabaseError(
                "The database sqlite:\(path) is read-only; FriendService must write to it. "
                    + "Make it writable (chmod u+w) or choose another file."
            )
        }
        if access(folder, W_OK) != 0 {
            throw DatabaseError(
                "The folder \(folder) of the database sqlite:\(path) is read-only; SQLite writes its journal beside the file."
            )
        }
    }

    /// The file's permission bits when users other than its owner may read it (a file made
    /// before FriendService made its files the user's alone, or under a wide umask); else nil.
    var modeOthersMayRead: mode_t? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & (S_IRGRP | S_IROTH) != 0 else { return nil }
        return status.st_mode & 0o777
    }

    /// `mkdir -p` with the system's reason when it fails ("not a directory", "permission denied"),
    /// which Foundation's `createDirectory` hides behind a Cocoa error code.
    private static func createFolders(_ folder: String) -> String? {
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) == 0 { continue }
            let reason = errno
            var status = stat()
            guard reason == EEXIST, stat(current, &status) == 0 else { return String(cString: strerror(reason)).lowercased() }
            if status.st_mode & S_IFMT != S_IFDIR { return String(cString: strerror(ENOTDIR)).lowercased() }
        }
        return nil
    }

    /// What SQLite or the system says, without codes: "the file is not a SQLite database".
    static func plainReason(_ error: any Error) -> String {
        guard let error = error as? SQLiteFailure else { return DatabaseError.plainReason(error) }
        switch error.primaryCode {
        case SQLITE_READONLY: return "the file is read-only (\(error.message))"
        case SQLITE_NOTADB: return "the file is not a SQLite database"
        case SQLITE_CORRUPT: return "the file is damaged (\(error.message))"
        case SQLITE_FULL: return "the disk is full"
        case SQLITE_CANTOPEN: return "the file cannot be opened (a missing folder, or no permission)"
        case SQLITE_BUSY, SQLITE_LOCKED: return "another process keeps it locked (\(error.message))"
        case SQLITE_PERM: return "permission denied"
        default: return error.message
        }
    }
}

extension SQLiteFile {
    /// Whether the file has the name of an account's store: `NAME.account-ID` with the main file's
    /// extension, if any (`friends.account-2.sqlite`).
    var isAccountStore: Bool {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        return name.wholeMatch(of: /.+\.account-[0-9]+(\.[^.]+)?/) != nil
    }

    /// Deletes the file with its journal, WAL and shared-memory files.
    func removeAccountStore() throws {
        guard isAccountStore else {
            throw DatabaseError("Refusing to delete sqlite:\(path): it is not named as an account's database (NAME.account-ID).")
        }
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where unlink(file) != 0 && errno != ENOENT {
            throw DatabaseError("Cannot delete \(file): \(String(cString: strerror(errno)).lowercased()).")
        }
    }
}
