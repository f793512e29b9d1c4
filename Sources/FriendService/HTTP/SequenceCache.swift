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
/// The cache is bounded: at most `capacity` entries whose costs add up to at most `maximumCost`
/// (a value costing more is not kept), entries dropped at random to make room, so a mix of many
/// different requests simply misses.
final class SequenceCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var sequence = -1
        var entries: [Key: Value] = [:]
        var totalCost = 0
    }

    let capacity: Int
    let maximumCost: Int
    private let cost: @Sendable (Value) -> Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int, maximumCost: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.capacity = capacity
        self.maximumCost = maximumCost
        self.cost = cost
    }

    /// The value stored for `key` at `sequence`, if any.
    func value(for key: Key, at sequence: Int) -> Value? {
        state.withLockedValue { state in state.sequence == sequence ? state.entries[key] : nil }
    }

    /// Keeps `value` for `key` at `sequence`; a value of an older sequence than the ones kept is not kept.
    func store(_ value: Value, for key: Key, at sequence: Int) {
        let valueCost = cost(value)
        guard capacity > 0, valueCost <= maximumCost else { return }
        state.withLockedValue { state in
            if sequence > state.sequence {
                state.sequence = sequence
                state.entries.removeAll(keepingCapacity: true)
                state.totalCost = 0
            }
            guard sequence == state.sequence else { return }
            if let old = state.entries.removeValue(forKey: key) { state.totalCost -= cost(old) }
            while state.entries.count >= capacity || state.totalCost + valueCost > maximumCost,
                let victim = state.entries.keys.first {
                state.totalCost -= cost(state.entries.removeValue(forKey: victim)!)
            }
            state.entries[key] = value
            state.totalCost += valueCost
        }
    }
}
