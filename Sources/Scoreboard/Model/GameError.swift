import Foundation

/// A move or a game set-up that breaks the game's rules.
public enum GameError: Error, Equatable, Sendable {
    case wrongNumberOfPlayers(team: String, count: Int)
    case playerInBothTeams(player: String)
    case playerNotInGame(player: String)
}

extension GameError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .wrongNumberOfPlayers(team, count):
            "Team \(team) needs \(Team.playerCount) players, not \(count)."
        case let .playerInBothTeams(player):
            "\(player) cannot play for both teams."
        case let .playerNotInGame(player):
            "\(player) does not play in this game."
        }
    }
}
