#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts the terminal back when the process dies without running `TerminalSession.restore()`:
/// a crash (SIGSEGV, SIGILL from a Swift trap, SIGABRT, ...), SIGQUIT, or `exit()` called
/// from anywhere (atexit).
///
/// Everything the signal handler touches is prepared beforehand in plain memory, and it only
/// calls async-signal-safe functions (`tcsetattr`, `write`, `sigaction`, `raise`). After
/// restoring it reinstalls the previous handler and re-raises, so the process still ends with
/// the status (and crash report) it would have had; SIGQUIT ends it with the default action
/// (`reinstallPreviousHandler`).
enum EmergencyRestore {
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT, SIGSYS]

    private struct State {
        var armed: Int32 = 0
        var modeFD: Int32 = -1
        var outputFD: Int32 = -1
        var mode = termios()
        var leave: UnsafeMutablePointer<UInt8>?
        var leaveCount = 0
        var previousActions: UnsafeMutablePointer<sigaction>?
        var installed = false
    }

    /// Allocated once and never freed: a signal handler may read it at any time.
    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    /// Remembers how to restore the terminal (`mode` on `modeFD`, `leaveSequence` written to
    /// `outputFD`) and makes sure the handlers are installed.
    @MainActor static func arm(modeFD: Int32, outputFD: Int32, mode: termios, leaveSequence: String) {
        let state = state
        let bytes = Array(leaveSequence.utf8)
        let current = state.pointee.leave.map { Array(UnsafeBufferPointer(start: $0, count: state.pointee.leaveCount)) }
        if current != bytes {
            // The old bytes are left allocated: a handler running right now may still read them.
            state.pointee.armed = 0
            let leave = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
            leave.initialize(from: bytes, count: bytes.count)
            state.pointee.leave = leave
            state.pointee.leaveCount = bytes.count
        }
        state.pointee.modeFD = modeFD
        state.pointee.outputFD = outputFD
        state.pointee.mode = mode
        state.pointee.armed = 1
        installHandlers()
    }

    @MainActor static func disarm() {
        state.pointee.armed = 0
    }

    /// Restores the terminal if armed. Async-signal-safe.
    static func restoreNow() {
        let state = state
        guard state.pointee.armed != 0 else { return }
        state.pointee.armed = 0
        if let leave = state.pointee.leave {
            _ = write(state.pointee.outputFD, leave, state.pointee.leaveCount)
        }
        _ = tcsetattr(state.pointee.modeFD, TCSANOW, &state.pointee.mode)
    }

    private static func installHandlers() {
        let state = state
        guard !state.pointee.installed else { return }
        state.pointee.installed = true
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        previous.initialize(repeating: sigaction(), count: Int(NSIG))
        state.pointee.previousActions = previous
        for signal in fatalSignals {
            var action = signalAction(emergencySignalHandler)
            sigaction(signal, &action, previous + Int(signal))
        }
        atexit { EmergencyRestore.restoreNow() }
    }

    /// Puts back the handler that was there before ours, so re-raising reaches it. SIGQUIT gets
    /// the default action: someone asked the process to quit, and Swift's crash reporter, which
    /// catches it too, printed a backtrace and then kept a core busy without ever ending it.
    static func reinstallPreviousHandler(for signal: Int32) {
        if signal == SIGQUIT {
            var action = signalAction(SIG_DFL)
            sigaction(signal, &action, nil)
            return
        }
        guard let previous = state.pointee.previousActions else { return }
        sigaction(signal, previous + Int(signal), nil)
    }
}

private func emergencySignalHandler(_ signal: Int32) {
    EmergencyRestore.restoreNow()
    EmergencyRestore.reinstallPreviousHandler(for: signal)
    raise(signal)
}
