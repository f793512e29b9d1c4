import NIOConcurrencyHelpers
import NIOCore

/// The connections of one server that have not sent a byte yet.
///
/// A connection that says nothing holds a slot of `ConnectionLimits.maximumConnections` until the
/// header timeout; a thousand of them would make every real request wait in the listen queue.
/// So when slots run short (fewer than `ConnectionLimits.maximumSilentConnections` free), silent
/// connections past that number are closed, the ones silent longest first. A working client sends
/// its request as soon as it connects, so it is never the one silent longest; a client that
/// connects and waits is.
///
/// Only a connection silent for `patience` is closed, and only when slots run short: when a
/// thousand live-feed clients connect at once (say, after a restart), the event loops accept them
/// all before reading their requests, and on a busy machine the last of them may look silent for
/// longer than the patience. While there is room, nobody needs their slots.
final class SilentConnections: Sendable {
    private struct Waiting {
        let id: Int
        let since: NIODeadline
        let close: @Sendable () -> Void
    }

    private struct State {
        var nextID = 0
        /// Oldest first: how to close each one, on its own event loop.
        var waiting: [Waiting] = []
        /// Connections accepted and not closed yet, silent or not.
        var open = 0
    }

    let limit: Int
    /// `ConnectionLimits.maximumConnections`.
    let slots: Int
    let patience: TimeAmount
    private let now: @Sendable () -> NIODeadline
    private let state = NIOLockedValueBox(State())

    init(limit: Int, slots: Int, patience: TimeAmount, now: @escaping @Sendable () -> NIODeadline = { .now() }) {
        self.limit = max(1, limit)
        self.slots = slots
        self.patience = patience
        self.now = now
    }

    var count: Int { state.withLockedValue { $0.waiting.count } }

    /// A connection was accepted and has sent nothing; `close` ends it. Returns its ticket for
    /// `spoke`. Its owner calls `closePastLimit` again once it has been silent for `patience`, and
    /// `ended` once it closes.
    func accepted(close: @escaping @Sendable () -> Void) -> Int {
        let id = state.withLockedValue { state in
            state.nextID += 1
            state.open += 1
            state.waiting.append(Waiting(id: state.nextID, since: now(), close: close))
            return state.nextID
        }
        closePastLimit()
        return id
    }

    /// While fewer than `limit` slots are free, closes the connections silent longest while they
    /// are more than `limit`, of those silent for `patience` at least.
    func closePastLimit() {
        let closing: [@Sendable () -> Void] = state.withLockedValue { state in
            guard slots - state.open < limit else { return [] }
            let oldEnough = now() - patience
            var closing: [@Sendable () -> Void] = []
            while state.waiting.count > limit, let oldest = state.waiting.first, oldest.since <= oldEnough {
                closing.append(state.waiting.removeFirst().close)
            }
            return closing
        }
        for close in closing { close() }
    }

    /// The connection sent its first bytes, or closed: it is not silent any more.
    func spoke(_ id: Int) {
        state.withLockedValue { state in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) { state.waiting.remove(at: index) }
        }
    }

    /// A connection `accepted` closed: its slot is free.
    func ended() {
        state.withLockedValue { $0.open -= 1 }
    }
}
