import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's real terminal: keys from `inputFD`, frames to `outputFD`, resize from
/// SIGWINCH, suspend and resume from SIGTSTP and SIGCONT, and SIGINT/SIGTERM/SIGHUP as events
/// (through `SignalPipe` and a dispatch source,
/// so no work happens in a signal handler), and `EmergencyRestore` armed for crashes.
@MainActor
public final class LiveTerminalHost: TerminalHost {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notATerminal

        public var description: String { "standard input and output must be a terminal" }
    }

    nonisolated static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    public let renderMode: RenderMode
    /// Whether `stop` re-raises a terminating signal once the terminal is restored, so the
    /// process ends the way it would have without us (status 130 after Ctrl-C, for example).
    public var reraisesSignals: Bool
    private var session: TerminalSession<TTYDevice>
    private let queue = DispatchQueue(label: "TerminalUI.LiveTerminalHost")
    private var sources: [any DispatchSourceProtocol] = []

    public init(inputFD: Int32 = STDIN_FILENO, outputFD: Int32 = STDOUT_FILENO,
                environment: [String: String] = ProcessInfo.processInfo.environment, reraisesSignals: Bool = true) {
        self.session = TerminalSession(device: TTYDevice(inputFD: inputFD, outputFD: outputFD))
        self.renderMode = RenderMode.detect(environment: environment, outputIsTerminal: isatty(outputFD) == 1)
        self.reraisesSignals = reraisesSignals
    }

    private var device: TTYDevice { session.device }

    /// The window size, or 24x80 when the output is not a terminal.
    public func size() -> TerminalSize {
        TTYDevice.size(of: device.outputFD) ?? TerminalSize(rows: 24, columns: 80)
    }

    public func start(tickInterval: Duration?, deliver: @escaping @Sendable (TerminalEvent) -> Void) throws {
        guard isatty(device.inputFD) == 1, isatty(device.outputFD) == 1 else { throw Failure.notATerminal }
        let signalFD = try SignalPipe.install(Self.stopSignals + [SIGWINCH, SIGTSTP, SIGCONT])
        do {
            try session.enter()
        } catch {
            SignalPipe.uninstall()
            throw error
        }
        armEmergencyRestore()
        sources = [
            Self.makeInputSource(fd: device.inputFD, queue: queue, deliver),
            Self.makeSignalSource(fd: signalFD, outputFD: device.outputFD, queue: queue, deliver),
        ]
        if let tickInterval { sources.append(Self.makeTimer(every: tickInterval, queue: queue, deliver)) }
        sources.forEach { $0.resume() }
    }

    private func armEmergencyRestore() {
        if let saved = session.savedMode {
            EmergencyRestore.arm(modeFD: device.inputFD, outputFD: device.outputFD, mode: saved, leaveSequence: TerminalSession<TTYDevice>.leaveSequence)
        }
    }

    /// Restores the terminal, stops the process with SIGSTOP, and on SIGCONT takes the terminal
    /// over again. The shell sees a stopped job, as after Ctrl-Z in any program. SIGSTOP cannot
    /// be blocked or caught, and raised on this thread it stops the process before `raise`
    /// returns (sent with `kill` to the process, another thread may take it while this one
    /// goes on to take the terminal back).
    public func suspend() {
        guard session.isActive else { return }
        session.restore()
        EmergencyRestore.disarm()
        raise(SIGSTOP)
        try? session.enter()
        armEmergencyRestore()
    }

    public func resume() {
        session.reassert()
    }

    public func write(_ output: String) {
        device.write(output)
    }

    public func stop(reason: ExitReason) {
        sources.forEach { $0.cancel() }
        sources = []
        session.restore()
        EmergencyRestore.disarm()
        SignalPipe.uninstall()
        if case .signal(let signal) = reason, reraisesSignals {
            Self.reraise(signal)
        }
    }

    /// Raises `signal` again, now with the handler the process had before (usually the default
    /// action, which ends it with the status a shell expects). Unblocked first: the main thread
    /// runs with signals blocked under libdispatch on Linux, and a blocked signal would just wait.
    private static func reraise(_ signal: Int32) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, signal)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(signal)
    }

    // The sources are made outside the main actor: their handlers run on `queue`, and a closure
    // formed in a main-actor method would be main-actor isolated (and trap when called there).

    private nonisolated static func makeInputSource(fd: Int32, queue: DispatchQueue,
                                                    _ deliver: @escaping @Sendable (TerminalEvent) -> Void) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                deliver(.input(Array(buffer[..<count])))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                deliver(.inputClosed)
                source.cancel()  // also ends the handler's hold on the source
            }
        }
        return source
    }

    /// Signals arrive as bytes on the signal pipe: SIGWINCH becomes a resize, SIGTSTP a suspend,
    /// SIGCONT a resume, the others end the app.
    private nonisolated static func makeSignalSource(fd: Int32, outputFD: Int32, queue: DispatchQueue,
                                                     _ deliver: @escaping @Sendable (TerminalEvent) -> Void) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler {
            for signal in SignalPipe.readSignals(from: fd) {
                if signal == SIGWINCH {
                    if let size = TTYDevice.size(of: outputFD) { deliver(.resize(size)) }
                } else if signal == SIGTSTP {
                    deliver(.suspend)
                } else if signal == SIGCONT {
                    deliver(.resumed)
                } else {
                    deliver(.signal(signal))
                }
            }
        }
        return source
    }

    private nonisolated static func makeTimer(every interval: Duration, queue: DispatchQueue,
                                              _ deliver: @escaping @Sendable (TerminalEvent) -> Void) -> any DispatchSourceTimer {
        let (seconds, attoseconds) = interval.components
        let nanoseconds = max(1_000_000, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler { deliver(.tick) }
        return timer
    }
}
