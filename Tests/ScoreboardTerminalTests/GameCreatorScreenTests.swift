import Clocks
import Scoreboard
import TerminalUI
import Testing
@testable import ScoreboardTerminal

@MainActor
@Suite("Game creator screen")
struct GameCreatorScreenTests {
    let library = InMemoryGameLibrary()

    func makeScreen() -> GameCreatorScreen {
        GameCreatorScreen(viewModel: GameCreatorViewModel(library: library, clock: TestClock()), redraw: {})
    }

    /// Types the names into the eight fields in order, Tab after each.
    func fillIn(_ screen: GameCreatorScreen, _ names: [String]) {
        for name in names {
            screen.type(name)
            screen.press(.tab)
        }
    }

    @Test("The form with problems shown under the fields typed in, in 80 x 24")
    func wide() {
        let screen = makeScreen()
        fillIn(screen, ["Bulls", "Ann", "ann", "", "bulls"])

        #expect(screen.lines(rows: 24, columns: 80) == [
            " New game",
            "",
            " Home team  [Bulls                                     ]",
            "   Player 1 [Ann                                       ]",
            "   Player 2 [ann                                       ]",
            "             ! Players of a team need different names.",
            "   Player 3 [                                          ]",
            "",
            " Away team  [bulls                                     ]",
            "             ! The teams need different names.",
            "   Player 1 [                                          ]",
            "   Player 2 [                                          ]",
            "   Player 3 [                                          ]",
            "",
            "            [ Create ]  [ Cancel ]",
            "", "", "", "", "", "", "", "",
            "Tab/↓ Next  ⇧Tab/↑ Previous  ⏎ Next/Press  Esc Cancel",
        ])
    }

    @Test("In 40 x 20 the fields and messages are cut to fit")
    func narrow() {
        let screen = makeScreen()
        fillIn(screen, ["Bulls", "Ann", "ann", "", "bulls"])

        #expect(screen.lines(rows: 20, columns: 40) == [
            " New game",
            "",
            " Home team  [Bulls                    ]",
            "   Player 1 [Ann                      ]",
            "   Player 2 [ann                      ]",
            "             ! Players of a team need…",
            "   Player 3 [                         ]",
            "",
            " Away team  [bulls                    ]",
            "             ! The teams need differen…",
            "   Player 1 [                         ]",
            "   Player 2 [                         ]",
            "   Player 3 [                         ]",
            "",
            "            [ Create ]  [ Cancel ]",
            "", "", "", "",
            "Tab/↓ Next  ⇧Tab/↑ Previous  ⏎ Next/Pre…",
        ])
    }

    @Test("Editing keys move the cursor and change the text the view model gets")
    func editing() throws {
        let screen = makeScreen()
        screen.type("Buls")
        screen.press(.left, .character("l"), .home, .delete, .character("b"), .end, .backspace, .character("s"))
        screen.press(.character("!"), .ctrl("u"))
        screen.type("Bulls")
        fillIn(screen, ["", "Ann", "Bea", "Cy", "Hawks", "Dan", "Eve", "Fay"])

        screen.press(.enter)

        #expect(library.games.first?.homeTeam.name == "Bulls")
        #expect(library.games.first?.awayTeam.players.map(\.name) == ["Dan", "Eve", "Fay"])
    }

    @Test("Enter on Create with names missing saves nothing and shows every problem")
    func createWhileIncomplete() {
        let screen = makeScreen()
        screen.type("Bulls")
        screen.press(.backTab, .backTab, .enter)

        #expect(library.games.isEmpty)
        #expect(screen.lines(rows: 24, columns: 80).filter { $0.contains("! Enter a name.") }.count == 7)
    }

    @Test("Esc, or Enter on Cancel, cancels")
    func cancel() {
        let screen = makeScreen()
        var cancels = 0
        screen.viewModel.onCancelled = { cancels += 1 }

        screen.press(.escape, .up, .enter)

        #expect(cancels == 2)
        #expect(library.games.isEmpty)
    }
}
