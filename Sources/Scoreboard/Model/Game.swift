import Foundation

/// A pickup game between two teams of three: first to 15 points with a lead of at least 2 wins.
public struct Game: Identifiable, Hashable, Sendable {
    public static let winningScore = 15
    public static let winningLead = 2

    public let id: UUID
    public let homeTeam: Team
    public let awayTeam: Team
    /// Every move that counted, oldest first.
    public private(set) var moves: [RecordedMove] = []
    public private(set) var homeTeamScore = 0
    public private(set) var awayTeamScore = 0
    /// Time the game clock has run, not counting the interval running right now.
    public private(set) var playingTime: Duration = .zero

    public init(id: UUID = UUID(), homeTeam: Team, awayTeam: Team) throws(GameError) {
        if let shared = homeTeam.players.first(where: awayTeam.contains) {
            throw .playerInBothTeams(player: shared.name)
        }
        self.id = id
        self.homeTeam = homeTeam
        self.awayTeam = awayTeam
    }

    public var isFinished: Bool {
        max(homeTeamScore, awayTeamScore) >= Self.winningScore
            && abs(homeTeamScore - awayTeamScore) >= Self.winningLead
    }

    /// The team that won, once the game is finished.
    public var winner: Team? {
        guard isFinished else { return nil }
        return homeTeamScore > awayTeamScore ? homeTeam : awayTeam
    }

    public var players: [Player] { homeTeam.players + awayTeam.players }

    /// Records `move` for `player`. Once the game is finished a move changes nothing.
    @discardableResult
    public mutating func addMove(_ move: PlayerMove, by player: Player) throws(GameError) -> MoveOutcome {
        let isHomePlayer = homeTeam.contains(player)
        guard isHomePlayer || awayTeam.contains(player) else {
            throw .playerNotInGame(player: player.name)
        }
        guard !isFinished else { return .ignoredBecauseGameIsFinished }

        moves.append(RecordedMove(playerID: player.id, move: move))
        if isHomePlayer {
            homeTeamScore += move.points
        } else {
            awayTeamScore += move.points
        }
        return .recorded
    }

    /// Takes back the latest move (a mis-keyed point, say), even the one that ended the game:
    /// the game goes on from the score before it. Returns the move taken back; nil when there is none.
    @discardableResult
    public mutating func undoLastMove() -> RecordedMove? {
        guard let last = moves.popLast() else { return nil }
        if homeTeam.players.contains(where: { $0.id == last.playerID }) {
            homeTeamScore -= last.move.points
        } else {
            awayTeamScore -= last.move.points
        }
        return last
    }

    /// How many times `player` made `move` (the article's `playerMoveCount(for:move:)`).
    public func moveCount(of move: PlayerMove, by player: Player) -> Int {
        moves.count { $0.playerID == player.id && $0.move == move }
    }

    /// Adds one finished interval of the game clock.
    public mutating func addPlayingTime(_ interval: Duration) {
        guard interval > .zero else { return }
        playingTime += interval
    }
}
