import Binding

/// The scoreboard of one game (the article's `GameScoreboardEditorViewModel`): team names, score,
/// game clock, Start/Pause, the final result, and a panel per player.
///
/// The game clock is measured, not counted: it is the playing time of earlier intervals plus
/// the clock's reading since Start. The periodic tick only refreshes the display, so a late or
/// missed tick cannot make the time drift. The clock stops by itself when the game ends.
@MainActor
public final class GameScoreboardViewModel {
    public let homeTeam: String
    public let awayTeam: String
    /// "mm:ss.t"
    public let time: Bindable<String>
    /// "H - A"
    public let score: Bindable<String>
    public let isFinished: Bindable<Bool>
    public let isPaused = Bindable(true, skipsEqualValues: true)
    /// "Start" while paused, "Pause" while the clock runs.
    public let startPauseButtonTitle: Bindable<String>
    /// "Bulls win 17 - 15" once the game is over.
    public let result: Bindable<String?>
    /// Whether there is a move to take back.
    public let canUndo: Bindable<Bool>
    /// Set while the game's latest state could not be saved.
    public let saveErrorMessage: Bindable<String?>
    /// Asked when the user goes back while the latest changes are not saved.
    public let leaveConfirmation = Bindable<GameLeavePrompt?>(nil)
    /// The user may go back to the list of games: nothing is left unsaved, or they chose to lose it.
    public var onLeave: (() -> Void)?
    public let homePlayers: [PlayerScoreboardViewModel]
    public let awayPlayers: [PlayerScoreboardViewModel]

    private let session: GameSession
    private let clock: any Clock<Duration>
    private let tickInterval: Duration
    /// Running since Start; nil while paused.
    private var runningInterval: Stopwatch?
    /// The display's ticks while the clock runs (see `TaskSlot` for how view models own their work).
    let ticking = TaskSlot()

    public init(session: GameSession, clock: any Clock<Duration>, tickInterval: Duration = .milliseconds(100)) {
        self.session = session
        self.clock = clock
        self.tickInterval = tickInterval
        let game = session.game
        homeTeam = game.homeTeam.name
        awayTeam = game.awayTeam.name
        time = Bindable(game.playingTime.scoreboardClockText, skipsEqualValues: true)
        score = Bindable(game.scoreText, skipsEqualValues: true)
        isFinished = Bindable(game.isFinished, skipsEqualValues: true)
        result = Bindable(game.resultText, skipsEqualValues: true)
        canUndo = Bindable(!game.moves.isEmpty, skipsEqualValues: true)
        startPauseButtonTitle = isPaused.map { $0 ? "Start" : "Pause" }
        saveErrorMessage = session.saveFailure.map { $0?.localizedDescription }
        homePlayers = game.homeTeam.players.map { PlayerScoreboardViewModel(player: $0, session: session) }
        awayPlayers = game.awayTeam.players.map { PlayerScoreboardViewModel(player: $0, session: session) }
        session.observe(self) { viewModel, game in viewModel.show(game) }
    }

    public convenience init(game: Game, library: any GameLibrary, clock: any Clock<Duration>) {
        self.init(session: GameSession(game: game, library: library), clock: clock)
    }

    /// The article's `togglePause()`.
    public func startPauseButtonTapped() {
        if runningInterval == nil {
            start()
        } else {
            pause()
        }
    }

    /// Takes back the latest move (also the one that ended the game: play goes on).
    public func undoButtonTapped() {
        session.undoLastMove()
    }

    /// The user asks to go back: the clock stops, and a save that failed is tried again. Changes
    /// that still cannot be saved are not left without asking.
    public func backButtonTapped() {
        pause()
        session.saveAgain()
        if session.hasUnsavedChanges {
            leaveConfirmation.value = GameLeavePrompt(failure: session.saveFailure.value)
        } else {
            onLeave?()
        }
    }

    public func leaveConfirmed() {
        leaveConfirmation.value = nil
        onLeave?()
    }

    public func leaveCancelled() {
        leaveConfirmation.value = nil
    }

    /// The scoreboard is gone (the program ends): the clock stops and the time played so far is saved.
    public func screenClosed() {
        pause()
    }

    private func start() {
        guard !session.game.isFinished else { return }
        runningInterval = Stopwatch(clock: clock)
        isPaused.value = false
        ticking.replace(with: Task { [weak self, clock, tickInterval] in
            while true {
                do {
                    try await clock.sleep(for: tickInterval)
                } catch {
                    return
                }
                guard let self, !Task.isCancelled else { return }
                self.showTime()
            }
        })
    }

    private func pause() {
        guard let runningInterval else { return }
        ticking.cancel()
        self.runningInterval = nil
        session.addPlayingTime(runningInterval.elapsed())
        isPaused.value = true
        showTime()
    }

    private func show(_ game: Game) {
        score.value = game.scoreText
        if game.isFinished {
            pause()
        }
        result.value = game.resultText
        isFinished.value = game.isFinished
        canUndo.value = !game.moves.isEmpty
    }

    private func showTime() {
        let running = runningInterval?.elapsed() ?? .zero
        time.value = (session.game.playingTime + running).scoreboardClockText
    }
}
