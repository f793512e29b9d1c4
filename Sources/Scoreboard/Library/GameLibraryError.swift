import Foundation

public enum GameLibraryError: Error, Equatable, Sendable {
    case gameNotFound
    case gameAlreadyExists
    /// The file could not be read (permissions, a newer format); it was left as it is.
    case couldNotRead(path: String, reason: String)
    /// The file is not a game library: damaged, cut short or not JSON.
    case corruptFile(path: String, reason: String)
    /// Writing failed; the file still holds what it held before.
    case couldNotSave(path: String, reason: String)
}

extension GameLibraryError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .gameNotFound:
            "That game is no longer in the library."
        case .gameAlreadyExists:
            "That game is already in the library."
        case let .couldNotRead(path, reason):
            "The game library \(path) could not be read: \(reason)"
        case let .corruptFile(path, reason):
            "The game library \(path) is damaged: \(reason)"
        case let .couldNotSave(path, reason):
            "The game could not be saved to \(path): \(reason)"
        }
    }
}
