import Foundation
import Testing
@testable import Scoreboard

@Suite("Game JSON")
struct GameCodingTests {
    @Test("A game survives encoding: teams, moves, scores, counts and playing time")
    func roundTrip() throws {
        var game = Game.sample()
        try game.tie(at: 3)
        try game.addMove(.rebound, by: game.awayTeam.players[2])
        game.addPlayingTime(.milliseconds(83_456))

        let decoded = try JSONDecoder().decode(Game.self, from: JSONEncoder().encode(game))

        #expect(decoded == game)
        #expect(decoded.moveCount(of: .rebound, by: game.awayTeam.players[2]) == 1)
    }

    @Test("Scores are replayed from the moves, so the stored file cannot claim a score")
    func scoresComeFromMoves() throws {
        var game = Game.sample()
        try game.addMove(.twoPoints, by: game.firstAwayPlayer)
        var json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        #expect(json["homeTeamScore"] == nil)
        json["homeTeamScore"] = 99

        let decoded = try JSONDecoder().decode(Game.self, from: JSONSerialization.data(withJSONObject: json))

        #expect((decoded.homeTeamScore, decoded.awayTeamScore) == (0, 2))
    }

    @Test("A move by someone in neither team makes the game undecodable")
    func moveByUnknownPlayerIsCorrupt() throws {
        let game = Game.sample()
        var json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        json["moves"] = [["playerID": UUID().uuidString, "move": "onePoint"]]
        let data = try JSONSerialization.data(withJSONObject: json)

        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: data) }
    }

    @Test("A team of two in the file makes the game undecodable")
    func teamOfTwoIsCorrupt() throws {
        let game = Game.sample()
        var json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        var home = try #require(json["homeTeam"] as? [String: Any])
        home["players"] = (home["players"] as? [Any]).map { Array($0.prefix(2)) }
        json["homeTeam"] = home
        let data = try JSONSerialization.data(withJSONObject: json)

        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Game.self, from: data) }
    }
}
