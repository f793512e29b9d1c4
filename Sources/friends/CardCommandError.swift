import Foundation
import FriendsViewModels

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why `friends import` or `friends export` stopped, in one sentence for people.
struct CardCommandError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// `error` said plainly: a transfer that failed names the server and what went wrong, not
    /// Foundation's error domain and code.
    static func plain(_ error: any Error, server: URL) -> any Error {
        if error is CancellationError { return interrupted }
        guard let failure = error as? URLError else { return error }
        let host = server.absoluteString
        switch failure.code {
        case .timedOut:
            return CardCommandError("FriendService at \(host) did not answer in time.")
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet:
            return CardCommandError("Cannot reach FriendService at \(host). Is it running?")
        default:
            return CardCommandError("The connection to FriendService at \(host) broke off before its answer was complete.")
        }
    }

    /// Ctrl-C (or SIGTERM) stopped the transfer.
    static let interrupted = CardCommandError("Interrupted.")

    /// Why the file at `path` cannot be read; nil when it can.
    static func readProblem(at path: String) -> CardCommandError? {
        switch LocalFiles.live.item(path) {
        case .nothing: return CardCommandError("Cannot read \(path): there is no such file.")
        case .folder: return CardCommandError("\(path) is a folder: name the vCard files in it.")
        case .file:
            guard FileManager.default.isReadableFile(atPath: path) else {
                return CardCommandError("Cannot read \(path): it may not be read (its permissions).")
            }
            return nil
        }
    }

    /// Why no file can be written at `path` (a folder, or in a folder that is not there); nil
    /// when nothing says so before trying.
    static func writeProblem(at path: String) -> CardCommandError? {
        if LocalFiles.live.item(path) == .folder {
            return CardCommandError("\(path) is a folder: name a file, like \(path.hasSuffix("/") ? path : path + "/")friends.vcf.")
        }
        let folder = folderPart(of: path)
        if !folder.isEmpty, LocalFiles.live.item(folder) == .nothing {
            return CardCommandError("Cannot write \(path): the folder \(folder) does not exist.")
        }
        return nil
    }

    /// Why writing at `path` failed.
    static func writeFailure(at path: String) -> CardCommandError {
        writeProblem(at: path) ?? CardCommandError("Cannot write \(path): it may not be written (its permissions, or its folder's).")
    }

    /// Why writing to `path` failed part of the way, from the system's `error`: a full disk says so.
    static func writeFailure(at path: String, _ error: any Error) -> CardCommandError {
        let failure = error as NSError
        let code = failure.domain == NSPOSIXErrorDomain ? Int32(failure.code) : (failure.userInfo[NSUnderlyingErrorKey] as? NSError)
            .flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        if code == ENOSPC || (error as? CocoaError)?.code == .fileWriteOutOfSpace {
            return CardCommandError("Cannot write \(path): the disk is full.")
        }
        if let code {
            return CardCommandError("Cannot write \(path): \(String(cString: strerror(code))).")
        }
        return CardCommandError("Cannot write \(path): \(failure.localizedDescription)")
    }
}
