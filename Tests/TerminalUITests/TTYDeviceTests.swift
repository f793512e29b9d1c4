import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TerminalUI

@Suite("TTYDevice on a pseudo-terminal")
struct TTYDeviceTests {
    @Test func rawModeTurnsOffEchoLinesAndSignalsAndRestoreBringsBackTheExactMode() throws {
        let terminal = try PseudoTerminal()
        let original = try terminal.mode()
        var session = TerminalSession(device: TTYDevice(inputFD: terminal.replica, outputFD: terminal.replica))
        try session.enter()

        let raw = try terminal.mode()
        #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
        #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
        #expect(raw.c_lflag & tcflag_t(ISIG) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL) == 0)

        session.restore()
        session.restore()
        #expect(sameMode(try terminal.mode(), original))
        let screen = terminal.readScreen()
        #expect(screen == TerminalSession<TTYDevice>.enterSequence + TerminalSession<TTYDevice>.leaveSequence)
    }

    @Test func sizeComesFromTheWindowSize() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(TerminalSize(rows: 30, columns: 100))
        #expect(TTYDevice.size(of: terminal.replica) == TerminalSize(rows: 30, columns: 100))
        #expect(TTYDevice.size(of: -1) == nil)
    }
}
