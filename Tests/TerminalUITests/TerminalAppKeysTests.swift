import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TerminalUI

/// What `TerminalApp` does for every view: Ctrl-L, Ctrl-Z and SIGTSTP/SIGCONT, `?`, clicks,
/// too-small terminals, and the last word before the terminal is given back.
@MainActor
@Suite("TerminalApp: keys every app has", .timeLimit(.minutes(3)))
struct TerminalAppKeysTests {
    private let esc = "\u{1B}["
    private var fullFrame: String { "\(esc)0m\(esc)2J\(esc)1;1Hready k0 t0\(esc)?25l" }

    @Test("Ctrl-L repaints the whole screen without reaching the view")
    func ctrlLRedraws() async throws {
        let host = ScriptedHost(script: [.typed("\u{0C}"), .inputClosed])
        let view = RecordingView()
        try await TerminalApp(host: host).run(view)
        #expect(view.keys.isEmpty)
        #expect(host.frames == [fullFrame, fullFrame])
    }

    @Test("Ctrl-Z suspends through the host, then repaints everything at the size found on return")
    func ctrlZSuspendsAndRepaints() async throws {
        let host = ScriptedHost(script: [.typed("\u{1A}"), .inputClosed])
        host.onSuspend = { host.currentSize = TerminalSize(rows: 3, columns: 15) }
        let view = RecordingView()
        try await TerminalApp(host: host).run(view)
        #expect(view.keys.isEmpty)
        #expect(host.log == ["start, tick none", "suspend", "stop, inputClosed"])
        #expect(host.frames == [fullFrame, fullFrame])
        #expect(view.sizes.last == TerminalSize(rows: 3, columns: 15))
    }

    @Test("SIGTSTP suspends like Ctrl-Z; SIGCONT takes the terminal over again and repaints everything")
    func suspendAndResumeSignals() async throws {
        let host = ScriptedHost(script: [.suspend, .resumed, .inputClosed])
        let view = RecordingView()
        try await TerminalApp(host: host).run(view)
        #expect(host.log == ["start, tick none", "suspend", "resume", "stop, inputClosed"])
        #expect(host.frames == [fullFrame, fullFrame, fullFrame])
    }

    @Test("? shows the view's key map over it; the next key only closes it")
    func questionMarkShowsHelp() async throws {
        let keys = KeyMap(title: "Test", ("x", "Explode"))
        let view = KeyMapView(keyMap: keys)
        let host = ScriptedHost(size: TerminalSize(rows: 12, columns: 30), script: [.typed("?")])
        var screens: [String] = []
        let app = TerminalApp(host: host)
        host.onFrame = { frame in
            screens.append(app.help == nil ? "view" : "help")
            if frame == 2 {
                #expect(host.frames[1].contains("Explode"))
                host.send(.typed("x"))
            }
            if frame == 3 {
                host.send(.typed("y"))
                host.send(.inputClosed)
            }
        }
        try await app.run(view)
        #expect(screens == ["view", "help", "view"])
        #expect(view.keys == [.character("y")])
    }

    @Test("a help taller than the screen scrolls with ↓ and PgDn; another key closes it and does nothing else")
    func helpScrollsOnASmallScreen() async throws {
        let keys = KeyMap(title: "Test", ("a", "Alpha"), ("b", "Bravo"), ("c", "Charlie"), ("d", "Delta"), ("e", "Echo"))
        let view = KeyMapView(keyMap: keys)
        let host = ScriptedHost(size: TerminalSize(rows: 8, columns: 30), script: [.typed("?")])
        let app = TerminalApp(host: host)
        host.onFrame = { frame in
            switch frame {
            case 2:
                #expect(host.frames[1].contains("Alpha") && !host.frames[1].contains("Charlie"))
                host.send(.typed("\u{1B}[B"))  // ↓
            case 3:
                #expect(app.help != nil)
                #expect(host.frames[2].contains("Charlie") && !host.frames[2].contains("Alpha"))
                host.send(.typed("\u{1B}[6~"))  // Page Down
            case 4:
                #expect(host.frames[3].contains("Delta") || host.frames[3].contains("Echo"))
                host.send(.typed("x"))
            case 5:
                host.send(.typed("y"))
                host.send(.inputClosed)
            default:
                break
            }
        }
        try await app.run(view)
        #expect(app.help == nil)
        #expect(view.keys == [.character("y")])
    }

