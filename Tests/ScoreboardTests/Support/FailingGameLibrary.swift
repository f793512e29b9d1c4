@testable import Scoreboard

/// A library whose writes fail while `failsWrites` is set, as a full disk would make them.
@MainActor
final class FailingGameLibrary: GameLibrary {
    static let error = GameLibraryError.couldNotSave(path: "games.json", reason: "The disk is full.")

    var failsWrites = true
    private let stored: InMemoryGameLibrary

    init(games: [Game] = []) {
        stored = InMemoryGameLibrary(games: games)
    }

    var games: [Game] { stored.games }

    func add(_ game: Game) throws(GameLibraryError) {
        if failsWrites { throw Self.error }
        try stored.add(game)
    }

    func update(_ game: Game) throws(GameLibraryError) {
        if failsWrites { throw Self.error }
        try stored.update(game)
    }

    func remove(id: Game.ID) throws(GameLibraryError) {
        if failsWrites { throw Self.error }
        try stored.remove(id: id)
    }
}
