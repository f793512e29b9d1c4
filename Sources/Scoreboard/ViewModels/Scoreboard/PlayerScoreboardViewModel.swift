import Binding

/// One player's panel: the name, a count per move, and the five move buttons
/// (the article's `PlayerScoreboardMoveEditorViewModel`).
@MainActor
public final class PlayerScoreboardViewModel {
    public let playerName: String

    public let onePointMoveCount: Bindable<String>
    public let twoPointMoveCount: Bindable<String>
    public let assistMoveCount: Bindable<String>
    public let reboundMoveCount: Bindable<String>
    public let foulMoveCount: Bindable<String>

    private let player: Player
    private let session: GameSession

    init(player: Player, session: GameSession) {
        self.player = player
        self.session = session
        playerName = player.name
        let game = session.game
        func count(_ move: PlayerMove) -> Bindable<String> {
            Bindable("\(game.moveCount(of: move, by: player))", skipsEqualValues: true)
        }
        onePointMoveCount = count(.onePoint)
        twoPointMoveCount = count(.twoPoints)
        assistMoveCount = count(.assist)
        reboundMoveCount = count(.rebound)
        foulMoveCount = count(.foul)
        session.observe(self) { viewModel, game in viewModel.showCounts(of: game) }
    }

    public func onePointButtonTapped() { makeMove(.onePoint) }
    public func twoPointsButtonTapped() { makeMove(.twoPoints) }
    public func assistButtonTapped() { makeMove(.assist) }
    public func reboundButtonTapped() { makeMove(.rebound) }
    public func foulButtonTapped() { makeMove(.foul) }

    /// The count output for `move`, for views that lay the five moves out in a loop.
    public func moveCount(_ move: PlayerMove) -> Bindable<String> {
        switch move {
        case .onePoint: onePointMoveCount
        case .twoPoints: twoPointMoveCount
        case .assist: assistMoveCount
        case .rebound: reboundMoveCount
        case .foul: foulMoveCount
        }
    }

    private func makeMove(_ move: PlayerMove) {
        // The scoreboard makes a panel only for a player of its own game, so this cannot throw.
        _ = try? session.record(move, by: player)
    }

    private func showCounts(of game: Game) {
        for move in PlayerMove.allCases {
            moveCount(move).value = "\(game.moveCount(of: move, by: player))"
        }
    }
}
