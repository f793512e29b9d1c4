import Binding
import Foundation

/// The saved games, newest first (the article's suggested "game list" screen).
///
/// Views name games by id and keep no interaction state: the selection and the pending deletion
/// live here, so a game the question names is the one deleted whatever the list shows meanwhile.
@MainActor
public final class GameListViewModel {
    /// "Games (N)"
    public let title: Bindable<String>
    public let rows: Bindable<[GameListRow]>
    /// The game the actions apply to; `nil` when there are no games.
    public let selectedGameID = Bindable<UUID?>(nil, skipsEqualValues: true)
    /// The question to ask before a game is deleted; `nil` when none is asked.
    public let deleteConfirmation = Bindable<GameDeletionPrompt?>(nil, skipsEqualValues: true)
    /// Set when the last change to the library failed.
    public let errorMessage = Bindable<String?>(nil, skipsEqualValues: true)

    /// The user picked a game: show its scoreboard.
    public var onGameOpened: ((GameScoreboardViewModel) -> Void)?
    /// The user asked for a new game: show the game creator.
    public var onGameCreatorOpened: ((GameCreatorViewModel) -> Void)?

    private let library: any GameLibrary
    private let clock: any Clock<Duration>
    private var shownGames: [Game]
    private var pendingDeletion: UUID?

    public init(library: any GameLibrary, clock: any Clock<Duration>) {
        self.library = library
        self.clock = clock
        shownGames = Self.newestFirst(library)
        title = Bindable(Self.title(count: shownGames.count), skipsEqualValues: true)
        rows = Bindable(shownGames.map(GameListRow.init), skipsEqualValues: true)
        selectedGameID.value = shownGames.first?.id
    }

    /// The list is shown again (say, back from a game): games may have changed meanwhile.
    public func screenAppeared() {
        reload()
    }

    // MARK: Selection

    /// The user selected the game `id` (clicked it, say).
    public func gameSelected(id: UUID) {
        guard index(of: id) != nil else { return }
        selectedGameID.value = id
    }

    /// The user moved the selection `offset` rows down (up when negative), stopping at either end.
    public func selectionMoved(by offset: Int) {
        guard !shownGames.isEmpty else { return }
        let current = selectedGameID.value.flatMap(index(of:)) ?? 0
        let target = min(max(0, current + offset), shownGames.count - 1)
        selectedGameID.value = shownGames[target].id
    }

    /// The user wants the first game.
    public func selectionMovedToStart() {
        if let first = shownGames.first { selectedGameID.value = first.id }
    }

    /// The user wants the last game.
    public func selectionMovedToEnd() {
        if let last = shownGames.last { selectedGameID.value = last.id }
    }

    // MARK: Actions

    /// The user wants to see the game `id`: its scoreboard opens with its saved state.
    public func openTapped(id: UUID) {
        guard let index = index(of: id) else { return }
        selectedGameID.value = id
        let game = library.game(id: id) ?? shownGames[index]
        onGameOpened?(GameScoreboardViewModel(game: game, library: library, clock: clock))
    }

    public func newGameButtonTapped() {
        onGameCreatorOpened?(GameCreatorViewModel(library: library, clock: clock))
    }

    /// The user wants to delete the game `id`: the list asks first (`deleteConfirmation`).
    public func deleteTapped(id: UUID) {
        guard let index = index(of: id) else { return }
        selectedGameID.value = id
        pendingDeletion = id
        deleteConfirmation.value = GameDeletionPrompt(row: rows.value[index])
    }

    /// The user does not want to delete the game after all.
    public func deleteCancelled() {
        pendingDeletion = nil
        deleteConfirmation.value = nil
    }

    /// The user confirmed: the game named in the question is deleted.
    public func deleteConfirmed() {
        guard let id = pendingDeletion else { return }
        deleteCancelled()
        do {
            try library.remove(id: id)
            errorMessage.value = nil
        } catch {
            errorMessage.value = error.localizedDescription
        }
        reload()
    }

    // MARK: Showing

    /// Shows the library's games; the selection stays on its game, or moves to the game now in
    /// its place when that one is gone.
    private func reload() {
        let previousIndex = selectedGameID.value.flatMap(index(of:))
        shownGames = Self.newestFirst(library)
        title.value = Self.title(count: shownGames.count)
        rows.value = shownGames.map(GameListRow.init)
        if let selected = selectedGameID.value, index(of: selected) != nil { return }
        if shownGames.isEmpty {
            selectedGameID.value = nil
        } else {
            selectedGameID.value = shownGames[min(previousIndex ?? 0, shownGames.count - 1)].id
        }
    }

    private func index(of id: UUID) -> Int? {
        shownGames.firstIndex { $0.id == id }
    }

    private static func newestFirst(_ library: any GameLibrary) -> [Game] {
        library.games.reversed()
    }

    private static func title(count: Int) -> String {
        "Games (\(count))"
    }
}
