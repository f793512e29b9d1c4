import Foundation
@testable import Scoreboard

extension Game {
    /// Bulls (Ann, Bea, Cy) at home against Hawks (Dan, Eve, Fay).
    static func sample(id: UUID = UUID()) -> Game {
        try! Game(
            id: id,
            homeTeam: Team(name: "Bulls", players: ["Ann", "Bea", "Cy"].map { Player(name: $0) }),
            awayTeam: Team(name: "Hawks", players: ["Dan", "Eve", "Fay"].map { Player(name: $0) }))
    }

    var firstHomePlayer: Player { homeTeam.players[0] }
    var firstAwayPlayer: Player { awayTeam.players[0] }

    /// Scores one point at a time: "H" for the home team, "A" for the away team.
    mutating func scoreOnePoints(_ sides: String) throws {
        for side in sides {
            try addMove(.onePoint, by: side == "H" ? firstHomePlayer : firstAwayPlayer)
        }
    }

    /// Brings both teams to `points` each, alternating, so the game cannot end on the way.
    mutating func tie(at points: Int) throws {
        try scoreOnePoints(String(repeating: "HA", count: points))
    }
}
