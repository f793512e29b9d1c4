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
/// While running, the terminal is in raw mode on the alternate screen with the cursor hidden,
/// mouse reporting and bracketed paste on. The screen is redrawn after each batch of keys, on
/// resize (a full repaint), and after `setNeedsRedraw()`; only what changed is written (see
/// `Renderer`). A tick alone draws nothing: a view that changed on it (a spinner's next frame)
/// calls `setNeedsRedraw()`, so an idle app does not draw at all. Keys the app handles for
/// every view:
/// - Ctrl-C ends the app like SIGINT;
/// - Ctrl-Z (and SIGTSTP) suspends it: the terminal is given back, the process stops, and on
///   `fg` (SIGCONT) raw mode comes back and everything is redrawn;
/// - Ctrl-L redraws the whole screen;
/// - `?` shows the help overlay for the view's `keyMap` (when it has one); any key closes it, but
///   the keys that scroll while it does not fit the screen.
/// A click reaches the view with the `MouseTarget` drawn under it. Below the view's
/// `minimumSize` the screen says so instead of drawing. The terminal is restored on every way
/// out: `.quit`, end of input, SIGINT/SIGTERM/SIGHUP (after which the live host re-raises the
/// signal so the process ends with the usual status), cancellation, and crashes or `exit()`
/// (see `EmergencyRestore`); the view's `appWillExit()` runs first on each of them but a crash.
@MainActor
public final class TerminalApp {
    public enum Failure: Error, Equatable {
        case alreadyRunning
    }

    private let host: any TerminalHost
    /// The key that ends the app as SIGINT would (the terminal sends no signal in raw mode).
    public var interruptKey: Key? = .ctrl("c")
    /// The key that suspends the app as SIGTSTP would.
    public var suspendKey: Key? = .ctrl("z")
    /// The key that repaints the whole screen.
    public var redrawKey: Key? = .ctrl("l")
    /// The size of the last frame.
    public private(set) var size = TerminalSize(rows: 0, columns: 0)
    /// The key map shown in the help overlay, while it is open.
    public private(set) var help: KeyMap?
    /// The first key the help shows, while it does not fit the screen.
    private var helpOffset = 0
    private var events: AsyncStream<TerminalEvent>.Continuation?
    private var redrawRequested = false
    private var renderer = Renderer(mode: .plain)
    /// The frame on screen, for finding what a click hit.
    private var shown: Canvas?

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
    /// restores the terminal. With `tick`, `root.tick()` is called at that interval; the screen
    /// is redrawn after it only when the view asked (`setNeedsRedraw()`). Throws only when the
    /// terminal cannot be taken over.
    @discardableResult
    public func run(_ root: any TerminalView, tick: Duration? = nil) async throws -> ExitReason {
        guard events == nil else { throw Failure.alreadyRunning }
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
        events = continuation
        defer {
            events = nil
            help = nil
            shown = nil
            continuation.finish()
        }
        try host.start(tickInterval: tick) { continuation.yield($0) }

        var reason = ExitReason.cancelled
        defer {
            root.appWillExit()
            host.stop(reason: reason)
        }
        renderer = Renderer(mode: host.renderMode)
        var decoder = KeyDecoder()
        size = host.size()
        draw(root)

        loop: for await event in stream {
            switch event {
            case .input(let bytes):
                for key in decoder.feed(bytes) {
                    if let ending = handle(key, root: root) {
                        reason = ending
                        break loop
                    }
                }
                draw(root)
            case .resize(let newSize):
                size = newSize
                repaint(root)
            case .tick:
                root.tick()
                if redrawRequested { draw(root) }
            case .redraw:
                if redrawRequested { draw(root) }
            case .suspend:
                suspend(root)
            case .resumed:
                host.resume()
                size = host.size()
                repaint(root)
            case .signal(let signal):
                reason = .signal(signal)
                break loop
            case .inputClosed:
                for key in decoder.flush() where handle(key, root: root) != nil {
                    reason = .quit
                    break loop
                }
                reason = .inputClosed
                break loop
            }
        }
        return reason
    }

    /// Handles one key; returns why the app ends, or nil while it goes on.
    private func handle(_ key: Key, root: any TerminalView) -> ExitReason? {
        if key == interruptKey { return .signal(SIGINT) }
        if key == suspendKey {
            suspend(root)
            return nil
        }
        if key == redrawKey {
            renderer.invalidate()
            return nil
        }
        // Behind "Terminal too small" a key would act on what cannot be seen (a delete question
        // opened unseen): only Ctrl-C, Ctrl-Z and Ctrl-L work until the terminal grows.
        let minimum = root.minimumSize
        if size.rows < minimum.rows || size.columns < minimum.columns { return nil }
        if let help {
            // A help too tall for the screen scrolls; any other key or a click closes it, and does nothing else.
            let overlay = HelpOverlay(keyMap: help, offset: helpOffset)
            let bounds = Rect(size: size)
            if overlay.scrolls(in: bounds),
               let offset = Scrolling.offset(after: key, current: overlay.clampedOffset(in: bounds), pageSize: overlay.keyRows(in: bounds)) {
                helpOffset = HelpOverlay(keyMap: help, offset: offset).clampedOffset(in: bounds)
            } else {
                self.help = nil
            }
            return nil
        }
        if key == .character("?"), let keyMap = root.keyMap {
            help = keyMap
            helpOffset = 0
            return nil
        }
        return root.handle(located(key)) == .quit ? .quit : nil
    }

    /// A mouse event with the target drawn under it in the frame on screen.
    private func located(_ key: Key) -> Key {
        guard case .mouse(var event) = key else { return key }
        event.target = shown?.target(atRow: event.row, column: event.column)
        return .mouse(event)
    }

    private func suspend(_ root: any TerminalView) {
        host.suspend()
        size = host.size()
        repaint(root)
    }

    private func repaint(_ root: any TerminalView) {
        renderer.invalidate()
        draw(root)
    }

    private func draw(_ root: any TerminalView) {
        redrawRequested = false
        var canvas = root.frame(size: size)
        if let help {
            canvas.cursor = nil
            HelpOverlay(keyMap: help, offset: helpOffset).draw(in: &canvas, at: canvas.bounds)
        }
        shown = canvas
        let output = renderer.render(canvas)
        if !output.isEmpty { host.write(output) }
    }
}
