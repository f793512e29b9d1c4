import Foundation

/// What makes a team or player name acceptable: something visible, short enough for a scoreboard.
public enum NameRules {
    public static let maximumLength = 20

    public enum Problem: Equatable, Sendable {
        case empty
        case tooLong
        case controlCharacters
    }

    /// The name as it will be stored: surrounding white space removed.
    public static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func problem(with name: String) -> Problem? {
        let name = normalized(name)
        if name.isEmpty { return .empty }
        if name.count > maximumLength { return .tooLong }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .controlCharacters
        }
        return nil
    }
}
