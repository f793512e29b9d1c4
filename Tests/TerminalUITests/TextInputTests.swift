import Testing
@testable import TerminalUI

@Suite("TextInput")
struct TextInputTests {
    private func typing(_ keys: [Key], into input: TextInput = TextInput()) -> (TextInput, [TextInput.Outcome]) {
        var input = input
        let outcomes = keys.map { input.handle($0) }
        return (input, outcomes)
    }

    /// What a user types, decoded as the app decodes it: one read per string.
    private func typing(reads: [String], into input: TextInput = TextInput()) -> TextInput {
        var decoder = KeyDecoder()
        var input = input
        for read in reads {
            for key in decoder.feed(Array(read.utf8)) { input.handle(key) }
        }
        return input
    }

    @Test func typedCharactersAreInsertedAtTheCursor() {
        let (input, outcomes) = typing([.character("A"), .character("a"), .left, .character("d")])
        #expect(input.text == "Ada")
        #expect(input.cursor == 2)
        #expect(outcomes == [.edited, .edited, .unchanged, .edited])
    }

    @Test func backspaceAndDeleteRemoveAroundTheCursor() {
        let (input, outcomes) = typing([.home, .backspace, .delete, .end, .delete, .backspace], into: TextInput(text: "Grace"))
        #expect(input.text == "rac")
        #expect(input.cursor == 3)
        #expect(outcomes == [.unchanged, .unchanged, .edited, .unchanged, .unchanged, .edited])
    }

    @Test func cursorMovesStayInsideTheText() {
        let (input, _) = typing([.right, .right, .ctrl("a"), .left, .ctrl("e")], into: TextInput(text: "李小", cursor: 1))
        #expect(input.cursor == 2)
        #expect(TextInput(text: "abc", cursor: 9).cursor == 3)
        #expect(TextInput(text: "abc", cursor: -2).cursor == 0)
    }

    @Test func keysThatAreNotEditingAreIgnored() {
        let (input, outcomes) = typing([.enter, .tab, .up, .escape], into: TextInput(text: "José"))
        #expect(input.text == "José")
        #expect(outcomes == [.ignored, .ignored, .ignored, .ignored])
    }

    @Test func setTextPutsTheCursorAtTheEnd() {
        var input = TextInput()
        input.setText("Ødegaard")
        #expect(input.cursor == 8)
    }

    // MARK: Grapheme clusters

    @Test("ab, Home, e + U+0301, X gives éXab (the scrambled-text report)")
    func combiningMarkTypedAfterMovingTheCursor() {
        let input = typing(reads: ["ab", "\u{1B}[H", "e", "\u{301}", "X"])
        #expect(input.text == "e\u{301}Xab")
        #expect(input.cursor == 2)
    }

    @Test("a combining mark typed on its own joins the character before the cursor")
    func combiningMarkJoinsTheCharacterBefore() {
        let (input, _) = typing([.character("e"), .character("\u{301}"), .character("!")])
        #expect(input.text == "e\u{301}!")
        #expect(input.text.count == 2)
        #expect(input.cursor == 2)
    }

    @Test("pasted e + U+0301 then Backspace removes the whole é (the crash report)")
    func backspaceAfterAPastedCombiningSequence() {
        let pasted = typing(reads: ["e\u{301}", "\u{7F}"])
        #expect(pasted.text == "")
        #expect(pasted.cursor == 0)
        let bracketed = typing(reads: ["\u{1B}[200~e\u{301}\u{1B}[201~", "\u{7F}", "\u{7F}"])
        #expect(bracketed.text == "")
    }

    @Test("Backspace, Delete and the arrows take a whole cluster", arguments: [
        "👍🏽", "👨‍👩‍👧", "🇳🇱", "e\u{301}", "李", "❤️",
    ])
    func clustersAreEditedWhole(cluster: String) {
        let input = typing(reads: ["a", cluster, "b", "\u{1B}[D", "\u{1B}[D", "\u{7F}"])
        #expect(input.text == "\(cluster)b")
        #expect(input.cursor == 0)
        let (deleted, _) = typing([.delete], into: TextInput(text: "\(cluster)b", cursor: 0))
        #expect(deleted.text == "b")
        let (moved, _) = typing([.right, .character("x")], into: TextInput(text: "\(cluster)b", cursor: 0))
        #expect(moved.text == "\(cluster)xb")
    }

    @Test("👍 then 🏽 typed apart become one character, and Backspace removes both")
    func skinToneModifierTypedSeparately() {
        let input = typing(reads: ["👍", "🏽"])
        #expect(input.text == "👍🏽")
        #expect(input.cursor == 1)
        let (erased, _) = typing([.backspace], into: input)
        #expect(erased.text == "")
    }

    // MARK: Line-editing keys

    @Test func ctrlWRemovesTheWordBeforeTheCursorUpToASpace() {
        let (input, outcomes) = typing([.ctrl("w"), .ctrl("w"), .ctrl("w")], into: TextInput(text: "Ada King-Noel  "))
        #expect(outcomes == [.edited, .edited, .unchanged])
        #expect(input.text == "")
        let (middle, _) = typing([.ctrl("w")], into: TextInput(text: "Ada Lovelace Byron", cursor: 12))
        #expect(middle.text == "Ada  Byron")
        #expect(middle.cursor == 4)
    }

