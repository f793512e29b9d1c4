/// The editing state of a one-line text input: the text and a cursor, changed by keys.
/// Pair it with `TextField` for drawing:
///
/// ```swift
/// if input.handle(key) { viewModel.firstNameChanged(input.text) }
/// TextField(label: "First name", text: input.text, cursor: input.cursor, isFocused: true)
/// ```
public struct TextInput: Hashable, Sendable {
    public private(set) var text: String
    /// The cursor as a character offset into `text` (0 ... text.count).
    public private(set) var cursor: Int

    public init(text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
    }

    /// Replaces the text (from a view model, say) and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    /// Applies an editing key: characters are inserted, Backspace/Delete remove, Left/Right,
    /// Home/End (and Ctrl-A/Ctrl-E) move, Ctrl-U clears. Returns whether `text` changed.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            text.insert(character, at: index(cursor))
            cursor = min(cursor + 1, text.count)  // a combining mark merges into the character before
            return true
        case .backspace where cursor > 0:
            text.remove(at: index(cursor - 1))
            cursor -= 1
            return true
        case .delete where cursor < text.count:
            text.remove(at: index(cursor))
            return true
        case .ctrl("u") where !text.isEmpty:
            setText("")
            return true
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        default: break
        }
        return false
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
