import Foundation

/// A game is stored as its teams and its move log; the scores are replayed from the log, so a
/// stored game can never hold a score its moves do not add up to.
extension Game: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, homeTeam, awayTeam, moves, playingTimeMilliseconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                id: container.decode(UUID.self, forKey: .id),
                homeTeam: container.decode(Team.self, forKey: .homeTeam),
                awayTeam: container.decode(Team.self, forKey: .awayTeam))
        } catch let error as GameError {
            throw DecodingError.dataCorruptedError(
                forKey: .awayTeam, in: container, debugDescription: error.localizedDescription)
        }
        let playersByID = Dictionary(uniqueKeysWithValues: players.map { ($0.id, $0) })
        for recorded in try container.decode([RecordedMove].self, forKey: .moves) {
            guard let player = playersByID[recorded.playerID] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .moves, in: container,
                    debugDescription: "A move names player \(recorded.playerID), who is in neither team.")
            }
            try addMove(recorded.move, by: player)
        }
        let milliseconds = try container.decode(Int64.self, forKey: .playingTimeMilliseconds)
        guard milliseconds >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .playingTimeMilliseconds, in: container, debugDescription: "Playing time is negative.")
        }
        addPlayingTime(.milliseconds(milliseconds))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(homeTeam, forKey: .homeTeam)
        try container.encode(awayTeam, forKey: .awayTeam)
        try container.encode(moves, forKey: .moves)
        try container.encode(playingTime.wholeMilliseconds, forKey: .playingTimeMilliseconds)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
