import Testing
@testable import TerminalUI

@Suite("Canvas")
struct CanvasTests {
    private func canvas(rows: Int = 2, columns: Int = 8) -> Canvas {
        Canvas(size: TerminalSize(rows: rows, columns: columns))
    }

    @Test func emptyCanvasHasEmptyLines() {
        #expect(canvas().lines == ["", ""])
    }

    @Test func drawsTextAndTrimsTrailingSpaces() {
        var canvas = canvas()
        let end = canvas.draw("Ada  ", row: 1, column: 2)
        #expect(canvas.lines == ["", "  Ada"])
        #expect(end == 7)
    }

    @Test func clipsAtEveryEdge() {
        var canvas = canvas(rows: 2, columns: 5)
        canvas.draw("Lovelace", row: 0, column: 2)
        canvas.draw("Babbage", row: 1, column: -3)
        canvas.draw("hidden", row: 2, column: 0)
        canvas.draw("hidden", row: -1, column: 0)
        #expect(canvas.lines == ["  Lov", "bage"])
    }

    @Test func truncatesWithAnEllipsisWhenGivenAWidth() {
        var canvas = canvas(rows: 1, columns: 10)
        canvas.draw("Lovelace", row: 0, column: 0, width: 5)
        #expect(canvas.lines == ["Love…"])
    }

    @Test func wideCharactersTakeTwoCells() {
        var canvas = canvas(rows: 1, columns: 8)
        canvas.draw("李a小", row: 0, column: 0)
        #expect(canvas.lines == ["李a小"])
        #expect(canvas[row: 0, column: 0].width == 2)
        #expect(canvas[row: 0, column: 1].width == 0)
        #expect(canvas[row: 0, column: 2].character == "a")
        #expect(canvas[row: 0, column: 3].character == "小")
    }

    @Test func aWideCharacterThatDoesNotFitAtTheEdgeLeavesABlank() {
        var canvas = canvas(rows: 1, columns: 3)
        canvas.draw("ab李", row: 0, column: 0)
        canvas.draw("x", row: 0, column: 2)
        #expect(canvas.lines == ["abx"])
        var other = self.canvas(rows: 1, columns: 3)
        other.draw("李z", row: 0, column: -1)
        #expect(other.lines == [" z"])
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var canvas = canvas(rows: 1, columns: 6)
        canvas.draw("李小", row: 0, column: 0)
        canvas.draw("x", row: 0, column: 1)
        #expect(canvas.lines == [" x小"])
        canvas.draw("y", row: 0, column: 2)
        #expect(canvas.lines == [" xy"])
        #expect(canvas[row: 0, column: 3].width == 1)
    }

    @Test func combiningMarksStayWithTheirLetter() {
        var canvas = canvas(rows: 1, columns: 6)
        canvas.draw("Jose\u{301}!", row: 0, column: 0)
        #expect(canvas.lines == ["Jose\u{301}!"])
        #expect(canvas[row: 0, column: 4].character == "!")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        var canvas = canvas(rows: 1, columns: 12)
        canvas.draw("a\u{1B}[2Jb\tc\nd", row: 0, column: 0)
        #expect(canvas.lines == ["a\u{FFFD}[2Jb c d"])
    }

    @Test func fillAndApplyStyleAreClipped() {
        var canvas = canvas(rows: 3, columns: 4)
        canvas.fill(Rect(row: 1, column: 2, width: 10, height: 10), with: "#")
        canvas.applyStyle(.bold, to: Rect(row: 2, column: 3, width: 5, height: 5))
        #expect(canvas.lines == ["", "  ##", "  ##"])
        #expect(canvas[row: 2, column: 3].style == .bold)
        #expect(canvas[row: 2, column: 2].style == .plain)
    }

    @Test func drawsStyledSpansCutWithAnEllipsis() {
        var canvas = canvas(rows: 2, columns: 12)
        canvas.draw([Span("q", style: .bold), Span(" Quit")], row: 0, column: 0, width: 12)
        canvas.draw([Span("a", style: .bold), Span(" Add  "), Span("q", style: .bold), Span(" Quit")], row: 1, column: 0, width: 9)
        #expect(canvas.lines == ["q Quit", "a Add  q…"])
        #expect(canvas[row: 1, column: 7].style == .bold)
        #expect(canvas[row: 1, column: 8].style == .bold)  // the ellipsis continues the cut span
    }

    @Test func stylesAreKeptPerCell() {
        var canvas = canvas(rows: 1, columns: 4)
        canvas.draw("ab", row: 0, column: 0, style: .foreground(.red))
        #expect(canvas[row: 0, column: 1].style == Style(foreground: .red))
        #expect(canvas[row: 0, column: 2].style == .plain)
    }
}
