import Foundation

/// The database cannot be used as configured; the message names it (file or URL, never a password)
/// and says what is wrong in plain words, for the terminal of whoever started the server.
public struct DatabaseError: Error, CustomStringConvertible, LocalizedError, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    /// A database whose schema a newer FriendService wrote: this one would not know its tables.
    package static func schemaTooNew(_ database: String, version: Int, known: Int) -> DatabaseError {
        DatabaseError(
            "\(database) has schema version \(version), but this FriendService knows versions 1 to \(known) only. "
                + "Run the newer FriendService that upgraded it."
        )
    }

    /// What a Foundation error says, without its domain and code: "permission denied", "not a directory".
    package static func plainReason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if nsError.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(nsError.code))).lowercased()
        }
        switch nsError.code {
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the disk"
        case NSFileWriteVolumeReadOnlyError: return "the disk is read-only"
        case NSFileWriteFileExistsError: return "a file of that name is in the way"
        default: return nsError.localizedDescription
        }
    }
}
