import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TerminalUI

@MainActor
@Suite("TerminalApp", .timeLimit(.minutes(3)))
struct TerminalAppTests {
    private let esc = "\u{1B}["

    @Test func keysReachTheViewAndEachBatchIsFollowedByARedraw() async throws {
        let host = ScriptedHost(script: [.typed("ab"), .typed("\u{1B}[B"), .typed("q")])
        let view = RecordingView()
        let reason = try await TerminalApp(host: host).run(view)

        #expect(reason == .quit)
        #expect(view.keys == [.character("a"), .character("b"), .down, .character("q")])
        #expect(host.frames == [
            "\(esc)0m\(esc)2J\(esc)1;1Hready k0 t0\(esc)?25l",
            "\(esc)1;8H2",
            "\(esc)1;8H3",
        ])
        #expect(host.log == ["start, tick none", "stop, quit"])
    }

    @Test func ctrlCEndsTheAppAsAnInterruptWithoutReachingTheView() async throws {
        let host = ScriptedHost(script: [.typed("x\u{03}y")])
        let view = RecordingView()
        let reason = try await TerminalApp(host: host).run(view)

        #expect(reason == .signal(SIGINT))
        #expect(view.keys == [.character("x")])
        #expect(host.log == ["start, tick none", "stop, signal(\(SIGINT))"])
    }

    @Test func aTerminatingSignalEndsTheApp() async throws {
        let host = ScriptedHost(script: [.signal(SIGTERM), .typed("a")])
        let view = RecordingView()
        #expect(try await TerminalApp(host: host).run(view) == .signal(SIGTERM))
        #expect(view.keys.isEmpty)
        #expect(host.log.last == "stop, signal(\(SIGTERM))")
    }

    @Test func aResizeRepaintsEverythingAtTheNewSize() async throws {
        let newSize = TerminalSize(rows: 3, columns: 15)
        let host = ScriptedHost(script: [.resize(newSize), .inputClosed])
        let view = RecordingView()
        let app = TerminalApp(host: host)
        #expect(try await app.run(view) == .inputClosed)

        #expect(view.sizes == [TerminalSize(rows: 2, columns: 20), newSize])
        #expect(app.size == newSize)
        #expect(host.frames.count == 2)
        #expect(host.frames[1] == "\(esc)0m\(esc)2J\(esc)1;1Hready k0 t0\(esc)?25l")
    }

    @Test func ticksReachTheViewButAnIdleViewIsNotDrawnAgain() async throws {
        let host = ScriptedHost(script: [.tick, .tick, .tick, .typed("q")])
        let view = RecordingView()
        try await TerminalApp(host: host).run(view, tick: .milliseconds(100))

        #expect(view.ticks == 3)
        #expect(view.sizes.count == 1, "only the first frame is rendered")
        #expect(host.frames.count == 1)
        #expect(host.log.first == "start, tick 0.1 seconds")
    }

    @Test func aViewThatChangesOnATickAsksAndIsDrawnRightAfterIt() async throws {
        let host = ScriptedHost(script: [.tick, .tick, .tick, .typed("q")])
        let view = RecordingView()
        let app = TerminalApp(host: host)
        view.onTick = { if view.ticks == 2 { app.setNeedsRedraw() } }
        try await app.run(view, tick: .milliseconds(100))

        #expect(view.sizes.count == 2)
        #expect(host.frames.dropFirst() == ["\(esc)1;11H2"])
    }

    @Test func setNeedsRedrawDrawsOnceForManyRequests() async throws {
        let host = ScriptedHost()
        let view = RecordingView()
        let app = TerminalApp(host: host)
        host.onFrame = { frame in
            switch frame {
            case 1:
                view.status = "saved"
                app.setNeedsRedraw()
                app.setNeedsRedraw()
                app.setNeedsRedraw()
            default:
                host.send(.typed("q"))
            }
        }
        try await app.run(view)

        #expect(view.sizes.count == 2)
        #expect(host.frames.dropFirst() == ["\(esc)1;1Hsaved"])
    }

    @Test func aRedrawThatChangesNothingWritesNothing() async throws {
        let host = ScriptedHost(script: [.typed("\u{01}")])
        let view = RecordingView()
        view.onKey = { _ in .ignored }
        let app = TerminalApp(host: host)
        host.onFrame = { _ in
            app.setNeedsRedraw()
            host.send(.inputClosed)
        }
        try await app.run(view)
        #expect(view.keys == [.ctrl("a")])
        #expect(host.frames == ["\(esc)0m\(esc)2J\(esc)1;1Hready k0 t0\(esc)?25l", "\(esc)1;8H1"])
        #expect(view.sizes.count == 3)  // drawn after the key and again on request; only the first wrote
    }

    @Test func setNeedsRedrawWhileNotRunningIsHarmless() {
        let app = TerminalApp(host: ScriptedHost())
        app.setNeedsRedraw()
        #expect(!app.isRunning)
    }

    @Test func aLoneEscapeBeforeTheEndOfInputStillArrives() async throws {
        let host = ScriptedHost(script: [.input([0x1B, UInt8(ascii: "[")]), .inputClosed])
        let view = RecordingView()
        #expect(try await TerminalApp(host: host).run(view) == .inputClosed)
        #expect(view.keys == [.escape])
    }

    @Test func cancellingTheTaskEndsTheAppAndStillRestores() async throws {
        let host = ScriptedHost()
        let view = RecordingView()
        let app = TerminalApp(host: host)
        let running = Task { try await app.run(view) }
        running.cancel()
        #expect(try await running.value == .cancelled)
        #expect(host.log.last == "stop, cancelled")
        #expect(!app.isRunning)
    }
}
