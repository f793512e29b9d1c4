import Clocks
import Scoreboard
import TerminalUI
import TestSupport
import Testing
@testable import ScoreboardTerminal

/// Every scoreboard screen at every size of `SnapshotFiles.sizes`, as text files.
@MainActor
@Suite("Scoreboard screens at every size")
struct ScoreboardScreenSizesTests {
    let clock = TestClock()

    @Test("the game list", arguments: SnapshotFiles.sizes)
    func gameList(size: TerminalSize) {
        let library = InMemoryGameLibrary(games: [Fixtures.newGame(), Fixtures.gameInProgress(), Fixtures.finishedGame()])
        let screen = GameListScreen(viewModel: GameListViewModel(library: library, clock: clock), redraw: {})
        SnapshotFiles.expect(screen, size: size, named: "game-list", suite: "Scoreboard")
    }

    @Test("the game creator, focus on the away team's second player", arguments: SnapshotFiles.sizes)
    func creator(size: TerminalSize) {
        let screen = GameCreatorScreen(viewModel: GameCreatorViewModel(library: InMemoryGameLibrary(), clock: clock), redraw: {})
        for name in ["Bulls", "Ann", "Bea", "Cy", "Hawks", "Dan"] {
            screen.type(name)
            screen.press(.tab)
        }
        screen.type("Ann")
        SnapshotFiles.expect(screen, size: size, named: "creator", suite: "Scoreboard")
    }

    @Test("a game in progress, the away team's second player selected", arguments: SnapshotFiles.sizes)
    func inProgress(size: TerminalSize) {
        let game = Fixtures.gameInProgress()
        let screen = GameScoreboardScreen(
            viewModel: GameScoreboardViewModel(game: game, library: InMemoryGameLibrary(games: [game]), clock: clock), redraw: {})
        screen.press(.character("5"))
        SnapshotFiles.expect(screen, size: size, named: "scoreboard", suite: "Scoreboard")
    }

    @Test("a finished game", arguments: SnapshotFiles.sizes)
    func finished(size: TerminalSize) {
        let game = Fixtures.finishedGame()
        let screen = GameScoreboardScreen(
            viewModel: GameScoreboardViewModel(game: game, library: InMemoryGameLibrary(games: [game]), clock: clock), redraw: {})
        SnapshotFiles.expect(screen, size: size, named: "final", suite: "Scoreboard")
    }
}