    @Test func altBackspaceRemovesLettersAndDigitsOnly() {
        let (input, _) = typing([.altBackspace], into: TextInput(text: "King-Noel"))
        #expect(input.text == "King-")
        let (again, _) = typing([.altBackspace, .altBackspace], into: TextInput(text: "King-Noel"))
        #expect(again.text == "")
    }

    @Test("Alt-B and Alt-F move by words of letters and digits, as readline does")
    func altBAndAltFMoveByWords() {
        var input = TextInput(text: "Ada King-Noël 2nd")
        let back = [Key.alt("b"), .alt("b"), .alt("b"), .alt("b"), .alt("b")].map { key in
            input.handle(key)
            return input.cursor
        }
        #expect(back == [14, 9, 4, 0, 0])
        let forward = [Key.alt("f"), .alt("f"), .alt("f"), .alt("f"), .alt("f")].map { key in
            input.handle(key)
            return input.cursor
        }
        #expect(forward == [3, 8, 13, 17, 17])
        #expect(input.text == "Ada King-Noël 2nd")
    }

    @Test func altDRemovesTheWordAfterTheCursor() {
        let (input, outcomes) = typing([.alt("d"), .alt("d"), .alt("d")], into: TextInput(text: "Ada King-Noel", cursor: 3))
        #expect(outcomes == [.edited, .edited, .unchanged])
        #expect(input.text == "Ada")
        #expect(input.cursor == 3)
        // As the terminal sends it: ESC then the letter, in one read.
        #expect(typing(reads: ["\u{1B}b", "\u{1B}d"], into: TextInput(text: "Ada Lovelace")).text == "Ada ")
    }

    @Test func ctrlUAndCtrlKKillBeforeAndAfterTheCursor() {
        let (before, _) = typing([.ctrl("u")], into: TextInput(text: "Ada Lovelace", cursor: 4))
        #expect(before.text == "Lovelace")
        #expect(before.cursor == 0)
        let (after, _) = typing([.ctrl("k")], into: TextInput(text: "Ada Lovelace", cursor: 3))
        #expect(after.text == "Ada")
        #expect(after.cursor == 3)
    }

    @Test("a paste is inserted at the cursor as one line: newlines and tabs become spaces")
    func pasteIsOneLine() {
        let (input, outcomes) = typing([.paste("Ada\r\nLove\tlace\u{7}")], into: TextInput(text: "[]", cursor: 1))
        #expect(input.text == "[Ada Love lace]")
        #expect(input.cursor == 14)
        #expect(outcomes == [.edited])
    }

    @Test("CJK and emoji keep their cursor by cluster, not by column")
    func wideCharacters() {
        let input = typing(reads: ["李小龍", "\u{1B}[D", "👍🏽"])
        #expect(input.text == "李小👍🏽龍")
        #expect(input.cursor == 3)
    }
}

@Suite("ListView navigation")
struct ListNavigationTests {
    private func navigate(_ keys: [Key], from start: Int?, count: Int = 10, pageSize: Int = 4) -> [Int?] {
        var selection = start
        return keys.map { key in
            if let move = ListView.Move(key, pageSize: pageSize) {
                _ = ListView.navigate(move, selection: &selection, count: count)
            }
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

    @Test func gAndShiftGGoToTheEnds() {
        #expect(navigate([.character("G"), .character("g")], from: 3) == [9, 0])
    }

    @Test func aClickSelectsTheRowAndTheWheelMovesByOne() {
        let wheelDown = Key.mouse(MouseEvent(action: .wheelDown, row: 0, column: 0))
        let wheelUp = Key.mouse(MouseEvent(action: .wheelUp, row: 0, column: 0))
        #expect(navigate([.click(.row(6)), wheelDown, wheelUp, wheelUp, .click(.row(42))], from: 0) == [6, 7, 6, 5, 5])
    }

    @Test func otherKeysAreNotNavigation() {
        #expect(ListView.Move(.enter, pageSize: 4) == nil)
        #expect(ListView.Move(.character("x"), pageSize: 4) == nil)
        #expect(ListView.Move(.down, pageSize: 4) == .by(1))
    }

    @Test func eachKeyNamesItsMove() {
        let wheelUp = Key.mouse(MouseEvent(action: .wheelUp, row: 0, column: 0))
        let keys: [Key] = [.up, .character("j"), .pageUp, .pageDown, .home, .character("g"), .end, .character("G"), wheelUp, .click(.row(3))]
        #expect(keys.map { ListView.Move($0, pageSize: 4) } == [
            .by(-1), .by(1), .by(-4), .by(4), .toStart, .toStart, .toEnd, .toEnd, .by(-1), .toRow(3),
        ])
        #expect(ListView.Move(.pageDown, pageSize: 0) == .by(1))
    }

    @Test func aClickPastTheRowsChangesNothing() {
        var selection: Int? = 2
        #expect(!ListView.navigate(.toRow(10), selection: &selection, count: 10))
        #expect(selection == 2)
        #expect(ListView.navigate(.toRow(9), selection: &selection, count: 10))
        #expect(selection == 9)
    }
}