    @Test("without a key map, ? is a character like any other")
    func questionMarkWithoutKeyMap() async throws {
        let host = ScriptedHost(script: [.typed("?"), .inputClosed])
        let view = RecordingView()
        try await TerminalApp(host: host).run(view)
        #expect(view.keys == [.character("?")])
    }

    @Test("a click reaches the view with the target drawn under it")
    func clickCarriesItsTarget() async throws {
        let host = ScriptedHost(size: TerminalSize(rows: 3, columns: 20),
                                script: [.typed("\u{1B}[<0;3;2M\u{1B}[<0;3;3M\u{1B}[<65;1;1M"), .inputClosed])
        let view = KeyMapView(keyMap: nil)
        try await TerminalApp(host: host).run(view)
        #expect(view.keys == [
            .mouse(MouseEvent(action: .press, row: 1, column: 2, target: .button("OK"))),
            .mouse(MouseEvent(action: .press, row: 2, column: 2, target: nil)),
            .mouse(MouseEvent(action: .wheelDown, row: 0, column: 0, target: nil)),
        ])
    }

    @Test("below the view's minimum size the screen says so instead of drawing the view, and how to leave")
    func tooSmall() {
        let view = KeyMapView(keyMap: nil)
        view.minimum = TerminalSize(rows: 10, columns: 40)
        #expect(view.frame(size: TerminalSize(rows: 5, columns: 20)).lines == [
            "",
            " Terminal too small",
            "   (needs 40×10)",
            "    Ctrl-C quits",
            "",
        ])
        #expect(view.frame(size: TerminalSize(rows: 10, columns: 40)).lines[1] == "  [ OK ]")
    }

    @Test("below the view's minimum size keys reach nothing unseen; Ctrl-C still ends the app")
    func keysBehindTheTooSmallNoticeDoNothing() async throws {
        let host = ScriptedHost(size: TerminalSize(rows: 5, columns: 20), script: [.typed("d?x"), .typed("\u{03}")])
        let view = KeyMapView(keyMap: KeyMap(title: "Test", ("d", "Delete")))
        view.minimum = TerminalSize(rows: 10, columns: 40)
        let app = TerminalApp(host: host)
        try await app.run(view)
        #expect(view.keys.isEmpty)
        #expect(app.help == nil)
        #expect(host.frames.allSatisfy { $0.contains("Terminal too small") })
    }

    @Test("the view hears that the app ends on every way out", arguments: [
        [TerminalEvent.typed("q")], [.typed("\u{03}")], [.signal(SIGTERM)], [.signal(SIGHUP)], [.inputClosed],
    ])
    func appWillExitOnEveryWayOut(script: [TerminalEvent]) async throws {
        let host = ScriptedHost(script: script)
        let view = KeyMapView(keyMap: nil)
        try await TerminalApp(host: host).run(view)
        #expect(view.exits == 1)
    }
}

/// A view with a button on its second row and the key map it is given.
@MainActor
private final class KeyMapView: TerminalView {
    let keyMap: KeyMap?
    var minimum = TerminalSize(rows: 1, columns: 1)
    private(set) var keys: [Key] = []
    private(set) var exits = 0

    init(keyMap: KeyMap?) {
        self.keyMap = keyMap
    }

    var minimumSize: TerminalSize { minimum }

    func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        Button(title: "OK").draw(in: &canvas, at: Rect(row: 1, column: 2, width: 6, height: 1))
        return canvas
    }

    func handle(_ key: Key) -> KeyResult {
        keys.append(key)
        return key == .character("q") ? .quit : .handled
    }

    func appWillExit() {
        exits += 1
    }
}
