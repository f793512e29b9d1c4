#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TerminalUI

extension ProcessWideStateTests {
    /// The crash path itself cannot run in the test process, so this checks what the signal
    /// handler does, on a real pseudo-terminal: restore once, and nothing when not armed.
    @MainActor
    @Suite("EmergencyRestore")
    struct EmergencyRestoreTests {
        @Test func restoresTheSavedModeAndScreenOnceWhenArmed() throws {
            let terminal = try PseudoTerminal()
            let original = try terminal.mode()
            var session = TerminalSession(device: TTYDevice(inputFD: terminal.replica, outputFD: terminal.replica))
            try session.enter()
            _ = terminal.readScreen()
            EmergencyRestore.arm(modeFD: terminal.replica, outputFD: terminal.replica, mode: original, leaveSequence: "LEAVE")

            EmergencyRestore.restoreNow()
            EmergencyRestore.restoreNow()

            #expect(sameMode(try terminal.mode(), original))
            #expect(terminal.readScreen() == "LEAVE")
        }

        #if canImport(Glibc)
        /// Re-raised after the terminal is restored, SIGQUIT takes the default action (the process
        /// ends, status 131): the crash reporter the runtime had installed for it printed a
        /// backtrace, then kept a core busy and never ended the process.
        @Test func sigquitEndsTheProcessWhenRaisedAgain() {
            var before = sigaction()
            sigaction(SIGQUIT, nil, &before)
            defer { sigaction(SIGQUIT, &before, nil) }
            var trap = signalAction { _ in }
            sigaction(SIGQUIT, &trap, nil)

            EmergencyRestore.reinstallPreviousHandler(for: SIGQUIT)

            var after = sigaction()
            sigaction(SIGQUIT, nil, &after)
            #expect(after.__sigaction_handler.sa_handler == nil, "SIG_DFL")
        }
        #endif

        @Test func doesNothingOnceDisarmed() throws {
            let terminal = try PseudoTerminal()
            let original = try terminal.mode()
            var session = TerminalSession(device: TTYDevice(inputFD: terminal.replica, outputFD: terminal.replica))
            try session.enter()
            EmergencyRestore.arm(modeFD: terminal.replica, outputFD: terminal.replica, mode: original, leaveSequence: "LEAVE")
            EmergencyRestore.disarm()
            let raw = try terminal.mode()

            EmergencyRestore.restoreNow()

            #expect(sameMode(try terminal.mode(), raw))
            #expect(!sameMode(raw, original))
            session.restore()
            #expect(sameMode(try terminal.mode(), original))
        }
    }
}
