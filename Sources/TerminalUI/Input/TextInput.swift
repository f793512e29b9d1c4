/// The one text editor of the toolkit: the text and cursor of a one-line input, changed by
/// keys. Every field of every app edits through it. Pair it with `TextField` for drawing:
///
/// ```swift
/// if input.handle(key) == .edited { viewModel.firstNameChanged(input.text) }
/// TextField(label: "First name", text: input.text, cursor: input.cursor, isFocused: true)
/// ```
///
/// It edits by grapheme cluster (Swift's `Character`): the cursor stands between characters,
/// Backspace and Delete remove a whole "é", 👍🏽 or 👨‍👩‍👧, and a combining mark typed on its own
/// joins the character before the cursor. Keys, as in a shell: ←/→ (Ctrl-B/Ctrl-F),
/// Home/End (Ctrl-A/Ctrl-E), Backspace, Delete (Ctrl-D), Ctrl-W (the word before the cursor,
/// up to a space), Alt-Backspace (the word before the cursor, letters and digits), Alt-B and
/// Alt-F (a word back and forward), Alt-D (the word after the cursor), Ctrl-U (everything
/// before the cursor), Ctrl-K (everything after it). A paste is inserted
/// as one line: newlines and tabs become spaces, other control characters are dropped.
public struct TextInput: Hashable, Sendable {
    /// What a key did.
    public enum Outcome: Hashable, Sendable {
        /// The text changed.
        case edited
        /// An editing key that changed no text (a cursor move, Backspace at the start).
        case unchanged
        /// Not an editing key (Enter, Tab, Escape, arrows up and down, ...).
        case ignored
    }

    public private(set) var text: String
    /// The cursor as a character (grapheme cluster) offset into `text` (0 ... text.count).
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

    @discardableResult
    public mutating func handle(_ key: Key) -> Outcome {
        let before = text
        switch key {
        case .character(let character): insert(String(character))
        case .paste(let pasted): insert(pasted)
        case .backspace: removeBefore(cursor - 1)
        case .delete, .ctrl("d"): removeAfter(cursor + 1)
        case .ctrl("w"): removeBefore(wordStart(isWordCharacter: { !$0.isWhitespace }))
        case .altBackspace: removeBefore(wordStart(isWordCharacter: Self.isWordCharacter))
        case .alt("b"): cursor = wordStart(isWordCharacter: Self.isWordCharacter)
        case .alt("f"): cursor = wordEnd()
        case .alt("d"): removeAfter(wordEnd())
        case .ctrl("u"): removeBefore(0)
        case .ctrl("k"): removeAfter(text.count)
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        default: return .ignored
        }
        return text == before ? .unchanged : .edited
    }

    /// Inserts at the cursor and puts the cursor after what was inserted. A combining mark
    /// merges into the character before it, so the cursor counts the joined text, not the scalars.
    private mutating func insert(_ inserted: String) {
        let line = Self.oneLine(inserted)
        guard !line.isEmpty else { return }
        let split = index(cursor)
        let head = String(text[..<split]) + line
        text = head + text[split...]
        cursor = min(head.count, text.count)
    }

    /// Removes the characters from offset `start` up to the cursor.
    private mutating func removeBefore(_ start: Int) {
        let start = max(0, start)
        guard start < cursor else { return }
        text.removeSubrange(index(start)..<index(cursor))
        cursor = start
    }

    /// Removes the characters from the cursor up to offset `end`.
    private mutating func removeAfter(_ end: Int) {
        let end = min(text.count, end)
        guard cursor < end else { return }
        text.removeSubrange(index(cursor)..<index(end))
    }

    /// The offset where the word before the cursor starts: first what is not part of a word,
    /// then the word itself.
    private func wordStart(isWordCharacter: (Character) -> Bool) -> Int {
        let characters = Array(text[..<index(cursor)])
        var start = characters.count
        while start > 0, !isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, isWordCharacter(characters[start - 1]) { start -= 1 }
        return start
    }

    /// The offset where the word after the cursor ends, as readline's Alt-F finds it: first what
    /// is not part of a word, then the word itself.
    private func wordEnd() -> Int {
        let characters = Array(text[index(cursor)...])
        var length = 0
        while length < characters.count, !Self.isWordCharacter(characters[length]) { length += 1 }
        while length < characters.count, Self.isWordCharacter(characters[length]) { length += 1 }
        return cursor + length
    }

    /// Letters and digits: what Alt-Backspace, Alt-B, Alt-F and Alt-D take as a word.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }

    /// `text` made fit for one line: line breaks and tabs become spaces, other controls go.
    static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasReturn: continue  // CR LF is one line break
            case 0x09, 0x0A, 0x0D: result.append(" ")
            case 0..<0x20, 0x7F...0x9F: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
