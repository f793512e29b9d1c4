import Testing
@testable import Scoreboard

@Suite("Game rules")
struct GameRulesTests {
    @Test("A team with 15 points and a lead of 2 wins")
    func fifteenByTwoWins() throws {
        var game = Game.sample()
        try game.tie(at: 13)
        try game.scoreOnePoints("H")
        #expect(!game.isFinished)

        try game.scoreOnePoints("H")

        #expect((game.homeTeamScore, game.awayTeamScore) == (15, 13))
        #expect(game.isFinished)
        #expect(game.winner == game.homeTeam)
    }

    @Test("15 - 14 is not the end: the lead must be 2")
    func fifteenFourteenGoesOn() throws {
        var game = Game.sample()
        try game.tie(at: 14)
        try game.scoreOnePoints("H")

        #expect((game.homeTeamScore, game.awayTeamScore) == (15, 14))
        #expect(!game.isFinished)
        #expect(game.winner == nil)
    }

    @Test("Past 15 the game goes on until one team leads by 2: 17 - 15 ends it")
    func seventeenFifteenWins() throws {
        var game = Game.sample()
        try game.tie(at: 14)
        var finishedAfterEachPoint: [Bool] = []
        for side in "HAHH" {
            try game.scoreOnePoints(String(side))
            finishedAfterEachPoint.append(game.isFinished)
        }

        #expect(finishedAfterEachPoint == [false, false, false, true])
        #expect((game.homeTeamScore, game.awayTeamScore) == (17, 15))
        #expect(game.winner == game.homeTeam)

        var awayWins = Game.sample()
        try awayWins.tie(at: 15)
        try awayWins.scoreOnePoints("AHAA")
        #expect((awayWins.homeTeamScore, awayWins.awayTeamScore) == (16, 18))
        #expect(awayWins.winner == awayWins.awayTeam)
    }

    @Test("17 - 15 reached with a two-pointer is finished")
    func twoPointerEndsAtSeventeenFifteen() throws {
        var game = Game.sample()
        try game.tie(at: 15)
        try game.addMove(.twoPoints, by: game.firstHomePlayer)

        #expect((game.homeTeamScore, game.awayTeamScore) == (17, 15))
        #expect(game.isFinished)
    }

    @Test("A move after the end changes no score, no count and no log")
    func movesAfterTheEndChangeNothing() throws {
        var game = Game.sample()
        try game.tie(at: 13)
        try game.scoreOnePoints("HH")
        let finished = game

        let outcomes = try [
            game.addMove(.twoPoints, by: game.firstAwayPlayer),
            game.addMove(.onePoint, by: game.firstHomePlayer),
            game.addMove(.foul, by: game.firstAwayPlayer),
        ]

        #expect(outcomes == Array(repeating: .ignoredBecauseGameIsFinished, count: 3))
        #expect(game == finished)
        #expect(game.moveCount(of: .foul, by: game.firstAwayPlayer) == 0)
    }

    @Test("Each player's moves are counted per kind; only points change the score")
    func movesAreCountedPerPlayer() throws {
        var game = Game.sample()
        let ann = game.homeTeam.players[0], bea = game.homeTeam.players[1], dan = game.awayTeam.players[0]
        let moves: [(PlayerMove, Player)] = [
            (.onePoint, ann), (.twoPoints, ann), (.twoPoints, ann), (.assist, bea), (.rebound, bea),
            (.rebound, bea), (.foul, dan), (.twoPoints, dan),
        ]
        for (move, player) in moves {
            #expect(try game.addMove(move, by: player) == .recorded)
        }

        func counts(_ player: Player) -> [Int] {
            PlayerMove.allCases.map { game.moveCount(of: $0, by: player) }
        }
        #expect(counts(ann) == [1, 2, 0, 0, 0])
        #expect(counts(bea) == [0, 0, 1, 2, 0])
        #expect(counts(dan) == [0, 1, 0, 0, 1])
        #expect(counts(game.awayTeam.players[2]) == [0, 0, 0, 0, 0])
        #expect((game.homeTeamScore, game.awayTeamScore) == (5, 2))
    }

    @Test("A player of neither team is rejected with an error and changes nothing")
    func foreignPlayerIsRejected() throws {
        var game = Game.sample()
        try game.scoreOnePoints("HA")
        let before = game
        let stranger = Player(name: "Stranger")

        #expect(throws: GameError.playerNotInGame(player: "Stranger")) {
            try game.addMove(.twoPoints, by: stranger)
        }
        #expect(game == before)
        #expect(GameError.playerNotInGame(player: "Stranger").localizedDescription
            == "Stranger does not play in this game.")
    }

    @Test("A player named like a game player but with another identity is still a stranger")
    func playersAreToldApartByIdentity() throws {
        var game = Game.sample()
        #expect(throws: GameError.playerNotInGame(player: "Ann")) {
            try game.addMove(.onePoint, by: Player(name: "Ann"))
        }
    }

    @Test("A team has exactly three players, and nobody plays for both teams")
    func teamsAreValidated() throws {
        #expect(throws: GameError.wrongNumberOfPlayers(team: "Duo", count: 2)) {
            try Team(name: "Duo", players: [Player(name: "A"), Player(name: "B")])
        }
        let shared = Player(name: "Ann")
        let home = try Team(name: "Bulls", players: [shared, Player(name: "Bea"), Player(name: "Cy")])
        let away = try Team(name: "Hawks", players: [Player(name: "Dan"), shared, Player(name: "Fay")])
        #expect(throws: GameError.playerInBothTeams(player: "Ann")) {
            try Game(homeTeam: home, awayTeam: away)
        }
    }

    @Test("Playing time only grows")
    func playingTimeAddsUp() {
        var game = Game.sample()
        game.addPlayingTime(.milliseconds(1500))
        game.addPlayingTime(.seconds(-3))
        game.addPlayingTime(.milliseconds(250))
        #expect(game.playingTime == .milliseconds(1750))
    }
}
