import Binding

/// The saved games, newest first (the article's suggested "game list" screen).
@MainActor
public final class GameListViewModel {
    /// "Games (N)"
    public let title: Bindable<String>
    public let rows: Bindable<[GameListRow]>
    /// Set when the last change to the library failed.
    public let errorMessage = Bindable<String?>(nil, skipsEqualValues: true)

    /// The user picked a game: show its scoreboard.
    public var onGameOpened: ((GameScoreboardViewModel) -> Void)?
    /// The user asked for a new game: show the game creator.
    public var onGameCreatorOpened: ((GameCreatorViewModel) -> Void)?

    private let library: any GameLibrary
    private let clock: any Clock<Duration>
    private var shownGames: [Game]

    public init(library: any GameLibrary, clock: any Clock<Duration>) {
        self.library = library
        self.clock = clock
        shownGames = Self.newestFirst(library)
        title = Bindable(Self.title(count: shownGames.count), skipsEqualValues: true)
        rows = Bindable(shownGames.map(GameListRow.init), skipsEqualValues: true)
    }

    /// The list is shown again (say, back from a game): games may have changed meanwhile.
    public func screenAppeared() {
        reload()
    }

    public func gameSelected(at index: Int) {
        guard shownGames.indices.contains(index) else { return }
        let game = library.game(id: shownGames[index].id) ?? shownGames[index]
        onGameOpened?(GameScoreboardViewModel(game: game, library: library, clock: clock))
    }

    public func newGameButtonTapped() {
        onGameCreatorOpened?(GameCreatorViewModel(library: library, clock: clock))
    }

    /// The user confirmed deleting the game at `index`.
    public func deleteConfirmed(at index: Int) {
        guard shownGames.indices.contains(index) else { return }
        do {
            try library.remove(id: shownGames[index].id)
            errorMessage.value = nil
        } catch {
            errorMessage.value = error.localizedDescription
        }
        reload()
    }

    private func reload() {
        shownGames = Self.newestFirst(library)
        title.value = Self.title(count: shownGames.count)
        rows.value = shownGames.map(GameListRow.init)
    }

    private static func newestFirst(_ library: any GameLibrary) -> [Game] {
        library.games.reversed()
    }

    private static func title(count: Int) -> String {
        "Games (\(count))"
    }
}
