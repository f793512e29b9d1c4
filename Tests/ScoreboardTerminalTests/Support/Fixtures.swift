import Scoreboard

enum Fixtures {
    /// Bulls (Ann, Bea, Cy) at home against Hawks (Dan, Eve, Fay), nothing played yet.
    static func newGame() -> Game {
        try! Game(
            homeTeam: Team(name: "Bulls", players: ["Ann", "Bea", "Cy"].map { Player(name: $0) }),
            awayTeam: Team(name: "Hawks", players: ["Dan", "Eve", "Fay"].map { Player(name: $0) }))
    }

    /// 7 - 4 after 3:12.4 of play, with a few of every move.
    static func gameInProgress() -> Game {
        var game = newGame()
        let (ann, bea, dan, eve) = (game.homeTeam.players[0], game.homeTeam.players[1],
                                    game.awayTeam.players[0], game.awayTeam.players[1])
        let moves: [(PlayerMove, Player)] = [
            (.twoPoints, ann), (.twoPoints, ann), (.assist, bea), (.onePoint, bea), (.twoPoints, bea),
            (.rebound, dan), (.twoPoints, dan), (.foul, eve), (.onePoint, eve), (.onePoint, eve),
        ]
        for (move, player) in moves {
            try! game.addMove(move, by: player)
        }
        game.addPlayingTime(.milliseconds(192_400))
        return game
    }

    /// Hawks won 17 - 15 after 11:05.0.
    static func finishedGame() -> Game {
        var game = newGame()
        let ann = game.homeTeam.players[0], fay = game.awayTeam.players[2]
        for _ in 0..<15 {
            try! game.addMove(.onePoint, by: ann)
            try! game.addMove(.onePoint, by: fay)
        }
        try! game.addMove(.twoPoints, by: fay)
        game.addPlayingTime(.seconds(665))
        return game
    }
}
