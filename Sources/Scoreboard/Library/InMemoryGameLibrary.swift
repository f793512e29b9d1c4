/// A library that keeps games only while the program runs; for tests and previews.
@MainActor
public final class InMemoryGameLibrary: GameLibrary {
    private var list = GameList()

    /// A game given twice is kept once.
    public init(games: [Game] = []) {
        for game in games {
            try? list.add(game)
        }
    }

    public var games: [Game] { list.games }

    public func add(_ game: Game) throws(GameLibraryError) {
        try list.add(game)
    }

    public func update(_ game: Game) throws(GameLibraryError) {
        try list.update(game)
    }

    public func remove(id: Game.ID) throws(GameLibraryError) {
        try list.remove(id: id)
    }
}
