import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TerminalUI

/// Tests that touch process-wide state (signal handlers, the emergency restore) run one at a time.
@Suite(.serialized)
struct ProcessWideStateTests {}

extension ProcessWideStateTests {
    /// The real host over a pseudo-terminal: real raw mode, real reads, real signals.
    @MainActor
    @Suite("LiveTerminalHost on a pseudo-terminal", .timeLimit(.minutes(3)))
    struct LiveTerminalHostTests {
        @Test func typedKeysReachTheViewAndTheTerminalIsRestoredExactly() async throws {
            let terminal = try PseudoTerminal()
            terminal.setSize(TerminalSize(rows: 5, columns: 30))
            let original = try terminal.mode()
            let host = LiveTerminalHost(inputFD: terminal.replica, outputFD: terminal.replica, environment: [:], reraisesSignals: false)
            let view = RecordingView()
            var typed = false
            view.onKey = { key in key == .character("q") ? .quit : .handled }
            let app = TerminalApp(host: host)
            view.afterRender = { if !typed { typed = true; terminal.type("é\u{1B}[Aq") } }

            let reason = try await app.run(view)

            #expect(reason == .quit)
            #expect(view.keys == [.character("é"), .up, .character("q")])
            #expect(view.sizes.first == TerminalSize(rows: 5, columns: 30))
            #expect(sameMode(try terminal.mode(), original))
            let screen = terminal.readScreen()
            #expect(screen.hasPrefix(TerminalSession<TTYDevice>.enterSequence))
            #expect(screen.contains("ready k0 t0"))
            #expect(screen.hasSuffix(TerminalSession<TTYDevice>.leaveSequence))
            #expect(host.renderMode == .color)
        }

        /// SIGHUP takes the same path as SIGTERM and SIGINT. It is the one sent here because other
        /// suites in this process (HummingbirdTesting's) ignore SIGTERM and SIGINT while they run;
        /// the end-to-end tests send SIGTERM to the real binaries.
        @Test func aTerminatingSignalEndsTheAppAndTheTerminalIsRestored() async throws {
            let terminal = try PseudoTerminal()
            let original = try terminal.mode()
            let host = LiveTerminalHost(inputFD: terminal.replica, outputFD: terminal.replica, environment: [:], reraisesSignals: false)
            let view = RecordingView()
            var sent = false
            view.afterRender = { if !sent { sent = true; kill(getpid(), SIGHUP) } }

            let reason = try await TerminalApp(host: host).run(view)

            #expect(reason == .signal(SIGHUP))
            #expect(sameMode(try terminal.mode(), original))
            #expect(terminal.readScreen().hasSuffix(TerminalSession<TTYDevice>.leaveSequence))
        }

        @Test func aWindowChangeRedrawsAtTheNewSize() async throws {
            let terminal = try PseudoTerminal()
            terminal.setSize(TerminalSize(rows: 5, columns: 30))
            let host = LiveTerminalHost(inputFD: terminal.replica, outputFD: terminal.replica, environment: [:], reraisesSignals: false)
            let view = RecordingView()
            view.afterRender = {
                switch view.sizes.count {
                case 1:
                    terminal.setSize(TerminalSize(rows: 7, columns: 40))
                    kill(getpid(), SIGWINCH)
                default:
                    terminal.type("q")
                }
            }

            #expect(try await TerminalApp(host: host).run(view) == .quit)
            #expect(view.sizes == [TerminalSize(rows: 5, columns: 30), TerminalSize(rows: 7, columns: 40)])
        }

        @Test func startRefusesWhatIsNotATerminalAndChangesNothing() async throws {
            var pipeEnds: [Int32] = [0, 0]
            #expect(pipe(&pipeEnds) == 0)
            defer { pipeEnds.forEach { close($0) } }
            let host = LiveTerminalHost(inputFD: pipeEnds[0], outputFD: pipeEnds[1], environment: [:], reraisesSignals: false)
            await #expect(throws: LiveTerminalHost.Failure.notATerminal) {
                try await TerminalApp(host: host).run(RecordingView())
            }
            #expect(host.renderMode == .plain)
        }
    }
}
