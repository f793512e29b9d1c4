import Foundation

/// A named team of exactly three players.
public struct Team: Hashable, Sendable {
    public static let playerCount = 3

    public let name: String
    public let players: [Player]

    public init(name: String, players: [Player]) throws(GameError) {
        guard players.count == Self.playerCount else {
            throw .wrongNumberOfPlayers(team: name, count: players.count)
        }
        self.name = name
        self.players = players
    }

    public func contains(_ player: Player) -> Bool {
        players.contains { $0.id == player.id }
    }
}

extension Team: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, players
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let players = try container.decode([Player].self, forKey: .players)
        do {
            try self.init(name: name, players: players)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .players, in: container, debugDescription: error.localizedDescription)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(players, forKey: .players)
    }
}
