import Clocks
import Scoreboard
import TerminalUI
import Testing
@testable import ScoreboardTerminal

@MainActor
@Suite("Scoreboard app navigation")
struct ScoreboardRootViewTests {
    let clock = TestClock()
    let library = InMemoryGameLibrary()
    let redraws = RedrawCounter()

    func makeRoot() -> ScoreboardRootView {
        ScoreboardRootView(
            listViewModel: GameListViewModel(library: library, clock: clock), redraw: redraws.redraw)
    }

    @Test("Create a game, score it to the end, go back: the list shows the result")
    func createPlayAndReturn() {
        let root = makeRoot()
        root.press(.character("n"))
        #expect(root.topScreen is GameCreatorScreen)
        for name in ["Bulls", "Ann", "Bea", "Cy", "Hawks", "Dan", "Eve", "Fay"] {
            root.type(name)
            root.press(.tab)
        }
        root.press(.enter)
        #expect(root.topScreen is GameScoreboardScreen)

        root.press(.character("4"))
        for _ in 0..<8 { root.press(.character("t")) }
        #expect(root.lines(rows: 24, columns: 80)[15] == "                            │   Hawks win 16 - 0   │")
        root.press(.character("q"))

        #expect(root.topScreen is GameListScreen)
        #expect(root.lines(rows: 24, columns: 80)[2]
            == "> Bulls vs Hawks  0 - 16                                              Hawks won")
        #expect(root.handle(.character("q")) == .quit)
    }

    @Test("Cancel in the creator goes back to the list; Enter on a game opens it")
    func cancelAndOpen() throws {
        try library.add(Fixtures.gameInProgress())
        let root = makeRoot()

        root.press(.character("n"), .escape)
        #expect(root.topScreen is GameListScreen)
        root.press(.enter)

        let scoreboard = try #require(root.topScreen as? GameScoreboardScreen)
        #expect(scoreboard.viewModel.score.value == "7 - 4")
        #expect(redraws.count >= 3)
    }

    @Test("Closing the app stops a running game clock and saves the time played")
    func closeSavesTime() async throws {
        let game = Fixtures.newGame()
        try library.add(game)
        let root = makeRoot()
        root.press(.enter, .character(" "))

        await clock.advance(by: .milliseconds(1_500))
        root.close()

        #expect(library.games.first?.playingTime == .milliseconds(1_500))
    }

    @Test("The screens are released with the app; the view models they fed do not keep them")
    func noRetainCycle() throws {
        try library.add(Fixtures.newGame())
        let listViewModel = GameListViewModel(library: library, clock: clock)
        weak var releasedRoot: ScoreboardRootView?
        weak var releasedScoreboard: GameScoreboardScreen?
        do {
            let root = ScoreboardRootView(listViewModel: listViewModel, redraw: redraws.redraw)
            root.press(.enter)
            releasedScoreboard = root.topScreen as? GameScoreboardScreen
            releasedRoot = root
        }

        #expect(releasedRoot == nil)
        #expect(releasedScoreboard == nil)
        listViewModel.openTapped(id: try #require(listViewModel.rows.value.first?.id))
    }
}
