import Foundation

/// The saved games (the article's `GameLibrary`): the one place games are listed, added, changed
/// and removed. View models get one through their initializer.
@MainActor
public protocol GameLibrary: AnyObject {
    /// Every game, in the order they were added.
    var games: [Game] { get }
    func add(_ game: Game) throws(GameLibraryError)
    func update(_ game: Game) throws(GameLibraryError)
    func remove(id: Game.ID) throws(GameLibraryError)
    /// Makes `change` to the game `id` as the library holds it now, saves it and returns it as
    /// saved: another window on the same library may have changed that game since this one read
    /// it, and its moves stay.
    func change(_ id: Game.ID, _ change: (inout Game) -> Void) throws(GameLibraryError) -> Game
}

extension GameLibrary {
    public func game(id: Game.ID) -> Game? {
        games.first { $0.id == id }
    }

    /// For a library only this program changes: the game it holds, changed and saved.
    public func change(_ id: Game.ID, _ change: (inout Game) -> Void) throws(GameLibraryError) -> Game {
        guard var game = game(id: id) else { throw .gameNotFound }
        change(&game)
        try update(game)
        return game
    }
}

/// The library's list of games with the rules every implementation shares.
struct GameList {
    private(set) var games: [Game] = []

    mutating func add(_ game: Game) throws(GameLibraryError) {
        guard !games.contains(where: { $0.id == game.id }) else { throw .gameAlreadyExists }
        games.append(game)
    }

    mutating func update(_ game: Game) throws(GameLibraryError) {
        guard let index = games.firstIndex(where: { $0.id == game.id }) else { throw .gameNotFound }
        games[index] = game
    }

    mutating func remove(id: Game.ID) throws(GameLibraryError) {
        guard let index = games.firstIndex(where: { $0.id == id }) else { throw .gameNotFound }
        games.remove(at: index)
    }
}
