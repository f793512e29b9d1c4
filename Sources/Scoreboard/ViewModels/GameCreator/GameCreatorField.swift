/// One name the game creator asks for.
public enum GameCreatorField: Hashable, Sendable {
    case homeTeamName
    case awayTeamName
    /// A home player's name; the index counts from 0.
    case homePlayerName(Int)
    case awayPlayerName(Int)

    /// Every field, in the order the form shows them.
    public static let allFields: [GameCreatorField] =
        [.homeTeamName] + (0..<Team.playerCount).map(homePlayerName)
        + [.awayTeamName] + (0..<Team.playerCount).map(awayPlayerName)
}
