import Clocks
import TestSupport
import Testing
@testable import Scoreboard

@MainActor
@Suite("Game creator view model")
struct GameCreatorViewModelTests {
    let library = InMemoryGameLibrary()

    func makeViewModel() -> GameCreatorViewModel {
        GameCreatorViewModel(library: library, clock: TestClock())
    }

    func fillIn(_ viewModel: GameCreatorViewModel, home: String = "Bulls", away: String = "Hawks") {
        viewModel.textChanged(home, in: .homeTeamName)
        for (index, name) in ["Ann", "Bea", "Cy"].enumerated() {
            viewModel.textChanged(name, in: .homePlayerName(index))
        }
        viewModel.textChanged(away, in: .awayTeamName)
        for (index, name) in ["Dan", "Eve", "Fay"].enumerated() {
            viewModel.textChanged(name, in: .awayPlayerName(index))
        }
    }

    @Test("Create is enabled only once all eight names are valid")
    func createEnabledWhenComplete() {
        let viewModel = makeViewModel()
        let enabled = Recorder(viewModel.createButtonIsEnabled)

        fillIn(viewModel)
        viewModel.textChanged("  ", in: .awayPlayerName(1))
        viewModel.textChanged("Eve", in: .awayPlayerName(1))

        #expect(enabled.values == [false, true, false, true])
    }

    @Test("Only fields the user has typed in show their problems")
    func errorsForTouchedFieldsOnly() {
        let viewModel = makeViewModel()
        let errors = Recorder(viewModel.fieldErrors)

        viewModel.textChanged("Bulls", in: .homeTeamName)
        viewModel.textChanged("", in: .homeTeamName)
        viewModel.textChanged(String(repeating: "x", count: 21), in: .homePlayerName(0))
        viewModel.textChanged("Ann\u{7}", in: .homePlayerName(0))

        #expect(errors.values == [
            [:],
            [.homeTeamName: "Enter a name."],
            [.homeTeamName: "Enter a name.", .homePlayerName(0): "Use at most 20 characters."],
            [.homeTeamName: "Enter a name.", .homePlayerName(0): "Use printable characters only."],
        ])
    }

    @Test("Teams need different names, and so do two players of one team")
    func duplicates() {
        let viewModel = makeViewModel()
        fillIn(viewModel, away: " bulls ")
        viewModel.textChanged("ann", in: .homePlayerName(2))
        viewModel.textChanged("Ann", in: .awayPlayerName(0))

        #expect(viewModel.fieldErrors.value == [
            .awayTeamName: "The teams need different names.",
            .homePlayerName(2): "Players of a team need different names.",
        ])
        #expect(!viewModel.createButtonIsEnabled.value)
    }

    @Test("Create saves the game with trimmed names and opens its scoreboard")
    func createSavesAndOpens() throws {
        let viewModel = makeViewModel()
        var opened: [GameScoreboardViewModel] = []
        viewModel.onGameCreated = { opened.append($0) }
        fillIn(viewModel, home: "  Bulls ")
        viewModel.textChanged(" José  ", in: .awayPlayerName(2))

        viewModel.createButtonTapped()

        let game = try #require(library.games.first)
        #expect(library.games.count == 1)
        #expect(game.homeTeam.name == "Bulls")
        #expect(game.awayTeam.players.map(\.name) == ["Dan", "Eve", "José"])
        #expect(opened.map(\.homeTeam) == ["Bulls"])
        #expect(opened.first?.awayPlayers.map(\.playerName) == ["Dan", "Eve", "José"])
    }

    @Test("Create with missing names shows every problem and saves nothing")
    func createWhileInvalid() {
        let viewModel = makeViewModel()
        var opened = 0
        viewModel.onGameCreated = { _ in opened += 1 }
        viewModel.textChanged("Bulls", in: .homeTeamName)

        viewModel.createButtonTapped()

        #expect(viewModel.fieldErrors.value.count == 7)
        #expect(viewModel.fieldErrors.value[.awayPlayerName(2)] == "Enter a name.")
        #expect(opened == 0)
        #expect(library.games.isEmpty)
    }

    @Test("A game that cannot be saved is not opened, and the user is told")
    func saveFailure() {
        let viewModel = GameCreatorViewModel(library: FailingGameLibrary(), clock: TestClock())
        let message = Recorder(viewModel.errorMessage)
        var opened = 0
        viewModel.onGameCreated = { _ in opened += 1 }
        fillIn(viewModel)

        viewModel.createButtonTapped()

        #expect(message.values == [nil, "The game could not be saved to games.json: The disk is full."])
        #expect(opened == 0)
    }

    @Test("Cancel tells the caller and saves nothing")
    func cancel() {
        let viewModel = makeViewModel()
        var cancelled = 0
        viewModel.onCancelled = { cancelled += 1 }
        fillIn(viewModel)

        viewModel.cancelButtonTapped()

        #expect(cancelled == 1)
        #expect(library.games.isEmpty)
    }
}
