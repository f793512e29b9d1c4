import NIOConcurrencyHelpers
import NIOCore

/// The connections of one server that have not sent a byte yet.
///
/// A connection that says nothing holds a slot of `ConnectionLimits.maximumConnections` until the
/// header timeout; a thousand of them would make every real request wait in the listen queue.
/// So they are at most `ConnectionLimits.maximumSilentConnections`: past that, the ones silent
/// longest are closed. A working client sends its request as soon as it connects, so it is never
/// the one silent longest; a client that connects and waits is.
///
/// Only a connection silent for `patience` is closed: when a thousand live-feed clients connect at
/// once (say, after a restart), the event loops accept them all before reading any of their
/// requests, and every one of them looks silent for that moment.
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
    }

    let limit: Int
    let patience: TimeAmount
    private let now: @Sendable () -> NIODeadline
    private let state = NIOLockedValueBox(State())

    init(limit: Int, patience: TimeAmount, now: @escaping @Sendable () -> NIODeadline = { .now() }) {
        self.limit = max(1, limit)
        self.patience = patience
        self.now = now
    }

    var count: Int { state.withLockedValue { $0.waiting.count } }

    /// A connection was accepted and has sent nothing; `close` ends it. Returns its ticket for
    /// `spoke`. Its owner calls `closePastLimit` again once it has been silent for `patience`.
    func accepted(close: @escaping @Sendable () -> Void) -> Int {
        let id = state.withLockedValue { state in
            state.nextID += 1
            state.waiting.append(Waiting(id: state.nextID, since: now(), close: close))
            return state.nextID
        }
        closePastLimit()
        return id
    }

    /// Closes the connections silent longest while they are more than `limit`, of those silent
    /// for `patience` at least.
    func closePastLimit() {
        let closing = state.withLockedValue { state in
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
}
