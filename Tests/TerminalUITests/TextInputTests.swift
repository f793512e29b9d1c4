import Testing
@testable import TerminalUI

@Suite("TextInput")
struct TextInputTests {
    private func typing(_ keys: [Key], into input: TextInput = TextInput()) -> (TextInput, [Bool]) {
        var input = input
        let changes = keys.map { input.handle($0) }
        return (input, changes)
    }

    @Test func typedCharactersAreInsertedAtTheCursor() {
        let (input, changes) = typing([.character("A"), .character("a"), .left, .character("d")])
        #expect(input.text == "Ada")
        #expect(input.cursor == 2)
        #expect(changes == [true, true, false, true])
    }

    @Test func backspaceAndDeleteRemoveAroundTheCursor() {
        let (input, changes) = typing([.home, .backspace, .delete, .end, .delete, .backspace], into: TextInput(text: "Grace"))
        #expect(input.text == "rac")
        #expect(input.cursor == 3)
        #expect(changes == [false, false, true, false, false, true])
    }

    @Test func cursorMovesStayInsideTheText() {
        let (input, _) = typing([.right, .right, .ctrl("a"), .left, .ctrl("e")], into: TextInput(text: "李小", cursor: 1))
        #expect(input.cursor == 2)
        #expect(TextInput(text: "abc", cursor: 9).cursor == 3)
        #expect(TextInput(text: "abc", cursor: -2).cursor == 0)
    }

    @Test func ctrlUClearsAndOtherKeysAreIgnored() {
        let (input, changes) = typing([.ctrl("u"), .ctrl("u"), .enter, .tab, .up], into: TextInput(text: "José"))
        #expect(input.text == "")
        #expect(changes == [true, false, false, false, false])
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
        let (input, _) = typing([.character("e"), .character("\u{301}"), .character("!")])
        #expect(input.text == "e\u{301}!")
        #expect(input.text.count == 2)
        #expect(input.cursor == 2)
    }

    @Test func setTextPutsTheCursorAtTheEnd() {
        var input = TextInput()
        input.setText("Ødegaard")
        #expect(input.cursor == 8)
    }
}

@Suite("ListView navigation")
struct ListNavigationTests {
    private func navigate(_ keys: [Key], from start: Int?, count: Int = 10, pageSize: Int = 4) -> [Int?] {
        var selection = start
        return keys.map { key in
            _ = ListView.navigate(key, selection: &selection, count: count, pageSize: pageSize)
            return selection
        }
    }

    @Test func arrowsAndVimKeysMoveByOneWithinTheList() {
        #expect(navigate([.down, .character("j"), .up, .character("k"), .up], from: 0) == [1, 2, 1, 0, 0])
        #expect(navigate([.down], from: 9) == [9])
    }

    @Test func pagesAndEnds() {
        #expect(navigate([.pageDown, .pageDown, .pageDown, .pageUp, .home, .end], from: 0) == [4, 8, 9, 5, 0, 9])
    }

    @Test func noSelectionStartsAtTheTopOrEndAndAnEmptyListHasNone() {
        #expect(navigate([.down], from: nil) == [0])
        #expect(navigate([.end], from: nil) == [9])
        #expect(navigate([.down], from: 3, count: 0) == [nil])
    }

    @Test func otherKeysAreNotNavigation() {
        var selection: Int? = 2
        #expect(!ListView.navigate(.enter, selection: &selection, count: 10, pageSize: 4))
        #expect(!ListView.navigate(.character("x"), selection: &selection, count: 10, pageSize: 4))
        #expect(selection == 2)
        #expect(ListView.navigate(.down, selection: &selection, count: 10, pageSize: 4))
    }
}
