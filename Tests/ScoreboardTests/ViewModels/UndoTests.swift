import Clocks
import TestSupport
import Testing
@testable import Scoreboard

@MainActor
@Suite("Undo the last move")
struct UndoTests {
    let clock = TestClock()

    @Test("the game takes back its latest move, score and count alike; with no moves, nothing")
    func gameUndo() throws {
        var game = Game.sample()
        let ann = game.firstHomePlayer, dan = game.firstAwayPlayer
        try game.addMove(.twoPoints, by: ann)
        try game.addMove(.foul, by: dan)
        try game.addMove(.onePoint, by: dan)

        #expect(game.undoLastMove()?.move == .onePoint)
        #expect((game.homeTeamScore, game.awayTeamScore) == (2, 0))
        #expect(game.moveCount(of: .foul, by: dan) == 1)
        #expect(game.undoLastMove()?.move == .foul)
        #expect(game.undoLastMove()?.move == .twoPoints)
        #expect((game.homeTeamScore, game.awayTeamScore) == (0, 0))
        #expect(game.undoLastMove() == nil)
    }

    @Test("undoing the winning move reopens the game: the result goes, play goes on, and it is saved")
    func undoTheWinningMove() throws {
        var game = Game.sample()
        try game.tie(at: 14)
        let library = InMemoryGameLibrary(games: [game])
        let viewModel = GameScoreboardViewModel(game: game, library: library, clock: clock)
        let score = Recorder(viewModel.score)
        let finished = Recorder(viewModel.isFinished)
        let result = Recorder(viewModel.result)
        let canUndo = Recorder(viewModel.canUndo)
        let ann = viewModel.homePlayers[0]

        ann.twoPointsButtonTapped()
        viewModel.undoButtonTapped()
        ann.onePointButtonTapped()

        #expect(score.values == ["14 - 14", "16 - 14", "14 - 14", "15 - 14"])
        #expect(finished.values == [false, true, false])
        #expect(result.values == [nil, "Bulls win 16 - 14", nil])
        #expect(canUndo.values == [true])
        #expect(library.games.first?.moves.count == 29)
        #expect(library.games.first?.isFinished == false)
    }

    @Test("undo with no moves changes nothing and saves nothing")
    func undoNothing() {
        let library = InMemoryGameLibrary(games: [Game.sample()])
        let viewModel = GameScoreboardViewModel(game: library.games[0], library: library, clock: clock)
        let canUndo = Recorder(viewModel.canUndo)
        let score = Recorder(viewModel.score)

        viewModel.undoButtonTapped()
        viewModel.homePlayers[1].reboundButtonTapped()
        viewModel.undoButtonTapped()

        #expect(canUndo.values == [false, true, false])
        #expect(score.values == ["0 - 0"])
        #expect(library.games[0].moves.isEmpty)
    }
}
