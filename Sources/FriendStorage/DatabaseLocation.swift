import Foundation

/// Which storage the server uses: `memory`, `sqlite:PATH` or `postgres://…`.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case memory
    case sqlite(path: String)
    case postgres(url: String)

    /// Reads `memory`, `sqlite:PATH` and `postgres://…`/`postgresql://…`, and nothing else: a typo
    /// such as `mem` must not quietly become a new SQLite file of that name.
    public init(parsing text: String) throws {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            _ = try PostgresLocation(url: text)
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw ConfigurationError("sqlite: needs a path, as in sqlite:friends.sqlite.") }
            self = .sqlite(path: path)
        } else {
            throw ConfigurationError(
                "Unknown database \"\(text)\": use memory, sqlite:PATH (as in sqlite:friends.sqlite) "
                    + "or postgres://user:password@host:port/database (postgresql:// works too)."
            )
        }
    }

    /// The SQLite file in the user's data directory: `$XDG_DATA_HOME/friends/friends.sqlite`,
    /// or `~/.local/share/friends/friends.sqlite`.
    public static func defaultSQLite(environment: [String: String] = ProcessInfo.processInfo.environment) -> DatabaseLocation {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return .sqlite(path: (dataHome as NSString).appendingPathComponent("friends/friends.sqlite"))
    }

    /// Says where without a password.
    public var description: String {
        switch self {
        case .memory: return "memory"
        case .sqlite(let path): return "sqlite:\(path)"
        case .postgres(let url): return PostgresLocation.withoutPassword(url)
        }
    }
}
