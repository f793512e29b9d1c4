import Testing
@testable import TerminalUI

@Suite("Renderer")
struct RendererTests {
    private let esc = "\u{1B}["

    private func canvas(rows: Int = 2, columns: Int = 4, _ draw: (inout Canvas) -> Void = { _ in }) -> Canvas {
        var canvas = Canvas(size: TerminalSize(rows: rows, columns: columns))
        draw(&canvas)
        return canvas
    }

    private var sample: Canvas {
        canvas {
            $0.draw("ab", row: 0, column: 0)
            $0.draw("cd", row: 1, column: 1, style: .bold)
        }
    }

    @Test func firstFrameClearsAndPaintsEverythingThatIsNotBlank() {
        var renderer = Renderer(mode: .color)
        #expect(renderer.render(sample) == "\(esc)0m\(esc)2J\(esc)1;1Hab\(esc)2;2H\(esc)0;1mcd\(esc)0m\(esc)?25l")
    }

    @Test func anIdenticalFrameWritesNothing() {
        var renderer = Renderer(mode: .color)
        _ = renderer.render(sample)
        #expect(renderer.render(sample) == "")
    }

    @Test func oneChangedCellWritesOnlyThatCell() {
        var renderer = Renderer(mode: .color)
        _ = renderer.render(sample)
        var changed = sample
        changed.draw("x", row: 1, column: 3)
        #expect(renderer.render(changed) == "\(esc)2;4Hx")
    }

    @Test func nearbyChangesAreOneRunDistantOnesTwo() {
        var renderer = Renderer(mode: .color)
        _ = renderer.render(canvas(rows: 1, columns: 12))
        let near = canvas(rows: 1, columns: 12) {
            $0.draw("X", row: 0, column: 0)
            $0.draw("Y", row: 0, column: 2)
        }
        #expect(renderer.render(near) == "\(esc)1;1HX Y")
        let far = canvas(rows: 1, columns: 12) {
            $0.draw("X", row: 0, column: 0)
            $0.draw("Y", row: 0, column: 2)
            $0.draw("Z", row: 0, column: 10)
        }
        #expect(renderer.render(far) == "\(esc)1;11HZ")
        #expect(renderer.render(canvas(rows: 1, columns: 12)) == "\(esc)1;1H   \(esc)1;11H ")
    }

    @Test func styleChangesAreWrittenOnceAndResetAtTheEnd() {
        var renderer = Renderer(mode: .color)
        let styled = canvas(rows: 1, columns: 6) {
            $0.draw("ab", row: 0, column: 0, style: Style(foreground: .red, bold: true))
            $0.draw("c", row: 0, column: 2, style: Style(background: .gray, inverse: true))
            $0.draw("d", row: 0, column: 3)
        }
        #expect(renderer.render(styled).hasSuffix("\(esc)1;1H\(esc)0;1;31mab\(esc)0;7;100mc\(esc)0md\(esc)?25l"))
    }

    @Test func monochromeKeepsAttributesButDropsColours() {
        var renderer = Renderer(mode: .monochrome)
        let styled = canvas(rows: 1, columns: 3) { $0.draw("ab", row: 0, column: 0, style: Style(foreground: .red, bold: true)) }
        #expect(renderer.render(styled) == "\(esc)0m\(esc)2J\(esc)1;1H\(esc)0;1mab\(esc)0m\(esc)?25l")
    }

    @Test func plainModeWritesNoStylingAtAll() {
        var renderer = Renderer(mode: .plain)
        let styled = canvas(rows: 1, columns: 3) { $0.draw("ab", row: 0, column: 0, style: Style(foreground: .red, inverse: true)) }
        #expect(renderer.render(styled) == "\(esc)0m\(esc)2J\(esc)1;1Hab\(esc)?25l")
        var restyled = styled
        restyled.applyStyle(.bold, to: restyled.bounds)
        #expect(renderer.render(restyled) == "\(esc)1;1Hab ")  // the cells changed, though they look the same
    }

    @Test func aNewSizeOrInvalidateRepaintsEverything() {
        var renderer = Renderer(mode: .color)
        _ = renderer.render(sample)
        let bigger = canvas(rows: 2, columns: 5) { $0.draw("ab", row: 0, column: 0) }
        #expect(renderer.render(bigger) == "\(esc)0m\(esc)2J\(esc)1;1Hab\(esc)?25l")
        renderer.invalidate()
        #expect(renderer.render(bigger) == "\(esc)0m\(esc)2J\(esc)1;1Hab\(esc)?25l")
    }

