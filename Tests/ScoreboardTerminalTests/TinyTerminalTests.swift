import Clocks
import Scoreboard
import TerminalUI
import Testing
@testable import ScoreboardTerminal

@MainActor
@Suite("Tiny terminals")
struct TinyTerminalTests {
    nonisolated static let sizes = [(0, 0), (1, 1), (2, 5), (4, 12), (7, 30), (12, 50)]

    @Test("Every screen draws in any size, down to nothing, at exactly that size", arguments: sizes)
    func everyScreenFits(rows: Int, columns: Int) {
        let library = InMemoryGameLibrary(games: [Fixtures.finishedGame(), Fixtures.gameInProgress()])
        let clock = TestClock()
        let screens: [any TerminalView] = [
            GameListScreen(viewModel: GameListViewModel(library: library, clock: clock),
                           notice: AlertBox(title: "Notice", message: "Something to say."), redraw: {}),
            GameCreatorScreen(viewModel: GameCreatorViewModel(library: library, clock: clock), redraw: {}),
            GameScoreboardScreen(viewModel: GameScoreboardViewModel(
                game: library.games[0], library: library, clock: clock), redraw: {}),
            GameScoreboardScreen(viewModel: GameScoreboardViewModel(
                game: library.games[1], library: library, clock: clock), redraw: {}),
        ]
        for screen in screens {
            let canvas = screen.render(size: TerminalSize(rows: rows, columns: columns))
            #expect(canvas.size == TerminalSize(rows: rows, columns: columns))
            #expect(canvas.lines.count == rows)
        }
    }
}
