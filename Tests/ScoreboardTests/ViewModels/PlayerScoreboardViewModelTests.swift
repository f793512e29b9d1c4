import Clocks
import TestSupport
import Testing
@testable import Scoreboard

@MainActor
@Suite("Player scoreboard view model")
struct PlayerScoreboardViewModelTests {
    let library: InMemoryGameLibrary
    let game: Game

    init() {
        game = .sample()
        library = InMemoryGameLibrary(games: [game])
    }

    struct CountRecorders {
        let onePoint, twoPoints, assist, rebound, foul: Recorder<String>

        @MainActor
        init(_ player: PlayerScoreboardViewModel) {
            onePoint = Recorder(player.onePointMoveCount)
            twoPoints = Recorder(player.twoPointMoveCount)
            assist = Recorder(player.assistMoveCount)
            rebound = Recorder(player.reboundMoveCount)
            foul = Recorder(player.foulMoveCount)
        }
    }

    @Test("Each move button counts its own move, and every count is saved")
    func movesAreCounted() {
        let scoreboard = GameScoreboardViewModel(game: game, library: library, clock: TestClock())
        let bea = scoreboard.homePlayers[1]
        let counts = CountRecorders(bea)

        bea.onePointButtonTapped()
        bea.twoPointsButtonTapped()
        bea.twoPointsButtonTapped()
        bea.assistButtonTapped()
        bea.reboundButtonTapped()
        bea.foulButtonTapped()
        bea.foulButtonTapped()

        #expect(bea.playerName == "Bea")
        #expect(counts.onePoint.values == ["0", "1"])
        #expect(counts.twoPoints.values == ["0", "1", "2"])
        #expect(counts.assist.values == ["0", "1"])
        #expect(counts.rebound.values == ["0", "1"])
        #expect(counts.foul.values == ["0", "1", "2"])
        let saved = library.games.first
        #expect(saved?.moveCount(of: .foul, by: game.homeTeam.players[1]) == 2)
        #expect(saved?.homeTeamScore == 5)
    }

    @Test("One player's moves leave the other panels alone")
    func otherPanelsUnchanged() {
        let scoreboard = GameScoreboardViewModel(game: game, library: library, clock: TestClock())
        let others = (scoreboard.homePlayers.dropFirst() + scoreboard.awayPlayers).map(CountRecorders.init)

        scoreboard.homePlayers[0].twoPointsButtonTapped()
        scoreboard.homePlayers[0].reboundButtonTapped()

        for recorders in others {
            for recorder in [recorders.onePoint, recorders.twoPoints, recorders.assist, recorders.rebound, recorders.foul] {
                #expect(recorder.values == ["0"])
            }
        }
    }

    @Test("A saved game's counts show from the first frame")
    func savedCounts() throws {
        var saved = game
        try saved.addMove(.rebound, by: saved.firstAwayPlayer)
        try saved.addMove(.rebound, by: saved.firstAwayPlayer)

        let scoreboard = GameScoreboardViewModel(game: saved, library: library, clock: TestClock())

        #expect(scoreboard.awayPlayers[0].reboundMoveCount.value == "2")
        #expect(scoreboard.awayPlayers[0].moveCount(.rebound) === scoreboard.awayPlayers[0].reboundMoveCount)
    }

    @Test("After the end a move button changes no count and no score")
    func movesAfterTheEnd() throws {
        var over = game
        try over.tie(at: 13)
        try over.scoreOnePoints("HH")
        try library.update(over)
        let scoreboard = GameScoreboardViewModel(game: over, library: library, clock: TestClock())
        let eve = scoreboard.awayPlayers[1]
        let counts = CountRecorders(eve)
        let score = Recorder(scoreboard.score)

        eve.twoPointsButtonTapped()
        eve.foulButtonTapped()

        #expect(counts.twoPoints.values == ["0"])
        #expect(counts.foul.values == ["0"])
        #expect(score.values == ["15 - 13"])
        #expect(library.games.first == over)
    }
}
