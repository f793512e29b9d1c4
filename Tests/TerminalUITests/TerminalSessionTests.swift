import Testing
@testable import TerminalUI

/// A terminal device that only records: its mode is a string.
private final class RecordingDevice: TerminalDevice {
    struct Failure: Error {}

    var mode = "cooked"
    var log: [String] = []
    var failsToRead = false
    var failsToSet = false

    func currentMode() throws -> String {
        if failsToRead { throw Failure() }
        return mode
    }

    func setMode(_ mode: String) throws {
        if failsToSet { throw Failure() }
        log.append("set \(mode)")
        self.mode = mode
    }

    func rawMode(from mode: String) -> String { "raw(\(mode))" }

    func write(_ text: String) {
        switch text {
        case TerminalSession<RecordingDevice>.enterSequence: log.append("enter screen")
        case TerminalSession<RecordingDevice>.leaveSequence: log.append("leave screen")
        default: log.append(text)
        }
    }
}

@Suite("TerminalSession")
struct TerminalSessionTests {
    @Test func enterSavesTheModeSwitchesToRawAndTakesTheScreen() throws {
        var session = TerminalSession(device: RecordingDevice())
        try session.enter()
        #expect(session.device.mode == "raw(cooked)")
        #expect(session.device.log == ["set raw(cooked)", "enter screen"])
        #expect(session.isActive)
    }

    @Test func restorePutsEverythingBackOnceNoMatterHowOftenItIsCalled() throws {
        var session = TerminalSession(device: RecordingDevice())
        try session.enter()
        session.restore()
        session.restore()
        #expect(session.device.mode == "cooked")
        #expect(session.device.log == ["set raw(cooked)", "enter screen", "leave screen", "set cooked"])
        #expect(!session.isActive)
    }

    @Test("reassert sets raw mode again after someone else changed it, from the mode saved on enter")
    func reassertAfterAShellChangedTheMode() throws {
        var session = TerminalSession(device: RecordingDevice())
        session.reassert()
        #expect(session.device.log.isEmpty)
        try session.enter()
        session.device.mode = "cooked by the shell"
        session.reassert()
        #expect(session.device.mode == "raw(cooked)")
        #expect(session.device.log == ["set raw(cooked)", "enter screen", "set raw(cooked)"])
        session.restore()
        #expect(session.device.mode == "cooked")
    }

    @Test("the screen sequences turn mouse reporting and bracketed paste on, and off again on restore")
    func mouseAndPasteModes() {
        typealias Session = TerminalSession<RecordingDevice>
        for mode in ["\u{1B}[?1000h", "\u{1B}[?1006h", "\u{1B}[?2004h"] { #expect(Session.enterSequence.contains(mode)) }
        for mode in ["\u{1B}[?1000l", "\u{1B}[?1006l", "\u{1B}[?2004l"] { #expect(Session.leaveSequence.contains(mode)) }
    }

    @Test func restoreWithoutEnterChangesNothing() {
        var session = TerminalSession(device: RecordingDevice())
        session.restore()
        #expect(session.device.mode == "cooked")
        #expect(session.device.log.isEmpty)
    }

    @Test func enteringTwiceSavesTheOriginalModeOnlyOnce() throws {
        var session = TerminalSession(device: RecordingDevice())
        try session.enter()
        try session.enter()
        session.restore()
        #expect(session.device.mode == "cooked")
        #expect(session.device.log == ["set raw(cooked)", "enter screen", "leave screen", "set cooked"])
    }

    @Test func aSessionCanBeEnteredAgainAfterRestore() throws {
        var session = TerminalSession(device: RecordingDevice())
        try session.enter()
        session.restore()
        try session.enter()
        session.restore()
        #expect(session.device.mode == "cooked")
        #expect(session.device.log.count == 8)
    }

    @Test func whenTheModeCannotBeReadNothingChanges() {
        let device = RecordingDevice()
        device.failsToRead = true
        var session = TerminalSession(device: device)
        #expect(throws: RecordingDevice.Failure.self) { try session.enter() }
        session.restore()
        #expect(device.mode == "cooked")
        #expect(device.log.isEmpty)
    }

    @Test func whenTheModeCannotBeSetNothingIsWritten() {
        let device = RecordingDevice()
        device.failsToSet = true
        var session = TerminalSession(device: device)
        #expect(throws: RecordingDevice.Failure.self) { try session.enter() }
        session.restore()
        #expect(device.mode == "cooked")
        #expect(device.log.isEmpty)
        #expect(!session.isActive)
    }

    @Test func theSequencesTakeAndGiveBackTheScreenAndCursor() {
        typealias Session = TerminalSession<RecordingDevice>
        #expect(Session.enterSequence.contains("\u{1B}[?1049h"))
        #expect(Session.enterSequence.contains("\u{1B}[?25l"))
        #expect(Session.leaveSequence.contains("\u{1B}[?25h"))
        #expect(Session.leaveSequence.hasSuffix("\u{1B}[?1049l"))
    }
}
