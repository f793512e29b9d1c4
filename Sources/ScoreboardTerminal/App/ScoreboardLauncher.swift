import Foundation
import Scoreboard
import TerminalUI

/// Puts the app together: the game library file, the real clock, the terminal.
public enum ScoreboardLauncher {
    /// Runs the app until the user quits. A damaged library file is kept as a backup and the app
    /// starts with the games it could still read, telling the user so; a library that cannot be read at all
    /// is an error thrown before the terminal is touched.
    /// Without `libraryFile` the library is in the user's data directory (see `GameLibraryLocation`).
    @MainActor
    public static func run(libraryFile: URL?) async throws {
        let (library, recovery) = try FileGameLibrary.openRecoveringFromDamage(
            fileURL: libraryFile ?? GameLibraryLocation.defaultFileURL())
        let app = TerminalApp()
        let root = ScoreboardRootView(
            listViewModel: GameListViewModel(library: library, clock: ContinuousClock()),
            notice: recovery.map { AlertBox(title: "Game library damaged", message: $0.message) },
            redraw: { [weak app] in app?.setNeedsRedraw() })
        // The root saves a running game's clock however the app ends (see `appWillExit`).
        try await app.run(root)
    }
}
