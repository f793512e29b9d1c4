import Testing
@testable import TerminalUI

/// Terminals can be tiny and rectangles can stick out: drawing must clip, never trap.
@Suite("Drawing in tiny or odd places")
struct RobustnessTests {
    private static let sizes = [(0, 0), (1, 1), (2, 3), (3, 5), (4, 12)].map { TerminalSize(rows: $0.0, columns: $0.1) }

    private static func rects(in size: TerminalSize) -> [Rect] {
        [Rect(size: size), Rect(row: -2, column: -3, width: 9, height: 4), Rect(row: 1, column: 2, width: 40, height: 20),
         Rect(row: 0, column: 0, width: 0, height: 0)]
    }

    @Test("every widget", arguments: sizes)
    func everyWidgetClips(size: TerminalSize) {
        for rect in Self.rects(in: size) {
            var canvas = Canvas(size: size)
            Box(title: "Friends of mine").draw(in: &canvas, at: rect)
            ListView(rows: ["Ada Lovelace", ListView.Row("李小龍", detail: "0501234567")], selectedIndex: 1).draw(in: &canvas, at: rect)
            TextField(label: "First name", text: "José", isFocused: true, error: "Too long").draw(in: &canvas, at: rect)
            Button(title: "SUBMIT", isFocused: true).draw(in: &canvas, at: rect)
            Spinner(message: "Loading...").draw(in: &canvas, at: rect)
            AlertBox(title: "Friend not found.", message: "Could not remove Ada Lovelace.").draw(in: &canvas, at: rect)
            ConfirmationBox(title: "Delete", message: "Remove Ada?", confirmTitle: "Delete").draw(in: &canvas, at: rect)
            Footer(("q", "Quit"), ("a", "Add")).draw(in: &canvas, at: rect)
            #expect(canvas.lines.count == size.rows)
            #expect(canvas.lines.allSatisfy { DisplayWidth.of($0) <= size.columns })
        }
    }

    /// Buttons wider than a narrow box start at its left edge, one after the other, the last cut
    /// by the border: they were each drawn from a centre the box had no room for, over each other.
    @Test func buttonsTooWideForTheirBoxDoNotOverlap() {
        var canvas = Canvas(size: TerminalSize(rows: 8, columns: 24))
        ConfirmationBox(title: "Leave without saving your changes?", message: "", confirmTitle: "Discard", cancelTitle: "Keep Editing")
            .draw(in: &canvas, at: Rect(row: 0, column: 0, width: 24, height: 8))
        let buttons = canvas.lines.first { $0.contains("Discard") } ?? ""
        #expect(buttons.contains("[ Discard ]  [ Keep E"), "\(canvas.lines)")
        #expect(buttons.hasSuffix("│"))
    }

    @Test func aRendererHandlesAnEmptyCanvas() {
        var renderer = Renderer(mode: .color)
        #expect(renderer.render(Canvas(size: TerminalSize(rows: 0, columns: 0))) == "\u{1B}[0m\u{1B}[2J\u{1B}[?25l")
        #expect(renderer.render(Canvas(size: TerminalSize(rows: 0, columns: 0))) == "")
    }
}
