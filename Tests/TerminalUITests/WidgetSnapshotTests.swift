import Testing
@testable import TerminalUI

@Suite("Widget snapshots")
struct WidgetSnapshotTests {
    private func canvas(rows: Int, columns: Int, background: Character? = nil) -> Canvas {
        var canvas = Canvas(size: TerminalSize(rows: rows, columns: columns))
        if let background { canvas.fill(canvas.bounds, with: background) }
        return canvas
    }

    @Test func boxWithTitle() {
        var canvas = canvas(rows: 4, columns: 18)
        Box(title: "Friends").draw(in: &canvas, at: Rect(row: 0, column: 1, width: 16, height: 4))
        #expect(canvas.lines == [
            " ┌─ Friends ────┐",
            " │              │",
            " │              │",
            " └──────────────┘",
        ])
        #expect(Box.contentRect(of: Rect(row: 0, column: 1, width: 16, height: 4)) == Rect(row: 1, column: 2, width: 14, height: 2))
    }

    @Test func boxTitleIsTruncatedAndTheInsideCleared() {
        var canvas = canvas(rows: 3, columns: 12, background: "#")
        Box(title: "Your Friends").draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "┌─ Your… ──┐",
            "│          │",
            "└──────────┘",
        ])
    }

    private let friends: [ListView.Row] = [
        ListView.Row("Ada Lovelace", detail: "0501234567"),
        "Charles Babbage",
        ListView.Row("Grace Hopper", detail: "555 0100"),
        "李小龍",
        "Alan Turing",
    ]

    @Test func listScrollsToKeepTheSelectionVisibleAndMarksIt() {
        var canvas = canvas(rows: 3, columns: 30)
        ListView(rows: friends, selectedIndex: 3, scrollOffset: 0).draw(in: &canvas, at: canvas.bounds)
        // The last column marks the rows out of view: Ada above, Alan below.
        #expect(canvas.lines == [
            "  Charles Babbage            ▲",
            "  Grace Hopper       555 0100",
            "> 李小龍                     ▼",
        ])
        #expect(canvas[row: 2, column: 28].style == .inverse)
        #expect(canvas[row: 2, column: 29].style == .dim)
        // The mark's column still picks its row.
        #expect(canvas.target(atRow: 2, column: 29) == .row(3))
        #expect(canvas[row: 1, column: 0].style == .plain)
    }

    /// Rows with a detail leave the last column to the marks even when all of them fit, so the
    /// details stay put as the list grows past the screen; a row without one takes the whole width.
    @Test func aListThatFitsHasNoMarksAndKeepsItsDetailsInOneColumn() {
        var canvas = canvas(rows: 5, columns: 30)
        ListView(rows: friends, selectedIndex: 0).draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines[0] == "> Ada Lovelace     0501234567")
        #expect(!canvas.lines.joined().contains("▲") && !canvas.lines.joined().contains("▼"))
        var narrow = self.canvas(rows: 1, columns: 20)
        ListView(rows: ["No friends yet. Add one."], selectedIndex: nil).draw(in: &narrow, at: narrow.bounds)
        #expect(narrow.lines == ["  No friends yet. A…"])
    }

    /// A long number beside a short name takes the room the name leaves, not only half the row.
    @Test func aLongDetailBesideAShortTitleTakesTheRoomTheTitleLeaves() {
        var canvas = canvas(rows: 1, columns: 30)
        ListView(rows: [ListView.Row("Bo Li", detail: "+1 555 0100 ext. 1234 (office)")], selectedIndex: nil)
            .draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == ["  Bo Li +1 555 0100 ext. 123…"])
    }

    @Test func listRowsAreTruncatedAndTheDetailGetsAtMostHalf() {
        var canvas = canvas(rows: 2, columns: 20)
        ListView(rows: friends, selectedIndex: nil).draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "  Ada Lov… 0501234…",
            "  Charles Babbage  ▼",
        ])
    }

    @Test func listScrollOffsetMovesOnlyAsFarAsNeeded() {
        #expect(ListView.scrollOffset(keeping: 3, visibleRows: 3, count: 5, current: 0) == 1)
        #expect(ListView.scrollOffset(keeping: 2, visibleRows: 3, count: 5, current: 1) == 1)
        #expect(ListView.scrollOffset(keeping: 0, visibleRows: 3, count: 5, current: 2) == 0)
        #expect(ListView.scrollOffset(keeping: nil, visibleRows: 3, count: 5, current: 9) == 2)
        #expect(ListView.scrollOffset(keeping: 1, visibleRows: 10, count: 5, current: 4) == 0)
        #expect(ListView.scrollOffset(keeping: 0, visibleRows: 3, count: 0, current: 4) == 0)
    }

    @Test func listOfAHundredThousandRowsAsksOnlyForTheVisibleOnes() {
        var asked: [Int] = []
        var canvas = canvas(rows: 4, columns: 20)
        ListView(count: 100_000, selectedIndex: 99_999, scrollOffset: 0) { index in
            asked.append(index)
            return ListView.Row("Friend \(index)")
        }
        .draw(in: &canvas, at: canvas.bounds)
        #expect(asked == [99_996, 99_997, 99_998, 99_999])
        #expect(canvas.lines == ["  Friend 99996     ▲", "  Friend 99997", "  Friend 99998", "> Friend 99999"])
    }

    @Test func textFieldWithTextAndError() {
        var canvas = canvas(rows: 2, columns: 40)
        let field = TextField(label: "First name", text: "Ada", error: "First name is required")
        field.draw(in: &canvas, at: Rect(row: 0, column: 0, width: 40, height: field.height))
        #expect(canvas.lines == [
            "First name [Ada                        ]",
            "            ! First name is required",
        ])
        #expect(canvas[row: 1, column: 12].style == Style(foreground: .red))
        #expect(canvas[row: 0, column: 0].style == .plain)
        #expect(canvas.cursor == nil)
        #expect(field.height == 2)
    }

    @Test func focusedTextFieldHasABoldLabelAndTheCursor() {
        var canvas = canvas(rows: 1, columns: 24)
        TextField(label: "Phone", text: "050", cursor: 1, isFocused: true, labelWidth: 8)
            .draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == ["Phone   [050           ]"])
        #expect(canvas[row: 0, column: 0].style == .bold)
        #expect(canvas.cursor == CursorPosition(row: 0, column: 10))
    }

    @Test func textFieldScrollsToKeepTheCursorVisible() {
        var atEnd = canvas(rows: 1, columns: 9)
        TextField(label: "N", text: "abcdefghij", isFocused: true).draw(in: &atEnd, at: atEnd.bounds)
        #expect(atEnd.lines == ["N [ghij ]"])
        #expect(atEnd.cursor == CursorPosition(row: 0, column: 7))

        var atStart = canvas(rows: 1, columns: 9)
        TextField(label: "N", text: "abcdefghij", cursor: 0, isFocused: true).draw(in: &atStart, at: atStart.bounds)
        #expect(atStart.lines == ["N [abcde]"])
        #expect(atStart.cursor == CursorPosition(row: 0, column: 3))
    }

    @Test func emptyTextFieldShowsItsPlaceholderUntilFocused() {
        var canvas = canvas(rows: 2, columns: 20)
        TextField(label: "Q", text: "", placeholder: "search").draw(in: &canvas, at: Rect(row: 0, column: 0, width: 20, height: 1))
        TextField(label: "Q", text: "", isFocused: true, placeholder: "search").draw(in: &canvas, at: Rect(row: 1, column: 0, width: 20, height: 1))
        #expect(canvas.lines == ["Q [search          ]", "Q [                ]"])
        #expect(canvas[row: 0, column: 3].style == .dim)
        #expect(canvas.cursor == CursorPosition(row: 1, column: 3))
    }

    @Test func buttonStates() {
        var canvas = canvas(rows: 3, columns: 12)
        Button(title: "SUBMIT").draw(in: &canvas, at: Rect(row: 0, column: 0, width: 12, height: 1))
        Button(title: "SUBMIT", isEnabled: false).draw(in: &canvas, at: Rect(row: 1, column: 0, width: 12, height: 1))
        Button(title: "SUBMIT", isFocused: true).draw(in: &canvas, at: Rect(row: 2, column: 1, width: 11, height: 1))
        #expect(canvas.lines == ["[ SUBMIT ]", "[ SUBMIT ]", " [ SUBMIT ]"])
        #expect(canvas[row: 0, column: 2].style == .plain)
        #expect(canvas[row: 1, column: 2].style == .dim)
        #expect(canvas[row: 2, column: 2].style == Style(bold: true, inverse: true))
        #expect(Button(title: "SUBMIT").width == 10)
    }

    @Test func spinnerIsACentredBoxOverTheScreen() {
        var canvas = canvas(rows: 5, columns: 20, background: ".")
        Spinner(message: "Loading...", frame: 0).draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "....................",
            "..┌──────────────┐..",
            "..│ ⠋ Loading... │..",
            "..└──────────────┘..",
            "....................",
        ])
    }

    @Test func spinnerFramesAnimateAndWrapAround() {
        #expect(Spinner(frame: 3).symbol == "⠸")
        #expect(Spinner(frame: 10).symbol == "⠋")
        #expect(Spinner(frame: -1).symbol == "⠏")
    }

    @Test func alertBox() {
        var canvas = canvas(rows: 9, columns: 40)
        AlertBox(title: "Friend not found.", message: "Could not remove Ada Lovelace.").draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "",
            "   ┌────────────────────────────────┐",
            "   │ Friend not found.              │",
            "   │                                │",
            "   │ Could not remove Ada Lovelace. │",
            "   │                                │",
            "   │             [ OK ]             │",
            "   └────────────────────────────────┘",
            "",
        ])
        #expect(canvas[row: 2, column: 5].style == .bold)
        #expect(canvas[row: 6, column: 17].style == Style(bold: true, inverse: true))
    }

    @Test func alertBoxWrapsALongMessageToTheScreen() {
        var canvas = canvas(rows: 7, columns: 20)
        AlertBox(title: "Error", message: "Could not connect to server.").draw(in: &canvas, at: canvas.bounds)
        // Short of rows, the blank rows go first; no word of the text is lost.
        #expect(canvas.lines == [
            "┌──────────────────┐",
            "│ Error            │",
            "│ Could not        │",
            "│ connect to       │",
            "│ server.          │",
            "│      [ OK ]      │",
            "└──────────────────┘",
        ])
    }

    @Test func confirmationBoxFocusesTheSelectedChoice() {
        var canvas = canvas(rows: 9, columns: 40)
        ConfirmationBox(title: "Delete friend", message: "Remove Ada Lovelace?", confirmTitle: "Delete",
                        cancelTitle: "Cancel", selection: .cancel)
            .draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "",
            "       ┌────────────────────────┐",
            "       │ Delete friend          │",
            "       │                        │",
            "       │ Remove Ada Lovelace?   │",
            "       │                        │",
            "       │ [ Delete ]  [ Cancel ] │",
            "       └────────────────────────┘",
            "",
        ])
        #expect(canvas[row: 6, column: 9].style == .plain)
        #expect(canvas[row: 6, column: 21].style == Style(bold: true, inverse: true))
        #expect(canvas.target(atRow: 6, column: 9) == .button("Delete"))
        #expect(canvas.target(atRow: 6, column: 22) == .button("Cancel"))
        #expect(canvas.target(atRow: 3, column: 9) == nil)
        #expect(ConfirmationBox.Choice.cancel.toggled == .confirm)
    }

    /// ←→ go to the button on their side and stop there; Tab goes round. From Cancel, → does not
    /// reach Delete.
    @Test func theArrowsOfAQuestionStopAtItsEnds() {
        let box = ConfirmationBox(title: "Delete Friend", message: "Remove Ada?", confirmTitle: "Delete")
        var focus = box.selection
        for (key, expected) in [(Key.right, ConfirmationBox.Choice.cancel), (.left, .confirm), (.left, .confirm),
                                (.right, .cancel), (.tab, .confirm), (.tab, .cancel), (.backTab, .confirm)] {
            #expect(box.answer(to: key, focus: &focus) == nil)
            #expect(focus == expected, "\(key)")
        }
        #expect(box.answer(to: .enter, focus: &focus) == .confirm)
    }

    @Test func footerShowsKeysInBoldAndIsCutToTheWidth() {
        let footer = Footer(("↑↓", "Move"), ("⏎", "Open"), ("q", "Quit"))
        var wide = canvas(rows: 1, columns: 40)
        footer.draw(in: &wide, at: wide.bounds)
        #expect(wide.lines == ["↑↓ Move  ⏎ Open  q Quit"])
        #expect(wide[row: 0, column: 17].style == .bold)
        #expect(wide[row: 0, column: 19].style == .plain)

        var narrow = canvas(rows: 1, columns: 12)
        footer.draw(in: &narrow, at: narrow.bounds)
        #expect(narrow.lines == ["↑↓ Move  ⏎ …"])
    }

    @Test("a long title wraps above the message instead of being cut in the border, even at 200 columns")
    func dialogWithALongTitle() {
        var canvas = canvas(rows: 11, columns: 200)
        AlertBox(title: "Could not connect to server. Check your network and try again later.",
                 message: "Could not remove Ada Lovelace.").draw(in: &canvas, at: canvas.bounds)
        let text = canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(text.contains("│ Could not connect to server. Check your network and try  │"))
        #expect(text.contains("│ again later.                                             │"))
        #expect(text.contains("│ Could not remove Ada Lovelace.                           │"))
        #expect(!canvas.lines.joined().contains("…"))
    }

    @Test("a message cut short by a small window ends in \"…\" on its last line shown")
    func dialogCutShort() {
        var canvas = canvas(rows: 6, columns: 24)
        AlertBox(title: "Game library damaged", message: "3 games were kept; 1 could not be read and is in the backup file.")
            .draw(in: &canvas, at: canvas.bounds)
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains("…"), "\(text)")
        #expect(text.contains("[ OK ]"), "\(text)")
        var tall = self.canvas(rows: 20, columns: 24)
        AlertBox(title: "Game library damaged", message: "3 games were kept; 1 could not be read and is in the backup file.")
            .draw(in: &tall, at: tall.bounds)
        #expect(!tall.lines.joined().contains("…"))
    }

    @Test("a footer made from a key map ends in \"? Help\" when not every key fits, keeping the way out")
    func footerPointsToHelp() {
        let keys = KeyMap(title: "Friends", ("↑↓/jk", "Move"), ("⏎", "Open"), ("a", "Add"), ("e", "Edit"),
                          ("d", "Delete"), ("r", "Refresh"), ("/", "Search"), ("q", "Quit"))
        var wide = canvas(rows: 1, columns: 80)
        Footer(keys).draw(in: &wide, at: wide.bounds)
        #expect(wide.lines == ["↑↓/jk Move  ⏎ Open  a Add  e Edit  d Delete  r Refresh  / Search  q Quit"])
        var fifty = canvas(rows: 1, columns: 50)
        Footer(keys).draw(in: &fifty, at: fifty.bounds)
        #expect(fifty.lines == ["↑↓/jk Move  ⏎ Open  a Add  e Edit  q Quit  ? Help"])
        var tiny = canvas(rows: 1, columns: 8)
        Footer(keys).draw(in: &tiny, at: tiny.bounds)
        #expect(tiny.lines == ["? Help"])
    }

    @Test("the help overlay lists the same keys as the footer, then the app's own")
    func helpOverlay() {
        var canvas = canvas(rows: 14, columns: 40)
        HelpOverlay(keyMap: KeyMap(title: "Flights", ("↑↓/jk", "Move"), ("q", "Quit"))).draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "",
            "    ┌──────────────────────────────┐",
            "    │ Flights: keys                │",
            "    │                              │",
            "    │ ↑↓/jk   Move                 │",
            "    │ q       Quit                 │",
            "    │ ?       This help            │",
            "    │ Ctrl-L  Redraw the screen    │",
            "    │ Ctrl-Z  Suspend (fg resumes) │",
            "    │ Ctrl-C  Quit at once         │",
            "    │                              │",
            "    │ Any key closes this help.    │",
            "    └──────────────────────────────┘",
            "",
        ])
    }

    @Test("a field narrower than its label puts the label above it")
    func textFieldStacksItsLabelWhenNarrow() {
        let field = TextField(label: "Phone number", text: "0501234567", isFocused: true, labelWidth: 14)
        #expect(field.height(forWidth: 60) == 1)
        #expect(field.height(forWidth: 18) == 2)
        var canvas = canvas(rows: 2, columns: 18)
        field.draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == ["Phone number", "[0501234567      ]"])
        #expect(canvas.cursor == CursorPosition(row: 1, column: 11))
    }

    @Test("long text scrolls with an indicator of where it is")
    func scrollingText() {
        let lines = (1...10).map { [Span("line \($0)")] }
        var top = canvas(rows: 4, columns: 30)
        ScrollingText(lines: lines, offset: 0).draw(in: &top, at: top.bounds)
        #expect(top.lines == ["line 1", "line 2", "line 3", "lines 1–3 of 10 · ↑↓ scroll"])
        var bottom = canvas(rows: 4, columns: 30)
        let pastTheEnd = ScrollingText(lines: lines, offset: 99)
        #expect(pastTheEnd.shownOffset(in: 4) == 7)
        pastTheEnd.draw(in: &bottom, at: bottom.bounds)
        #expect(bottom.lines == ["line 8", "line 9", "line 10", "lines 8–10 of 10 · ↑↓ scroll"])
        var fits = canvas(rows: 4, columns: 30)
        ScrollingText(lines: Array(lines.prefix(4)), offset: 2).draw(in: &fits, at: fits.bounds)
        #expect(fits.lines == ["line 1", "line 2", "line 3", "line 4"])
    }

    @Test func scrollingKeepsTheFocusedRangeVisible() {
        #expect(Scrolling.offset(keeping: 12..<14, visibleRows: 5, contentRows: 20, current: 0) == 9)
        #expect(Scrolling.offset(keeping: 2..<4, visibleRows: 5, contentRows: 20, current: 9) == 2)
        #expect(Scrolling.offset(keeping: 5..<6, visibleRows: 5, contentRows: 20, current: 3) == 3)
        #expect(Scrolling.offset(keeping: 0..<1, visibleRows: 5, contentRows: 3, current: 7) == 0)
        #expect(Scrolling.offset(after: .pageDown, current: 3, pageSize: 4) == 7)
        #expect(Scrolling.offset(after: .character("x"), current: 3, pageSize: 4) == nil)
    }

    @Test("a help taller than the screen scrolls, marks what is hidden and still says how to close it")
    func helpOverlayOnASmallScreen() {
        let help = HelpOverlay(keyMap: KeyMap(title: "Flights", ("↑↓/jk", "Move"), ("q", "Quit")))
        var canvas = canvas(rows: 8, columns: 30)
        help.draw(in: &canvas, at: canvas.bounds)
        #expect(canvas.lines == [
            "┌────────────────────────────┐",
            "│ Flights: keys              │",
            "│                            │",
            "│ ↑↓/jk   Move               │",
            "│ q       Quit              ▼│",
            "│                            │",
            "│ ↑↓ scroll · Esc closes     │",
            "└────────────────────────────┘",
        ])
        #expect(help.scrolls(in: canvas.bounds))
        var last = self.canvas(rows: 8, columns: 30)
        let scrolled = HelpOverlay(keyMap: help.keyMap, offset: 99)
        #expect(scrolled.clampedOffset(in: last.bounds) == 4)
        scrolled.draw(in: &last, at: last.bounds)
        #expect(last.lines[3...4] == ["│ Ctrl-Z  Suspend (fg resum…▲│", "│ Ctrl-C  Quit at once       │"])
        #expect(!help.scrolls(in: self.canvas(rows: 14, columns: 40).bounds))
    }
}
