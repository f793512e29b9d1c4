import Clocks
import Scoreboard
import TerminalUI
import Testing
@testable import ScoreboardTerminal

/// Undo, clicks, scrolling to the selected player, and saving the clock however the app ends.
@MainActor
@Suite("Scoreboard: undo, mouse, small terminals, exit")
struct ScoreboardInteractionTests {
    let clock = TestClock()

    private func makeScreen(_ game: Game, library: InMemoryGameLibrary? = nil) -> GameScoreboardScreen {
        let viewModel = GameScoreboardViewModel(game: game, library: library ?? InMemoryGameLibrary(games: [game]), clock: clock)
        return GameScoreboardScreen(viewModel: viewModel, redraw: {})
    }

    @Test("u takes back the latest move, also the one that ended the game")
    func undoKey() {
        let screen = makeScreen(Fixtures.finishedGame())
        #expect(screen.viewModel.isFinished.value)
        #expect(screen.handle(.character("u")) == .handled)
        #expect(screen.viewModel.score.value == "15 - 15")
        #expect(!screen.viewModel.isFinished.value)
        #expect(screen.lines(rows: 24, columns: 80)[2] == "                                   [ Start ]")
    }

    @Test("a click on a panel selects that player; a click on Start starts the clock")
    func clicks() {
        let screen = makeScreen(Fixtures.newGame())
        _ = screen.render(size: TerminalSize(rows: 24, columns: 80))
        #expect(screen.handle(.click(GameScoreboardScreen.panelTarget(5))) == .handled)
        screen.press(.character("t"))
        #expect(screen.viewModel.awayPlayers[1].twoPointMoveCount.value == "1")
        #expect(screen.handle(.click(.button("Start"))) == .handled)
        #expect(!screen.viewModel.isPaused.value)
        screen.viewModel.screenClosed()
    }

    @Test("in 50 x 15 the panels scroll to keep the selected player in sight, so no move is scored blind")
    func scrollsToTheSelectedPlayer() {
        let screen = makeScreen(Fixtures.newGame())
        var shown: [Bool] = []
        for number in 1...6 {
            screen.press(.character(Character(String(number))))
            shown.append(screen.lines(rows: 15, columns: 50).contains { $0.hasPrefix("┌─ ▸ \(number) ") })
        }
        #expect(shown == Array(repeating: true, count: 6))
    }

    @Test("the app's last word (Ctrl-C, SIGTERM, SIGHUP) stops a running clock and saves the time")
    func exitSavesTheClock() async throws {
        let library = InMemoryGameLibrary(games: [Fixtures.newGame()])
        let root = ScoreboardRootView(listViewModel: GameListViewModel(library: library, clock: clock), redraw: {})
        root.press(.enter, .character(" "))
        await clock.advance(by: .milliseconds(2_300))

        root.appWillExit()

        #expect(library.games.first?.playingTime == .milliseconds(2_300))
    }

    @Test("the game list answers the list keys, the wheel and a click")
    func gameListKeys() throws {
        let library = InMemoryGameLibrary(games: (0..<5).map { _ in Fixtures.newGame() })
        let screen = GameListScreen(viewModel: GameListViewModel(library: library, clock: clock), redraw: {})
        _ = screen.render(size: TerminalSize(rows: 8, columns: 60))
        let selected = { screen.lines(rows: 8, columns: 60).firstIndex { $0.hasPrefix(">") } }
        screen.press(.character("G"))
        #expect(selected() == 5)
        screen.press(.click(.row(1)))
        #expect(selected() == 2)
        screen.press(.mouse(MouseEvent(action: .wheelDown, row: 0, column: 0)))
        #expect(selected() == 3)
        screen.press(.pageUp)
        #expect(selected() == 2)
    }
}
