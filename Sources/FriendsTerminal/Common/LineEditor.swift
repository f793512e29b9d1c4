import TerminalUI

/// The editing keys of a one-line text input: typing, deleting, moving the cursor.
/// `cursor` counts characters from the start of `text`.
struct LineEditor: Equatable {
    var text: String
    var cursor: Int

    init(text: String, cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
    }

    /// Applies `key`; returns false for keys that are not about editing (Tab, Enter, Escape, ...).
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            text.insert(character, at: index(cursor))
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < text.count else { return true }
            text.remove(at: index(cursor))
        case .left, .ctrl("b"):
            cursor = max(0, cursor - 1)
        case .right, .ctrl("f"):
            cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"):
            cursor = 0
        case .end, .ctrl("e"):
            cursor = text.count
        case .ctrl("u"):
            text.removeSubrange(..<index(cursor))
            cursor = 0
        case .ctrl("k"):
            text.removeSubrange(index(cursor)...)
        default:
            return false
        }
        return true
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
