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
            commit(changed)
        }
        return outcome
    }

    /// Takes back the latest move and saves the game; false when there was none.
    @discardableResult
    public func undoLastMove() -> Bool {
        var changed = game
        guard changed.undoLastMove() != nil else { return false }
        commit(changed)
        return true
    }

    public func addPlayingTime(_ interval: Duration) {
        var changed = game
        changed.addPlayingTime(interval)
        guard changed != game else { return }
        commit(changed)
    }

    /// Tells `onChange` every later state of the game, for as long as `owner` lives.
    @discardableResult
    public func observe<Owner: AnyObject>(
        _ owner: Owner, _ onChange: @escaping @MainActor (Owner, Game) -> Void
    ) -> BindingToken {
        current.bind(owner, onChange)
    }

    private func commit(_ changed: Game) {
        do {
            try library.update(changed)
            saveFailure.value = nil
        } catch {
            saveFailure.value = error
        }
        current.value = changed
    }
}
