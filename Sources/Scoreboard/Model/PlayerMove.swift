/// What a player can do in the game (the article's `PlayerInGameMove`).
public enum PlayerMove: String, CaseIterable, Codable, Sendable {
    case onePoint
    case twoPoints
    case assist
    case rebound
    case foul

    /// Points the move adds to the player's team.
    public var points: Int {
        switch self {
        case .onePoint: 1
        case .twoPoints: 2
        case .assist, .rebound, .foul: 0
        }
    }
}

/// One move as it happened, in the game's move log.
public struct RecordedMove: Hashable, Codable, Sendable {
    public let playerID: Player.ID
    public let move: PlayerMove

    public init(playerID: Player.ID, move: PlayerMove) {
        self.playerID = playerID
        self.move = move
    }
}

/// What became of a move handed to a game.
public enum MoveOutcome: Equatable, Sendable {
    case recorded
    /// The game had already ended: the move changed neither the score nor the counts.
    case ignoredBecauseGameIsFinished
}
