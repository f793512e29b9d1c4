import ArgumentParser
import Foundation
import FriendStorage
import PostgresFriendStorage
import SQLiteFriendStorage

/// `--database`, shared by every command.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "memory, sqlite:PATH or postgres://user:password@host:port/database (default: a SQLite file in the user's data directory).",
            valueName: "database"
        )
    )
    var database: String?

    /// Every kind of storage `friendservice` can serve from.
    static let backends: [any FriendStoreBackend] = [SQLiteBackend(), PostgresBackend()]

    func location() throws -> DatabaseLocation {
        guard let text = database ?? Environment.value(.database) else { return .defaultSQLite() }
        do {
            return try DatabaseLocation(parsing: text)
        } catch let error as ConfigurationError {
            throw ValidationError(error.message)
        }
    }
}
