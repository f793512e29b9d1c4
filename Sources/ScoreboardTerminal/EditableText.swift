import TerminalUI

/// The text of a one-line input and its cursor, edited key by key.
struct EditableText: Equatable {
    private(set) var text = ""
    /// A character offset into `text`.
    private(set) var cursor = 0

    /// Applies an editing key; returns false for keys that do not edit text.
    mutating func handle(_ key: Key) -> Bool {
        var characters = Array(text)
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"):
            cursor = 0
        case .end, .ctrl("e"):
            cursor = characters.count
        case .ctrl("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        default:
            return false
        }
        text = String(characters)
        return true
    }
}