    @Test func wideCharactersAreWrittenWholeAndOnce() {
        var renderer = Renderer(mode: .color)
        _ = renderer.render(canvas(rows: 1, columns: 4) { $0.draw("李x", row: 0, column: 0) })
        #expect(renderer.render(canvas(rows: 1, columns: 4) { $0.draw("李y", row: 0, column: 0) }) == "\(esc)1;3Hy")
        #expect(renderer.render(canvas(rows: 1, columns: 4) { $0.draw("小y", row: 0, column: 0) }) == "\(esc)1;1H小")
        #expect(renderer.render(canvas(rows: 1, columns: 4) { $0.draw("a小", row: 0, column: 0) }) == "\(esc)1;1Ha小")
    }

    @Test func theCursorIsShownWhereTheCanvasWantsIt() {
        var renderer = Renderer(mode: .color)
        var frame = canvas(rows: 1, columns: 4) { $0.draw("ab", row: 0, column: 0) }
        frame.cursor = CursorPosition(row: 0, column: 2)
        #expect(renderer.render(frame) == "\(esc)0m\(esc)2J\(esc)1;1Hab\(esc)1;3H\(esc)?25h")
        #expect(renderer.render(frame) == "")

        frame.cursor = CursorPosition(row: 0, column: 1)
        #expect(renderer.render(frame) == "\(esc)1;2H\(esc)?25h")

        frame.draw("c", row: 0, column: 2)
        #expect(renderer.render(frame) == "\(esc)?25l\(esc)1;3Hc\(esc)1;2H\(esc)?25h")

        frame.cursor = nil
        #expect(renderer.render(frame) == "\(esc)?25l")
    }
}

@Suite("RenderMode")
struct RenderModeTests {
    @Test func colourOnATerminal() {
        #expect(RenderMode.detect(environment: [:], outputIsTerminal: true) == .color)
        #expect(RenderMode.detect(environment: ["NO_COLOR": ""], outputIsTerminal: true) == .color)
    }

    @Test func noColorKeepsAttributesOnly() {
        #expect(RenderMode.detect(environment: ["NO_COLOR": "1"], outputIsTerminal: true) == .monochrome)
    }

    @Test func plainWhenNotATerminal() {
        #expect(RenderMode.detect(environment: [:], outputIsTerminal: false) == .plain)
        #expect(RenderMode.detect(environment: ["NO_COLOR": "1"], outputIsTerminal: false) == .plain)
    }
}

@Suite("Renderer cursor")
struct RendererCursorTests {
    @Test func aCursorOutsideTheCanvasStaysHidden() {
        var renderer = Renderer(mode: .plain)
        var frame = Canvas(size: TerminalSize(rows: 1, columns: 3))
        frame.cursor = CursorPosition(row: 0, column: 3)
        #expect(renderer.render(frame) == "\u{1B}[0m\u{1B}[2J\u{1B}[?25l")
        #expect(renderer.render(frame) == "")
    }
}

/// Terminals disagree on the width of some clusters; whatever they drew, the screen must end up
/// as the canvas says (the stray 🏽 left after Backspace on 👍🏽).
@Suite("Renderer and clusters of uncertain width")
struct RendererUncertainWidthTests {
    private func field(_ text: String) -> Canvas {
        var canvas = Canvas(size: TerminalSize(rows: 1, columns: 12))
        TextField(label: "", text: text, labelWidth: 0).draw(in: &canvas, at: Rect(row: 0, column: 0, width: 12, height: 1))
        return canvas
    }

    @Test("typing then erasing a cluster leaves nothing behind on a terminal that draws each scalar",
          arguments: ["👍🏽", "👨‍👩‍👧", "🇳🇱", "❤️"])
    func typeThenErase(cluster: String) {
        var renderer = Renderer(mode: .plain)
        var terminal = NaiveTerminal(rows: 1, columns: 12)
        for frame in [field(""), field("a" + cluster), field("a"), field(cluster + "b"), field("b")] {
            terminal.apply(renderer.render(frame))
            // Past the cluster itself the screen matches the canvas exactly.
            let shown = terminal.lines[0], wanted = frame.lines[0]
            if !wanted.contains(cluster) {
                #expect(shown == wanted)
            } else {
                // The cluster may show cut short, but the field's end is where it belongs.
                #expect(shown.hasSuffix("]"))
                #expect(shown.hasPrefix(wanted.hasPrefix("[a") ? "[a" : "["))
            }
        }
        #expect(terminal.lines == ["[b         ]"])
    }

    /// tmux draws ❤️ in one column where the canvas gives it two: the second shows a blank, not
    /// what the screen had there before.
    @Test func aClusterDrawnNarrowerLeavesABlankBesideIt() {
        var renderer = Renderer(mode: .plain)
        var terminal = NaiveTerminal(rows: 1, columns: 12)
        terminal.apply(renderer.render(field("abcd")))
        terminal.apply(renderer.render(field("a❤️cd")))
        #expect(terminal.lines == ["[a❤️ cd     ]"])
    }
}
