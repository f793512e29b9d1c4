import Clocks
import TestSupport
import Testing
@testable import Scoreboard

@MainActor
@Suite("Game scoreboard view model")
struct GameScoreboardViewModelTests {
    let clock = TestClock()
    let library: InMemoryGameLibrary
    let game: Game

    init() {
        game = .sample()
        library = InMemoryGameLibrary(games: [game])
    }

    /// The scoreboard of `game` as the library holds it (as the app opens one).
    func makeViewModel(_ game: Game? = nil) -> GameScoreboardViewModel {
        if let game { try? library.update(game) }
        return GameScoreboardViewModel(game: game ?? self.game, library: library, clock: clock)
    }

    func advance(tenths: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await clock.advanceTicking(by: .milliseconds(100), count: tenths, sourceLocation: sourceLocation)
    }

    @Test("Shows the team names, score, time, Start and the six players of a new game")
    func firstFrame() {
        let viewModel = makeViewModel()

        #expect(viewModel.homeTeam == "Bulls")
        #expect(viewModel.awayTeam == "Hawks")
        #expect(viewModel.score.value == "0 - 0")
        #expect(viewModel.time.value == "00:00.0")
        #expect(viewModel.startPauseButtonTitle.value == "Start")
        #expect(viewModel.isPaused.value)
        #expect(!viewModel.isFinished.value)
        #expect(viewModel.result.value == nil)
        #expect(viewModel.homePlayers.map(\.playerName) == ["Ann", "Bea", "Cy"])
        #expect(viewModel.awayPlayers.map(\.playerName) == ["Dan", "Eve", "Fay"])
    }

    @Test("A saved game opens with its score and the time already played")
    func resumedGame() throws {
        var saved = game
        try saved.tie(at: 4)
        saved.addPlayingTime(.milliseconds(754_321))

        let viewModel = makeViewModel(saved)

        #expect(viewModel.score.value == "4 - 4")
        #expect(viewModel.time.value == "12:34.3")
    }

    @Test("Start runs the clock in tenths, Pause stops it, Start carries on from there")
    func startPauseStart() async {
        let viewModel = makeViewModel()
        let time = Recorder(viewModel.time)
        let title = Recorder(viewModel.startPauseButtonTitle)
        let paused = Recorder(viewModel.isPaused)

        viewModel.startPauseButtonTapped()
        await advance(tenths: 3)
        viewModel.startPauseButtonTapped()
        await clock.advance(by: .seconds(5))
        viewModel.startPauseButtonTapped()
        await advance(tenths: 2)

        #expect(time.values == ["00:00.0", "00:00.1", "00:00.2", "00:00.3", "00:00.4", "00:00.5"])
        #expect(title.values == ["Start", "Pause", "Start", "Pause"])
        #expect(paused.values == [true, false, true, false])
    }

    @Test("The time is measured on the clock, not counted in ticks: it cannot drift")
    func timeIsMeasured() async {
        let viewModel = GameScoreboardViewModel(
            session: GameSession(game: game, library: library), clock: clock, tickInterval: .seconds(1))
        let time = Recorder(viewModel.time)

        viewModel.startPauseButtonTapped()
        await clock.advanceTicking(by: .seconds(1), count: 2)
        await clock.advanceTicking(by: .milliseconds(700))
        viewModel.startPauseButtonTapped()

        #expect(time.values == ["00:00.0", "00:01.0", "00:02.0", "00:02.7"])
        #expect(library.games.first?.playingTime == .milliseconds(2_700))
    }

    @Test("Minutes roll over and the time is saved at each pause")
    func minutesAndSaving() async {
        let viewModel = makeViewModel()
        viewModel.startPauseButtonTapped()
        await clock.advance(by: .seconds(61))
        viewModel.startPauseButtonTapped()
        viewModel.startPauseButtonTapped()
        await clock.advance(by: .milliseconds(850))
        viewModel.screenClosed()

        #expect(viewModel.time.value == "01:01.8")
        #expect(library.games.first?.playingTime == .milliseconds(61_850))
    }

    @Test("Points reach the scoreboard; the game ends at 15 by 2, stopping the clock by itself")
    func scoreAndEnd() async throws {
        var almostOver = game
        try almostOver.tie(at: 13)
        let viewModel = makeViewModel(almostOver)
        let score = Recorder(viewModel.score)
        let finished = Recorder(viewModel.isFinished)
        let result = Recorder(viewModel.result)
        let paused = Recorder(viewModel.isPaused)
        let time = Recorder(viewModel.time)
        let ann = viewModel.homePlayers[0], dan = viewModel.awayPlayers[0]

        viewModel.startPauseButtonTapped()
        await advance(tenths: 1)
        dan.onePointButtonTapped()
        ann.assistButtonTapped()
        ann.twoPointsButtonTapped()
        await advance(tenths: 1)
        ann.twoPointsButtonTapped()
        await clock.advance(by: .seconds(3))
        viewModel.startPauseButtonTapped()

        #expect(score.values == ["13 - 13", "13 - 14", "15 - 14", "17 - 14"])
        #expect(finished.values == [false, true])
        #expect(result.values == [nil, "Bulls win 17 - 14"])
        #expect(paused.values == [true, false, true])
        #expect(time.values == ["00:00.0", "00:00.1", "00:00.2"])
        #expect(library.games.first?.isFinished == true)
        #expect(library.games.first?.playingTime == .milliseconds(200))
    }

