#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a `TerminalView` full screen until it quits.
///
/// ```swift
/// let app = TerminalApp()
/// let screen = FriendsListScreen(viewModel: viewModel, redraw: { [weak app] in app?.setNeedsRedraw() })
/// try await app.run(screen, tick: .milliseconds(100))
/// ```
///
/// While running, the terminal is in raw mode on the alternate screen with the cursor hidden.
/// The screen is redrawn after each batch of keys, on resize (a full repaint), on each tick,
/// and after `setNeedsRedraw()`; only what changed is written (see `Renderer`). Ctrl-C ends
/// the app like SIGINT. The terminal is restored on every way out: `.quit`, end of input,
/// SIGINT/SIGTERM/SIGHUP (after which the live host re-raises the signal so the process ends
/// with the usual status), cancellation, and crashes or `exit()` (see `EmergencyRestore`).
@MainActor
public final class TerminalApp {
    public enum Failure: Error, Equatable {
        case alreadyRunning
    }

    private let host: any TerminalHost
    /// The key that ends the app as SIGINT would (the terminal sends no signal in raw mode).
    public var interruptKey: Key? = .ctrl("c")
    /// The size of the last frame.
    public private(set) var size = TerminalSize(rows: 0, columns: 0)
    private var events: AsyncStream<TerminalEvent>.Continuation?
    private var redrawRequested = false

    public init(host: any TerminalHost) {
        self.host = host
    }

    /// An app in the process's own terminal (standard input and output).
    public convenience init() {
        self.init(host: LiveTerminalHost())
    }

    public var isRunning: Bool { events != nil }

    /// Asks for a redraw soon; many requests before it happens make one redraw.
    public func setNeedsRedraw() {
        guard let events, !redrawRequested else { return }
        redrawRequested = true
        events.yield(.redraw)
    }

    /// Shows `root` until it returns `.quit`, the input ends or the app is interrupted, then
    /// restores the terminal. With `tick`, `root.tick()` is called (and the screen redrawn)
    /// at that interval. Throws only when the terminal cannot be taken over.
    @discardableResult
    public func run(_ root: any TerminalView, tick: Duration? = nil) async throws -> ExitReason {
        guard events == nil else { throw Failure.alreadyRunning }
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        events = continuation
        defer {
            events = nil
            continuation.finish()
        }
        try host.start(tickInterval: tick) { continuation.yield($0) }

        var reason = ExitReason.cancelled
        defer { host.stop(reason: reason) }
        var renderer = Renderer(mode: host.renderMode)
        var decoder = KeyDecoder()
        size = host.size()
        draw(root, with: &renderer)

        loop: for await event in stream {
            switch event {
            case .input(let bytes):
                for key in decoder.feed(bytes) {
                    if key == interruptKey {
                        reason = .signal(SIGINT)
                        break loop
                    }
                    if root.handle(key) == .quit {
                        reason = .quit
                        break loop
                    }
                }
                draw(root, with: &renderer)
            case .resize(let newSize):
                size = newSize
                renderer.invalidate()
                draw(root, with: &renderer)
            case .tick:
                root.tick()
                draw(root, with: &renderer)
            case .redraw:
                if redrawRequested { draw(root, with: &renderer) }
            case .signal(let signal):
                reason = .signal(signal)
                break loop
            case .inputClosed:
                for key in decoder.flush() where root.handle(key) == .quit {
                    reason = .quit
                    break loop
                }
                reason = .inputClosed
                break loop
            }
        }
        return reason
    }

    private func draw(_ root: any TerminalView, with renderer: inout Renderer) {
        redrawRequested = false
        let output = renderer.render(root.render(size: size))
        if !output.isEmpty { host.write(output) }
    }
}
