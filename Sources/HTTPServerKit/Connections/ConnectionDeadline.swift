import NIOCore

/// A connection's one pending timeout (for its headers, its body or its idleness), on its event
/// loop. Setting one schedules nothing as long as a timer is due before it: the timer is never
/// set further ahead than `granularity`, no shorter than the usual timeouts, and when it fires
/// before the deadline it waits again for what is left. A keep-alive connection moves through
/// three timeouts per request, and a task scheduled and cancelled for each of them was 4 % of a
/// cached request's time (BENCHMARKS.md).
final class ConnectionDeadline {
    private let eventLoop: any EventLoop
    private let granularity: TimeAmount
    private var pending: (at: NIODeadline, action: () -> Void)?
    private var timer: (at: NIODeadline, task: Scheduled<Void>)?

    init(eventLoop: any EventLoop, granularity: TimeAmount) {
        self.eventLoop = eventLoop
        self.granularity = granularity
    }

    /// Calls `action` once `delay` has passed, unless the timeout is set again or cleared before.
    func set(after delay: TimeAmount, _ action: @escaping () -> Void) {
        let at = eventLoop.now + delay
        pending = (at, action)
        arm(for: at)
    }

    func clear() {
        pending = nil
    }

    /// Clears the timeout and cancels the timer: the connection has ended.
    func stop() {
        pending = nil
        timer?.task.cancel()
        timer = nil
    }

    private func arm(for deadline: NIODeadline) {
        if let timer, timer.at <= deadline { return }
        timer?.task.cancel()
        let at = min(deadline, eventLoop.now + granularity)
        timer = (at, eventLoop.assumeIsolated().scheduleTask(deadline: at) { [self] in fired() })
    }

    private func fired() {
        timer = nil
        guard let pending else { return }
        guard pending.at <= eventLoop.now else { return arm(for: pending.at) }
        self.pending = nil
        pending.action()
    }
}
