import Clocks
import Scoreboard
import TerminalUI
import Testing
@testable import ScoreboardTerminal

@MainActor
@Suite("Game list screen")
struct GameListScreenTests {
    let library = InMemoryGameLibrary(games: [Fixtures.finishedGame(), Fixtures.gameInProgress(), Fixtures.newGame()])

    func makeScreen(notice: AlertBox? = nil) -> GameListScreen {
        GameListScreen(viewModel: GameListViewModel(library: library, clock: TestClock()), notice: notice, redraw: {})
    }

    @Test("Games newest first with score and state, in 80 x 12")
    func wide() {
        let screen = makeScreen()
        screen.press(.down)

        #expect(screen.lines(rows: 12, columns: 80) == [
            " Scoreboard · Games (3)",
            "",
            "  Bulls vs Hawks  0 - 0                                             Not started",
            "> Bulls vs Hawks  7 - 4                                         Paused, 03:12.4",
            "  Bulls vs Hawks  15 - 17                                             Hawks won",
            "",
            "",
            "",
            "",
            "",
            "",
            "↑↓ Move  ⏎ Open  n New game  d Delete  q Quit",
        ])
    }

    @Test("In 40 x 8 the rows and the footer are cut to fit")
    func narrow() {
        let screen = makeScreen()
        screen.press(.down)

        #expect(screen.lines(rows: 8, columns: 40) == [
            " Scoreboard · Games (3)",
            "",
            "  Bulls vs Hawks  0 - 0     Not started",
            "> Bulls vs Hawks  7 - 4 Paused, 03:12.4",
            "  Bulls vs Hawks  15 - 17     Hawks won",
            "",
            "",
            "↑↓ Move  ⏎ Open  q Quit  ? Help",
        ])
    }

    @Test("The arrows and j/k move the selection within the list; Enter opens that game")
    func selectAndOpen() {
        let screen = makeScreen()
        var opened: [String] = []
        screen.viewModel.onGameOpened = { opened.append($0.score.value) }

        screen.press(.up, .enter, .character("j"), .enter, .down, .down, .down, .enter, .character("k"), .enter)

        #expect(opened == ["0 - 0", "7 - 4", "15 - 17", "7 - 4"])
    }

    @Test("A click, Home, End and the paging keys select games by the view model's inputs")
    func clicksAndEnds() {
        let screen = makeScreen()
        var opened: [String] = []
        screen.viewModel.onGameOpened = { opened.append($0.score.value) }
        _ = screen.lines(rows: 12, columns: 80)

        screen.press(.click(.row(2)), .enter, .home, .enter, .end, .enter, .pageUp, .enter)
        #expect(screen.press(.click(.row(7)), .enter) == [.ignored, .handled])

        #expect(opened == ["15 - 17", "0 - 0", "15 - 17", "0 - 0", "0 - 0"])
    }

    @Test("n asks for a new game; q quits")
    func newGameAndQuit() {
        let screen = makeScreen()
        var creators = 0
        screen.viewModel.onGameCreatorOpened = { _ in creators += 1 }

        #expect(screen.press(.character("n"), .character("q")) == [.handled, .quit])
        #expect(creators == 1)
    }

    @Test("d asks before deleting; Cancel is the default, Delete removes the game")
    func deleteWithConfirmation() {
        let screen = makeScreen()
        screen.press(.down, .character("d"))
        #expect(screen.lines(rows: 12, columns: 80) == [
            " Scoreboard · Games (3)",
            "",
            "  Bulls vs Hawks  ┌─────────────────────────────────────────┐       Not started",
            "> Bulls vs Hawks  │ Delete game?                            │   Paused, 03:12.4",
            "  Bulls vs Hawks  │                                         │         Hawks won",
            "                  │ Bulls vs Hawks, 7 - 4, will be deleted. │",
            "                  │                                         │",
            "                  │         [ Delete ]  [ Cancel ]          │",
            "                  └─────────────────────────────────────────┘",
            "",
            "",
            "←→ Choose  ⏎ Confirm  Esc Cancel",
        ])

        screen.press(.enter)
        #expect(library.games.count == 3)
        screen.press(.character("d"), .escape)
        #expect(library.games.count == 3)
        screen.press(.character("d"), .left, .enter)

        #expect(library.games.map(\.moves.count) == [31, 0])
        #expect(screen.lines(rows: 12, columns: 80)[0...4] == [
            " Scoreboard · Games (2)",
            "",
            "  Bulls vs Hawks  0 - 0                                             Not started",
            "> Bulls vs Hawks  15 - 17                                             Hawks won",
            "",
        ])
    }

    @Test("An empty library says how to start; a notice shows over it until dismissed")
    func emptyWithNotice() {
        let screen = GameListScreen(
            viewModel: GameListViewModel(library: InMemoryGameLibrary(), clock: TestClock()),
            notice: AlertBox(title: "Game library damaged", message: "It was kept as a backup."),
            redraw: {})
        #expect(screen.lines(rows: 10, columns: 60) == [
            " Scoreboard · Games (0)",
            "                ┌──────────────────────────┐",
            "  No games yet. │ Game library damaged     │",
            "                │                          │",
            "                │ It was kept as a backup. │",
            "                │                          │",
            "                │          [ OK ]          │",
            "                └──────────────────────────┘",
            "",
            "⏎ OK",
        ])

        #expect(screen.press(.character("n"), .enter) == [.handled, .handled])

        #expect(screen.lines(rows: 10, columns: 60) == [
            " Scoreboard · Games (0)",
            "",
            "  No games yet. Press n to start one.",
            "", "", "", "", "", "",
            "↑↓ Move  ⏎ Open  n New game  d Delete  q Quit",
        ])
    }
}
