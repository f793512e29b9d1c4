import Foundation

/// What one row of the game list shows; an inert value, so the view never sees a `Game`.
public struct GameListRow: Identifiable, Equatable, Sendable {
    public let id: UUID
    /// "Lakers vs Celtics"
    public let teams: String
    /// "12 - 10"
    public let score: String
    /// "Not started", "Paused, 03:12.4" or "Lakers won" (a game in the list is never running:
    /// its clock stops when its scoreboard closes)
    public let status: String

    init(game: Game) {
        id = game.id
        teams = "\(game.homeTeam.name) vs \(game.awayTeam.name)"
        score = game.scoreText
        if let winner = game.winner {
            status = "\(winner.name) won"
        } else if game.moves.isEmpty && game.playingTime == .zero {
            status = "Not started"
        } else {
            status = "Paused, \(game.playingTime.scoreboardClockText)"
        }
    }
}
