import Foundation

/// Where the game library lives unless the user names a file: the XDG data directory,
/// `$XDG_DATA_HOME/friends/scoreboard.json`, or `~/.local/share/friends/scoreboard.json`.
public enum GameLibraryLocation {
    public static func defaultFileURL(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: URL = FileManager.default.homeDirectoryForCurrentUser
    ) -> URL {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? homeDirectory.appendingPathComponent(".local/share", isDirectory: true)
        return dataHome
            .appendingPathComponent("friends", isDirectory: true)
            .appendingPathComponent("scoreboard.json", isDirectory: false)
    }
}
