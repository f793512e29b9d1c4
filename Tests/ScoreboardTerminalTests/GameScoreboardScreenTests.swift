import Clocks
import Scoreboard
import TerminalUI
import Testing
@testable import ScoreboardTerminal

@MainActor
@Suite("Scoreboard screen")
struct GameScoreboardScreenTests {
    let clock = TestClock()
    let redraws = RedrawCounter()

    func makeScreen(_ game: Game, library: (any GameLibrary)? = nil) -> GameScoreboardScreen {
        let viewModel = GameScoreboardViewModel(
            game: game, library: library ?? InMemoryGameLibrary(games: [game]), clock: clock)
        return GameScoreboardScreen(viewModel: viewModel, redraw: redraws.redraw)
    }

    @Test("A game in progress, two columns of panels in 80 x 24")
    func inProgressWide() {
        let screen = makeScreen(Fixtures.gameInProgress())

        #expect(screen.lines(rows: 24, columns: 80) == [
            " Bulls                               7 - 4                                Hawks",
            "                                    03:12.4",
            "                                   [ Start ]",
            "",
            "┌─ ▸ 1 Ann ───────────────────────────┐  ┌─ 4 Dan ─────────────────────────────┐",
            "│ 1pt 0  2pt 2  Ast 0  Reb 0  Foul 0  │  │ 1pt 0  2pt 1  Ast 0  Reb 1  Foul 0  │",
            "└─────────────────────────────────────┘  └─────────────────────────────────────┘",
            "┌─ 2 Bea ─────────────────────────────┐  ┌─ 5 Eve ─────────────────────────────┐",
            "│ 1pt 1  2pt 1  Ast 1  Reb 0  Foul 0  │  │ 1pt 2  2pt 0  Ast 0  Reb 0  Foul 1  │",
            "└─────────────────────────────────────┘  └─────────────────────────────────────┘",
            "┌─ 3 Cy ──────────────────────────────┐  ┌─ 6 Fay ─────────────────────────────┐",
            "│ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0  │  │ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0  │",
            "└─────────────────────────────────────┘  └─────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "1-6/Tab Player  o 1pt  t 2pt  a Ast  r Reb  f Foul  u Undo  Space Start  q Back",
        ])
    }

    @Test("A game in progress, one column of panels and a short footer in 60 x 24")
    func inProgressNarrow() {
        let screen = makeScreen(Fixtures.gameInProgress())

        #expect(screen.lines(rows: 24, columns: 60) == [
            " Bulls                     7 - 4                      Hawks",
            "                          03:12.4",
            "                         [ Start ]",
            "",
            "┌─ ▸ 1 Ann (Bulls) ────────────────────────────────────────┐",
            "│ 1pt 0  2pt 2  Ast 0  Reb 0  Foul 0                       │",
            "└──────────────────────────────────────────────────────────┘",
            "┌─ 2 Bea (Bulls) ──────────────────────────────────────────┐",
            "│ 1pt 1  2pt 1  Ast 1  Reb 0  Foul 0                       │",
            "└──────────────────────────────────────────────────────────┘",
            "┌─ 3 Cy (Bulls) ───────────────────────────────────────────┐",
            "│ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0                       │",
            "└──────────────────────────────────────────────────────────┘",
            "┌─ 4 Dan (Hawks) ──────────────────────────────────────────┐",
            "│ 1pt 0  2pt 1  Ast 0  Reb 1  Foul 0                       │",
            "└──────────────────────────────────────────────────────────┘",
            "┌─ 5 Eve (Hawks) ──────────────────────────────────────────┐",
            "│ 1pt 2  2pt 0  Ast 0  Reb 0  Foul 1                       │",
            "└──────────────────────────────────────────────────────────┘",
            "┌─ 6 Fay (Hawks) ──────────────────────────────────────────┐",
            "│ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0                       │",
            "└──────────────────────────────────────────────────────────┘",
            "",
            "1-6 Player  o/t/a/r/f Move  u Undo  Space Start  q Back",
        ])
    }

    @Test("A finished game: FINAL, no selection, the final banner under the panels")
    func finishedWide() {
        let screen = makeScreen(Fixtures.finishedGame())

        #expect(screen.lines(rows: 24, columns: 80) == [
            " Bulls                              15 - 17                               Hawks",
            "                                    11:05.0",
            "                                     FINAL",
            "",
            "┌─ 1 Ann ─────────────────────────────┐  ┌─ 4 Dan ─────────────────────────────┐",
            "│ 1pt 15  2pt 0  Ast 0  Reb 0  Foul 0 │  │ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0  │",
            "└─────────────────────────────────────┘  └─────────────────────────────────────┘",
            "┌─ 2 Bea ─────────────────────────────┐  ┌─ 5 Eve ─────────────────────────────┐",
            "│ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0  │  │ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0  │",
            "└─────────────────────────────────────┘  └─────────────────────────────────────┘",
            "┌─ 3 Cy ──────────────────────────────┐  ┌─ 6 Fay ─────────────────────────────┐",
            "│ 1pt 0  2pt 0  Ast 0  Reb 0  Foul 0  │  │ 1pt 15  2pt 1  Ast 0  Reb 0  Foul 0 │",
            "└─────────────────────────────────────┘  └─────────────────────────────────────┘",
            "",
            "                           ┌─ Final ───────────────┐",
            "                           │   Hawks win 17 - 15   │",
            "                           └───────────────────────┘",
            "", "", "", "", "", "",
            "u Undo last move  q Back to games",
        ])
    }

    @Test("A finished game without room for the banner shows the result in the header")
    func finishedNarrow() {
        let lines = makeScreen(Fixtures.finishedGame()).lines(rows: 24, columns: 60)

        #expect(lines[0...4] == [
            " Bulls                    15 - 17                     Hawks",
            "                          11:05.0",
            "                 FINAL · Hawks win 17 - 15",
            "",
            "┌─ 1 Ann (Bulls) ──────────────────────────────────────────┐",
        ])
        #expect(lines.last == "u Undo last move  q Back to games")
        #expect(!lines.joined().contains("▸"))
    }

    @Test("Number keys, Tab and the arrows pick the player the move keys act on")
    func selectingPlayers() {
        let screen = makeScreen(Fixtures.newGame())
        func selectedTitle() -> String? {
            screen.lines(rows: 24, columns: 80).flatMap { $0.split(separator: "┌") }
                .first { $0.contains("▸") }.map { String($0.split(separator: " ")[2]) }
        }
        var selected: [String?] = [selectedTitle()]
        for key: Key in [.character("5"), .up, .up, .right, .down, .tab, .tab, .backTab, .left, .character("3")] {
            #expect(screen.handle(key) == .handled)
            selected.append(selectedTitle())
        }

        #expect(selected == ["1", "5", "4", "6", "3", "1", "2", "3", "2", "5", "3"])
    }

    @Test("o t a r f make the selected player's moves; the score and counts follow")
    func moveKeys() throws {
        let game = Fixtures.newGame()
        let library = InMemoryGameLibrary(games: [game])
        let screen = makeScreen(game, library: library)

        screen.press(.character("5"), .character("t"), .character("o"), .character("a"), .character("r"),
                     .character("f"), .character("F"), .character("2"), .character("t"))

        let lines = screen.lines(rows: 24, columns: 80)
        #expect(lines[0] == " Bulls                               2 - 3                                Hawks")
        #expect(lines[8] == "│ 1pt 0  2pt 1  Ast 0  Reb 0  Foul 0  │  │ 1pt 1  2pt 1  Ast 1  Reb 1  Foul 2  │")
        #expect(library.games.first?.moves.count == 7)
        #expect(redraws.count >= 8)
    }

    @Test("Space starts and pauses the clock; the button and footer say what Space does next")
    func startPause() {
        let screen = makeScreen(Fixtures.newGame())
        var buttons: [String] = []
        var footers: [String] = []
        for _ in 0..<3 {
            let lines = screen.lines(rows: 24, columns: 80)
            buttons.append(lines[2].trimmingCharacters(in: .whitespaces))
            footers.append(String(lines[23].split(separator: "  ")[7]))
            #expect(screen.handle(.character(" ")) == .handled)
        }

        #expect(buttons == ["[ Start ]", "[ Pause ]", "[ Start ]"])
        #expect(footers == ["Space Start", "Space Pause", "Space Start"])
    }

    @Test("q and Esc stop the clock and go back")
    func back() {
        let screen = makeScreen(Fixtures.newGame())
        var backs = 0
        screen.onBack = { backs += 1 }

        screen.press(.character(" "), .character("q"))
        #expect(screen.viewModel.isPaused.value)
        screen.press(.escape)

        #expect(backs == 2)
    }

    @Test("After the end the move and selection keys do nothing")
    func finishedIgnoresMoves() {
        let game = Fixtures.finishedGame()
        let library = InMemoryGameLibrary(games: [game])
        let screen = makeScreen(game, library: library)
        let before = screen.lines(rows: 24, columns: 80)

        let results = screen.press(.character("t"), .character("4"), .tab, .character(" "))

        #expect(results == [.ignored, .ignored, .ignored, .handled])
        #expect(screen.lines(rows: 24, columns: 80) == before)
        #expect(library.games == [game])
    }

    @Test("A failed save shows above the footer")
    func saveError() {
        let game = Fixtures.newGame()
        let screen = makeScreen(game, library: FullDiskGameLibrary(games: [game]))

        screen.press(.character("o"))

        #expect(screen.lines(rows: 24, columns: 80)[22]
            == "! The game could not be saved to games.json: The disk is full.")
        // Narrower, it wraps above the footer rather than losing its reason.
        let narrow = screen.lines(rows: 24, columns: 40)
        #expect(narrow[21...22] == ["! The game could not be saved to", "  games.json: The disk is full."], "\(narrow)")
    }

    @Test("q with moves that could not be saved asks before leaving: Stay is focused, Leave goes back")
    func leavingUnsavedMovesAsks() {
        let game = Fixtures.newGame()
        let screen = makeScreen(game, library: FullDiskGameLibrary(games: [game]))
        var backs = 0
        screen.onBack = { backs += 1 }

        screen.press(.character("o"), .character("q"))
        let asking = screen.lines(rows: 24, columns: 80)
        #expect(asking.contains { $0.contains("Leave without saving?") }, "\(asking)")
        #expect(asking.contains { $0.contains("[ Leave ]") && $0.contains("[ Stay ]") }, "\(asking)")
        #expect(asking[23].contains("Esc Stay"), "\(asking[23])")
        #expect(screen.press(.character("t")) == [.handled])
        #expect(screen.viewModel.homePlayers[0].moveCount(.twoPoints).value == "0", "keys go to the question")

        screen.press(.enter)
        #expect(backs == 0)
        #expect(!screen.lines(rows: 24, columns: 80).contains { $0.contains("Leave without saving?") })

        screen.press(.escape, .escape)
        #expect(backs == 0, "Esc answers Stay")
        screen.press(.character("q"), .left, .enter)
        #expect(backs == 1)
    }

    @Test("The screen is released when let go; its view model does not keep it")
    func noRetainCycle() {
        let game = Fixtures.newGame()
        let viewModel = GameScoreboardViewModel(game: game, library: InMemoryGameLibrary(games: [game]), clock: clock)
        weak var released: GameScoreboardScreen?
        do {
            let screen = GameScoreboardScreen(viewModel: viewModel, redraw: redraws.redraw)
            screen.onBack = { [weak screen] in _ = screen }
            released = screen
        }

        #expect(released == nil)
        viewModel.homePlayers[0].twoPointsButtonTapped()
        #expect(redraws.count == 0)
    }
}
