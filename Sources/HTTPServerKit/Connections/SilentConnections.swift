import NIOConcurrencyHelpers
import NIOCore

/// The connections of one server that have not sent a byte yet.
///
/// A connection that says nothing holds a slot of `ConnectionLimits.maximumConnections` until the
/// header timeout; a thousand of them would make every real request wait in the listen queue.
/// So they are at most `ConnectionLimits.maximumSilentConnections`: past that, the one silent
/// longest is closed. A working client sends its request as soon as it connects, so it is never
/// the one silent longest; a client that connects and waits is.
final class SilentConnections: Sendable {
    private struct State {
        var nextID = 0
        /// Oldest first: how to close each one, on its own event loop.
        var waiting: [(id: Int, close: @Sendable () -> Void)] = []
    }

    let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { state.withLockedValue { $0.waiting.count } }

    /// A connection was accepted and has sent nothing; `close` ends it. Returns its ticket for `spoke`.
    func accepted(close: @escaping @Sendable () -> Void) -> Int {
        let (id, evicted) = state.withLockedValue { state -> (Int, (@Sendable () -> Void)?) in
            state.nextID += 1
            state.waiting.append((state.nextID, close))
            let evicted = state.waiting.count > limit ? state.waiting.removeFirst().close : nil
            return (state.nextID, evicted)
        }
        evicted?()
        return id
    }

    /// The connection sent its first bytes, or closed: it is not silent any more.
    func spoke(_ id: Int) {
        state.withLockedValue { state in
            if let index = state.waiting.firstIndex(where: { $0.id == id }) { state.waiting.remove(at: index) }
        }
    }
}
