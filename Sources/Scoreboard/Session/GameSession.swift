import Binding

/// The game being played: the one copy the scoreboard and its six player panels share (the job
/// the article's shared `Game` object and its score notification did). Each change is saved to
/// the library, then told to observers through typed bindings.
@MainActor
public final class GameSession {
    private let current: Bindable<Game>
    private let library: any GameLibrary
    /// Why the last save failed; nil once a save succeeds.
    public let saveFailure = Bindable<GameLibraryError?>(nil, skipsEqualValues: true)
    /// The changes shown but not saved yet, oldest first.
    private var unsaved: [(inout Game) -> Void] = []

    public init(game: Game, library: any GameLibrary) {
        self.current = Bindable(game)
        self.library = library
    }

    public var game: Game { current.value }

    /// Records a move; after the end of the game it changes nothing and tells nobody.
    @discardableResult
    public func record(_ move: PlayerMove, by player: Player) throws(GameError) -> MoveOutcome {
        var changed = game
        let outcome = try changed.addMove(move, by: player)
        if outcome == .recorded {
            commit { _ = try? $0.addMove(move, by: player) }
        }
        return outcome
    }

    /// Takes back the latest move and saves the game; false when there was none.
    @discardableResult
    public func undoLastMove() -> Bool {
        guard !game.moves.isEmpty else { return false }
        commit { _ = $0.undoLastMove() }
        return true
    }

    public func addPlayingTime(_ interval: Duration) {
        guard interval > .zero else { return }
        commit { $0.addPlayingTime(interval) }
    }

    /// Tells `onChange` every later state of the game, for as long as `owner` lives.
    @discardableResult
    public func observe<Owner: AnyObject>(
        _ owner: Owner, _ onChange: @escaping @MainActor (Owner, Game) -> Void
    ) -> BindingToken {
        current.bind(owner, onChange)
    }

    /// Whether changes show that the library does not hold yet (their save failed).
    public var hasUnsavedChanges: Bool { !unsaved.isEmpty }

    /// Tries again to save the changes a failed save left; nothing when there are none.
    public func saveAgain() {
        guard hasUnsavedChanges else { return }
        do {
            try save(unsaved)
        } catch {
            saveFailure.value = error
        }
    }

    /// Makes `change` to the game as the library holds it (a second window on the same library
    /// may have saved moves of it meanwhile: they stay, and show now) and shows the result. A
    /// change that could not be saved still shows, with the failure, and is made again, first,
    /// with the next change.
    private func commit(_ change: @escaping (inout Game) -> Void) {
        let changes = unsaved + [change]
        do {
            try save(changes)
        } catch {
            unsaved = changes
            saveFailure.value = error
            var changed = game
            change(&changed)
            current.value = changed
        }
    }

    private func save(_ changes: [(inout Game) -> Void]) throws(GameLibraryError) {
        current.value = try library.change(game.id) { game in
            for change in changes { change(&game) }
        }
        unsaved = []
        saveFailure.value = nil
    }
}
