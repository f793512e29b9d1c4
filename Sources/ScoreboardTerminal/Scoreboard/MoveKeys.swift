import Scoreboard
import TerminalUI

/// The keys for the five moves, and the short names the panels and the footer show.
enum MoveKeys {
    static let all: [(key: Character, move: PlayerMove, label: String)] = [
        ("o", .onePoint, "1pt"),
        ("t", .twoPoints, "2pt"),
        ("a", .assist, "Ast"),
        ("r", .rebound, "Reb"),
        ("f", .foul, "Foul"),
    ]

    static func move(for key: Key) -> PlayerMove? {
        guard case .character(let character) = key else { return nil }
        return all.first { $0.key == Character(character.lowercased()) }?.move
    }

    static func label(of move: PlayerMove) -> String {
        all.first { $0.move == move }?.label ?? ""
    }
}

extension PlayerScoreboardViewModel {
    /// Presses the panel's button for `move`.
    func moveButtonTapped(_ move: PlayerMove) {
        switch move {
        case .onePoint: onePointButtonTapped()
        case .twoPoints: twoPointsButtonTapped()
        case .assist: assistButtonTapped()
        case .rebound: reboundButtonTapped()
        case .foul: foulButtonTapped()
        }
    }
}
