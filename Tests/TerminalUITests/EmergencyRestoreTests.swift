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