    @Test("A finished game opens finished, with its result, and its clock will not start")
    func finishedGameStaysStopped() async throws {
        var over = game
        try over.tie(at: 15)
        try over.scoreOnePoints("AA")
        let viewModel = makeViewModel(over)
        let paused = Recorder(viewModel.isPaused)

        viewModel.startPauseButtonTapped()
        await clock.untilNothingSleeps()
        await clock.advance(by: .seconds(2))

        #expect(viewModel.isFinished.value)
        #expect(viewModel.result.value == "Hawks win 17 - 15")
        #expect(paused.values == [true])
        #expect(viewModel.time.value == "00:00.0")
    }

    @Test("A failed save is shown, and cleared once a save works again")
    func saveFailureIsShown() {
        let failing = FailingGameLibrary(games: [game])
        let viewModel = GameScoreboardViewModel(game: game, library: failing, clock: clock)
        let message = Recorder(viewModel.saveErrorMessage)

        viewModel.homePlayers[0].onePointButtonTapped()
        viewModel.homePlayers[1].onePointButtonTapped()
        failing.failsWrites = false
        viewModel.awayPlayers[0].twoPointsButtonTapped()

        #expect(message.values == [nil, FailingGameLibrary.error.localizedDescription, nil])
        #expect(viewModel.score.value == "2 - 2")
        #expect(failing.games.first?.awayTeamScore == 2)
    }

    @Test("Going back with moves that could not be saved asks first; Stay keeps them, and they are saved once the library works")
    func leavingUnsavedMovesAsks() {
        let failing = FailingGameLibrary(games: [game])
        let viewModel = GameScoreboardViewModel(game: game, library: failing, clock: clock)
        var left = 0
        viewModel.onLeave = { left += 1 }

        viewModel.homePlayers[0].twoPointsButtonTapped()
        viewModel.backButtonTapped()

        #expect(left == 0)
        #expect(viewModel.leaveConfirmation.value?.message
            == "The latest moves could not be saved (\(FailingGameLibrary.error.localizedDescription)) and will be lost.")
        viewModel.leaveCancelled()
        #expect(viewModel.leaveConfirmation.value == nil)
        #expect(viewModel.score.value == "2 - 0")

        failing.failsWrites = false
        viewModel.backButtonTapped()

        #expect(left == 1, "the save tried again worked: nothing to ask")
        #expect(viewModel.leaveConfirmation.value == nil)
        #expect(viewModel.saveErrorMessage.value == nil)
        #expect(failing.games.first?.homeTeamScore == 2)
    }

    @Test("Leave, asked about unsaved moves, goes back without them; with everything saved, back asks nothing")
    func leavingLosesUnsavedMovesOnlyWhenChosen() {
        let failing = FailingGameLibrary(games: [game])
        let viewModel = GameScoreboardViewModel(game: game, library: failing, clock: clock)
        var left = 0
        viewModel.onLeave = { left += 1 }
        viewModel.backButtonTapped()
        #expect(left == 1)

        viewModel.awayPlayers[1].onePointButtonTapped()
        viewModel.backButtonTapped()
        #expect(left == 1)
        viewModel.leaveConfirmed()

        #expect(left == 2)
        #expect(viewModel.leaveConfirmation.value == nil)
        #expect(failing.games.first?.awayTeamScore == 0)
    }

    @Test("Pause ends the tick task: nothing is left sleeping on the clock")
    func pauseCancelsTicking() async {
        let viewModel = makeViewModel()
        viewModel.startPauseButtonTapped()
        await advance(tenths: 1)
        await clock.untilSomethingSleeps()

        viewModel.startPauseButtonTapped()

        await clock.untilNothingSleeps()
    }

    @Test("A running scoreboard that is let go is released, and its tick task ends")
    func releasedWhileRunning() async {
        weak var released: GameScoreboardViewModel?
        weak var releasedPlayer: PlayerScoreboardViewModel?
        do {
            let viewModel = makeViewModel()
            let time = Recorder(viewModel.time)
            viewModel.startPauseButtonTapped()
            await advance(tenths: 1)
            #expect(time.values == ["00:00.0", "00:00.1"])
            released = viewModel
            releasedPlayer = viewModel.awayPlayers[2]
        }

        #expect(released == nil)
        #expect(releasedPlayer == nil)
        await clock.untilNothingSleeps()
    }
}
