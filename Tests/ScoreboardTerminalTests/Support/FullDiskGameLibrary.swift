import Scoreboard

/// A library whose writes all fail, as a full disk would make them.
@MainActor
final class FullDiskGameLibrary: GameLibrary {
    let games: [Game]

    init(games: [Game]) {
        self.games = games
    }

    private var error: GameLibraryError { .couldNotSave(path: "games.json", reason: "The disk is full.") }
    func add(_ game: Game) throws(GameLibraryError) { throw error }
    func update(_ game: Game) throws(GameLibraryError) { throw error }
    func remove(id: Game.ID) throws(GameLibraryError) { throw error }
}
