@testable import TerminalUI

/// A terminal for `TerminalApp` tests: events come from a script, frames are recorded.
@MainActor
final class ScriptedHost: TerminalHost {
    let renderMode: RenderMode
    var currentSize: TerminalSize
    /// Delivered as soon as the app starts, in order.
    var script: [TerminalEvent]
    /// Called after each frame is written, with the number of frames so far.
    var onFrame: ((Int) -> Void)?
    private(set) var frames: [String] = []
    private(set) var log: [String] = []
    private var deliver: (@Sendable (TerminalEvent) -> Void)?

    init(size: TerminalSize = TerminalSize(rows: 2, columns: 20), renderMode: RenderMode = .plain, script: [TerminalEvent] = []) {
        self.currentSize = size
        self.renderMode = renderMode
        self.script = script
    }

    func size() -> TerminalSize { currentSize }

    func start(tickInterval: Duration?, deliver: @escaping @Sendable (TerminalEvent) -> Void) throws {
        log.append("start, tick \(tickInterval.map { "\($0)" } ?? "none")")
        self.deliver = deliver
        script.forEach(deliver)
    }

    func send(_ event: TerminalEvent) {
        deliver?(event)
    }

    func write(_ output: String) {
        frames.append(output)
        onFrame?(frames.count)
    }

    func stop(reason: ExitReason) {
        log.append("stop, \(reason)")
        deliver = nil
    }

    /// Called when the app suspends, as the process would stop there; `currentSize` may change.
    var onSuspend: (() -> Void)?

    func suspend() {
        log.append("suspend")
        onSuspend?()
    }

    func resume() {
        log.append("resume")
    }
}

/// A view that shows what happened to it and records every key, tick and size.
@MainActor
final class RecordingView: TerminalView {
    var status = "ready"
    private(set) var keys: [Key] = []
    private(set) var ticks = 0
    private(set) var sizes: [TerminalSize] = []
    var onKey: ((Key) -> KeyResult)?
    /// Called after each tick is counted.
    var onTick: (() -> Void)?
    /// Called after each render.
    var afterRender: (() -> Void)?

    func render(size: TerminalSize) -> Canvas {
        sizes.append(size)
        var canvas = Canvas(size: size)
        canvas.draw("\(status) k\(keys.count) t\(ticks)", row: 0, column: 0)
        afterRender?()
        return canvas
    }

    func handle(_ key: Key) -> KeyResult {
        keys.append(key)
        if let onKey { return onKey(key) }
        return key == .character("q") ? .quit : .handled
    }

    func tick() {
        ticks += 1
        onTick?()
    }
}

extension TerminalEvent {
    static func typed(_ text: String) -> TerminalEvent { .input(Array(text.utf8)) }
}
