#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns signals into bytes on a pipe (the self-pipe trick), so the run loop can read them with
/// a dispatch read source and handle them on the main actor. The handler does nothing but
/// `write` one byte: the signal number.
///
/// Why not `DispatchSource.makeSignalSource`: on Linux, libdispatch installs its own handler
/// asynchronously and only the first time a process watches a signal, so a signal right after
/// start is lost, and once the default action is put back after a run, later runs never hear
/// the signal again (the tests that run the app twice caught both). Here the handlers are in
/// place before `install` returns, and `uninstall` puts back exactly what was there before.
enum SignalPipe {
    private struct State {
        var readFD: Int32 = -1
        var writeFD: Int32 = -1
        var previousActions: UnsafeMutablePointer<sigaction>?
        var installed: [Int32] = []
    }

    nonisolated(unsafe) private static var state = State()
    /// Read by the signal handler, so kept apart from `state` (whose array it must not touch).
    nonisolated(unsafe) fileprivate static var writeFD: Int32 = -1

    /// Starts turning `signals` into bytes; returns the descriptor to read them from.
    /// Called on the main actor only.
    @MainActor static func install(_ signals: [Int32]) throws -> Int32 {
        if state.readFD < 0 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw SystemError("pipe") }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            state.readFD = ends[0]
            state.writeFD = ends[1]
            state.previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
            state.previousActions?.initialize(repeating: sigaction(), count: Int(NSIG))
        }
        drain()
        writeFD = state.writeFD
        for signal in signals where !state.installed.contains(signal) {
            var action = signalAction(signalPipeHandler, flags: Int32(SA_RESTART))
            guard sigaction(signal, &action, state.previousActions! + Int(signal)) == 0 else {
                uninstall()
                throw SystemError("sigaction")
            }
            state.installed.append(signal)
        }
        return state.readFD
    }

    /// Puts back the handlers that were there before `install`.
    @MainActor static func uninstall() {
        for signal in state.installed {
            sigaction(signal, state.previousActions! + Int(signal), nil)
        }
        state.installed = []
    }

    /// The signals read from `fd` so far (the pipe is non-blocking).
    static func readSignals(from fd: Int32) -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count > 0 ? buffer[..<count].map { Int32($0) } : []
    }

    private static func drain() {
        while !readSignals(from: state.readFD).isEmpty {}
    }
}

private func signalPipeHandler(_ signal: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(SignalPipe.writeFD, &byte, 1)
    errno = savedErrno
}
