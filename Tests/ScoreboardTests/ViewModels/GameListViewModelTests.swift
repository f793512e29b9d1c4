import Clocks
import Foundation
import TestSupport
import Testing
@testable import Scoreboard

@MainActor
@Suite("Game list view model")
struct GameListViewModelTests {
    let clock = TestClock()

    func games() throws -> (notStarted: Game, inProgress: Game, finished: Game) {
        var inProgress = Game.sample()
        try inProgress.scoreOnePoints("HAH")
        inProgress.addPlayingTime(.milliseconds(192_400))
        var finished = Game.sample()
        try finished.tie(at: 13)
        try finished.scoreOnePoints("AA")
        return (.sample(), inProgress, finished)
    }

    @Test("Rows show teams, score and state, newest game first")
    func rows() throws {
        let (notStarted, inProgress, finished) = try games()
        let viewModel = GameListViewModel(
            library: InMemoryGameLibrary(games: [finished, inProgress, notStarted]), clock: clock)

        #expect(viewModel.title.value == "Games (3)")
        #expect(viewModel.rows.value.map(\.id) == [notStarted.id, inProgress.id, finished.id])
        #expect(viewModel.rows.value.map(\.teams) == Array(repeating: "Bulls vs Hawks", count: 3))
        #expect(viewModel.rows.value.map(\.score) == ["0 - 0", "2 - 1", "13 - 15"])
        #expect(viewModel.rows.value.map(\.status) == ["Not started", "Paused, 03:12.4", "Hawks won"])
    }

    @Test("Coming back to the list shows games created or played meanwhile")
    func screenAppearedReloads() throws {
        let library = InMemoryGameLibrary()
        let viewModel = GameListViewModel(library: library, clock: clock)
        let title = Recorder(viewModel.title)
        let scores = Recorder(viewModel.rows.map { $0.map(\.score) })

        viewModel.screenAppeared()
        var game = Game.sample()
        try library.add(game)
        viewModel.screenAppeared()
        try game.scoreOnePoints("A")
        try library.update(game)
        viewModel.screenAppeared()

        #expect(title.values == ["Games (0)", "Games (1)"])
        #expect(scores.values == [[], ["0 - 0"], ["0 - 1"]])
    }

    @Test("Opening a game shows its scoreboard with its saved state; an unknown game opens nothing")
    func selectOpensScoreboard() throws {
        let (notStarted, inProgress, _) = try games()
        let library = InMemoryGameLibrary(games: [inProgress, notStarted])
        let viewModel = GameListViewModel(library: library, clock: clock)
        var opened: [GameScoreboardViewModel] = []
        viewModel.onGameOpened = { opened.append($0) }

        viewModel.openTapped(id: inProgress.id)
        viewModel.openTapped(id: UUID())

        #expect(opened.count == 1)
        #expect(opened.first?.score.value == "2 - 1")
        #expect(opened.first?.time.value == "03:12.4")
    }

    @Test("New game opens the game creator")
    func newGameOpensCreator() {
        let viewModel = GameListViewModel(library: InMemoryGameLibrary(), clock: clock)
        var creators: [GameCreatorViewModel] = []
        viewModel.onGameCreatorOpened = { creators.append($0) }

        viewModel.newGameButtonTapped()

        #expect(creators.count == 1)
    }

    @Test("A confirmed delete removes the game from the library and the list")
    func deleteRemoves() throws {
        let (notStarted, inProgress, finished) = try games()
        let library = InMemoryGameLibrary(games: [finished, inProgress, notStarted])
        let viewModel = GameListViewModel(library: library, clock: clock)
        let title = Recorder(viewModel.title)

        viewModel.deleteTapped(id: inProgress.id)
        viewModel.deleteConfirmed()
        viewModel.deleteConfirmed()
        viewModel.deleteTapped(id: UUID())
        viewModel.deleteConfirmed()

        #expect(title.values == ["Games (3)", "Games (2)"])
        #expect(viewModel.rows.value.map(\.id) == [notStarted.id, finished.id])
        #expect(library.games.map(\.id) == [finished.id, notStarted.id])
    }

    @Test("A delete that cannot be saved says so and keeps the game")
    func failedDelete() {
        let game = Game.sample()
        let viewModel = GameListViewModel(library: FailingGameLibrary(games: [game]), clock: clock)
        let message = Recorder(viewModel.errorMessage)

        viewModel.deleteTapped(id: game.id)
        viewModel.deleteConfirmed()

        #expect(message.values == [nil, "The game could not be saved to games.json: The disk is full."])
        #expect(viewModel.rows.value.map(\.id) == [game.id])
    }

    @Test("The selection names a game: it moves within the list, and stays on its game when the list changes")
    func selectionByIdentity() throws {
        let (notStarted, inProgress, finished) = try games()
        let library = InMemoryGameLibrary(games: [finished, inProgress])
        let viewModel = GameListViewModel(library: library, clock: clock)
        let selection = Recorder(viewModel.selectedGameID)

        viewModel.selectionMoved(by: 1)
        viewModel.selectionMoved(by: 5)
        viewModel.selectionMovedToStart()
        viewModel.gameSelected(id: finished.id)
        viewModel.gameSelected(id: UUID())
        try library.add(notStarted)
        viewModel.screenAppeared()
        viewModel.selectionMovedToEnd()
        viewModel.selectionMoved(by: -1)

        #expect(selection.values == [inProgress.id, finished.id, inProgress.id, finished.id, inProgress.id])
        #expect(viewModel.rows.value.map(\.id) == [notStarted.id, inProgress.id, finished.id])
    }

    @Test("The game named in the question is the one deleted, whatever the list shows meanwhile")
    func deleteByIdentity() throws {
        let (notStarted, inProgress, finished) = try games()
        let library = InMemoryGameLibrary(games: [finished, inProgress])
        let viewModel = GameListViewModel(library: library, clock: clock)
        let questions = Recorder(viewModel.deleteConfirmation)
        let selection = Recorder(viewModel.selectedGameID)

        viewModel.deleteTapped(id: inProgress.id)
        try library.add(notStarted)
        viewModel.screenAppeared()
        viewModel.deleteConfirmed()

        #expect(questions.values.map { $0?.message } == [nil, "Bulls vs Hawks, 2 - 1, will be deleted.", nil])
        #expect(library.games.map(\.id) == [finished.id, notStarted.id])
        #expect(viewModel.rows.value.map(\.id) == [notStarted.id, finished.id])
        #expect(selection.values == [inProgress.id, finished.id])
    }

    @Test("A delete the user cancels deletes nothing")
    func cancelledDelete() throws {
        let game = Game.sample()
        let library = InMemoryGameLibrary(games: [game])
        let viewModel = GameListViewModel(library: library, clock: clock)

        viewModel.deleteTapped(id: game.id)
        viewModel.deleteCancelled()
        viewModel.deleteConfirmed()

        #expect(viewModel.deleteConfirmation.value == nil)
        #expect(library.games.map(\.id) == [game.id])
    }
}
