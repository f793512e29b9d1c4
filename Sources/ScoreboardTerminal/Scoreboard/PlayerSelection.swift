import TerminalUI

/// Which of the six player panels the move keys act on: 0–2 home, 3–5 away.
struct PlayerSelection: Equatable {
    static let playersPerTeam = 3
    static let count = 2 * playersPerTeam

    private(set) var index = 0

    var isHome: Bool { index < Self.playersPerTeam }
    var indexInTeam: Int { index % Self.playersPerTeam }

    /// Selects panel `number` (1–6).
    mutating func select(_ number: Int) {
        index = min(max(1, number), Self.count) - 1
    }

    /// Moves the selection for a navigation key; false for any other key.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character) where ("1"..."6").contains(character):
            index = Int(String(character))! - 1
        case .tab:
            index = (index + 1) % Self.count
        case .backTab:
            index = (index + Self.count - 1) % Self.count
        case .left, .right:
            index = (index + Self.playersPerTeam) % Self.count
        case .up:
            index = teamStart + (indexInTeam + Self.playersPerTeam - 1) % Self.playersPerTeam
        case .down:
            index = teamStart + (indexInTeam + 1) % Self.playersPerTeam
        default:
            return false
        }
        return true
    }

    private var teamStart: Int { isHome ? 0 : Self.playersPerTeam }
}
