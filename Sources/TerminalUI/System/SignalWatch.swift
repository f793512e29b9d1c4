import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hears `signals` (SIGINT and SIGTERM by default) instead of letting them end the process, for a
/// command line that has something to say before it stops, such as what it finished. Built on
/// `SignalPipe`, like the terminal apps, so no work happens in a signal handler.
///
/// Unchecked: its properties are set once, and a dispatch source may be cancelled from any thread.
public final class SignalWatch: @unchecked Sendable {
    /// Each signal as it arrives; ends when the watch stops.
    public let signals: AsyncStream<Int32>
    private let source: any DispatchSourceRead
    private let continuation: AsyncStream<Int32>.Continuation

    /// Takes the signals over until `stop`.
    @MainActor public init(_ watched: [Int32] = [SIGINT, SIGTERM]) throws {
        let fd = try SignalPipe.install(watched)
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.signals = signals
        self.continuation = continuation
        source = Self.makeSource(fd: fd, continuation)
        source.resume()
    }

    /// The next signal, or nil once the watch stopped or the waiting task was cancelled.
    public func next() async -> Int32? {
        var iterator = signals.makeAsyncIterator()
        return await iterator.next()
    }

    /// Puts back the handlers that were there before.
    @MainActor public func stop() {
        source.cancel()
        SignalPipe.uninstall()
        continuation.finish()
    }

    // Made outside the main actor: the handler runs on a dispatch queue.
    private nonisolated static func makeSource(fd: Int32, _ continuation: AsyncStream<Int32>.Continuation) -> any DispatchSourceRead {
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "TerminalUI.SignalWatch"))
        source.setEventHandler {
            for signal in SignalPipe.readSignals(from: fd) { continuation.yield(signal) }
        }
        return source
    }
}
