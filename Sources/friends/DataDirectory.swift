import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the app keeps its friends when it runs FriendService itself:
/// `$XDG_DATA_HOME/friends`, or `~/.local/share/friends` (a relative `XDG_DATA_HOME` is ignored,
/// as the XDG Base Directory specification asks). `friendservice` defaults to the same file.
struct DataDirectory: Equatable {
    let url: URL

    static func standard(environment: [String: String]) -> DataDirectory {
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        return DataDirectory(url: dataHome.appendingPathComponent("friends", isDirectory: true))
    }

    var databaseURL: URL { url.appendingPathComponent("friends.sqlite") }

    /// Creates the directory when it is missing and makes sure the app can write the database there.
    func prepare() throws(LaunchError) {
        if let reason = Self.creationFailure(of: url.path)
            ?? Self.writeFailure(inDirectory: url.path)
            ?? Self.writeFailure(ofExistingFile: databaseURL.path) {
            throw notWritable(reason: reason)
        }
    }

    private func notWritable(reason: String) -> LaunchError {
        LaunchError(
            "Cannot write the friends database in \(url.path) (\(reason)). "
                + "Set XDG_DATA_HOME to a writable directory, or use --server URL."
        )
    }

    /// Why a new file cannot be created in `directory`, or nil when it can (tried for real:
    /// permission bits alone do not tell about read-only mounts).
    private static func writeFailure(inDirectory directory: String) -> String? {
        let probe = (directory as NSString).appendingPathComponent(".write-check-\(getpid())")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// Why the existing `file` cannot be written, or nil when it can or does not exist yet.
    private static func writeFailure(ofExistingFile file: String) -> String? {
        guard FileManager.default.fileExists(atPath: file), access(file, W_OK) != 0 else { return nil }
        return String(cString: strerror(errno))
    }

    /// Why `path` (and the directories above it) could not be created, or nil when it exists now.
    private static func creationFailure(of path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : String(cString: strerror(ENOTDIR))
        }
        let parent = folderPart(of: path)
        if parent != path, let failure = creationFailure(of: parent) { return failure }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return String(cString: strerror(errno)) }
        return nil
    }
}
