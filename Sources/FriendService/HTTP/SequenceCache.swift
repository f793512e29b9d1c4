import NIOConcurrencyHelpers

/// Answers computed from the database, each valid at one change sequence only.
///
/// Every committed create, update, delete and bulk insert takes the next change sequence in its
/// own transaction (`FriendStore.latestChangeSequence`), so an answer read after the sequence was
/// `n` is exactly the answer of the database at `n` for as long as the sequence stays `n`. The
/// caller reads the sequence before computing; when the sequence has moved on, an entry is simply
/// not used, and the first answer stored at a newer sequence drops every older one. Writes through
/// other instances sharing a PostgreSQL database move the sequence too, so the cache is as exact
/// there; nothing here depends on notifications arriving in time.
///
/// The cache is bounded: at most `capacity` entries, one dropped at random when it is full, so a
/// mix of many different requests simply misses.
final class SequenceCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var sequence = -1
        var entries: [Key: Value] = [:]
    }

    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value stored for `key` at `sequence`, if any.
    func value(for key: Key, at sequence: Int) -> Value? {
        state.withLockedValue { state in state.sequence == sequence ? state.entries[key] : nil }
    }

    /// Keeps `value` for `key` at `sequence`; a value of an older sequence than the ones kept is not kept.
    func store(_ value: Value, for key: Key, at sequence: Int) {
        guard capacity > 0 else { return }
        state.withLockedValue { state in
            if sequence > state.sequence {
                state.sequence = sequence
                state.entries.removeAll(keepingCapacity: true)
            }
            guard sequence == state.sequence else { return }
            if state.entries.count >= capacity, state.entries[key] == nil, let victim = state.entries.keys.first {
                state.entries.removeValue(forKey: victim)
            }
            state.entries[key] = value
        }
    }
}
