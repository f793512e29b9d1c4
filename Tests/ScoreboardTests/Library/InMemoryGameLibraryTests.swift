import Testing
@testable import Scoreboard

@MainActor
@Suite("In-memory game library")
struct InMemoryGameLibraryTests {
    @Test("Lists games in the order they were added; updates and removes by id")
    func listAddUpdateRemove() throws {
        let library = InMemoryGameLibrary()
        let first = Game.sample(), second = Game.sample()
        try library.add(first)
        try library.add(second)
        #expect(library.games.map(\.id) == [first.id, second.id])

        var played = first
        try played.scoreOnePoints("H")
        try library.update(played)
        #expect(library.game(id: first.id)?.homeTeamScore == 1)

        try library.remove(id: first.id)
        #expect(library.games.map(\.id) == [second.id])
    }

    @Test("Unknown and duplicate games are errors that change nothing")
    func unknownAndDuplicateGames() throws {
        let game = Game.sample()
        let library = InMemoryGameLibrary(games: [game])

        #expect(throws: GameLibraryError.gameAlreadyExists) { try library.add(game) }
        #expect(throws: GameLibraryError.gameNotFound) { try library.update(Game.sample()) }
        #expect(throws: GameLibraryError.gameNotFound) { try library.remove(id: Game.sample().id) }
        #expect(library.games == [game])
    }
}
