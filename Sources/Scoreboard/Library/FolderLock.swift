#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An exclusive lock on a folder, held while a library file in it is read, changed and replaced,
/// so that two apps on one library (two windows) saving at once both keep their change. Advisory:
/// only libraries take it. Where the folder cannot be opened the work runs unlocked; saving
/// then reports its own error.
enum FolderLock {
    static func holding<T, E: Error>(_ folder: URL, _ body: () throws(E) -> T) throws(E) -> T {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return try body() }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }
}
