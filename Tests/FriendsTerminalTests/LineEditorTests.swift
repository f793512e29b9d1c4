import TerminalUI
import Testing
@testable import FriendsTerminal

@Suite("Editing a line of text")
struct LineEditorTests {
    private func edited(_ text: String, cursor: Int? = nil, _ keys: Key...) -> LineEditor {
        var editor = LineEditor(text: text, cursor: cursor)
        for key in keys { _ = editor.apply(key) }
        return editor
    }

    @Test func typingInsertsAtTheCursor() {
        #expect(edited("Ad", .character("a")) == LineEditor(text: "Ada", cursor: 3))
        #expect(edited("Aa", .left, .character("d")) == LineEditor(text: "Ada", cursor: 2))
        #expect(edited("王", .home, .character("芳")) == LineEditor(text: "芳王", cursor: 1))
    }

    @Test func deleting() {
        #expect(edited("Ada", .backspace) == LineEditor(text: "Ad", cursor: 2))
        #expect(edited("Ada", cursor: 0, .backspace) == LineEditor(text: "Ada", cursor: 0))
        #expect(edited("Ada", cursor: 0, .delete) == LineEditor(text: "da", cursor: 0))
        #expect(edited("Ada", .delete) == LineEditor(text: "Ada", cursor: 3))
        #expect(edited("Ada Byron", cursor: 4, .ctrl("u")) == LineEditor(text: "Byron", cursor: 0))
        #expect(edited("Ada Byron", cursor: 3, .ctrl("k")) == LineEditor(text: "Ada", cursor: 3))
    }

    @Test func movingStaysInsideTheText() {
        #expect(edited("Ada", .right).cursor == 3)
        #expect(edited("Ada", .home, .left).cursor == 0)
        #expect(edited("Ada", cursor: 1, .end).cursor == 3)
        #expect(LineEditor(text: "Ada", cursor: 9).cursor == 3)
    }

    @Test func otherKeysAreNotEditing() {
        var editor = LineEditor(text: "Ada")
        let used = [Key.tab, .enter, .escape, .up].map { editor.apply($0) }
        #expect(used == [false, false, false, false])
        #expect(editor == LineEditor(text: "Ada"))
    }
}
