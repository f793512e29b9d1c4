import FriendStorage
import NIOConcurrencyHelpers
import NIOCore

/// Encoded pages of `GET /friends`, each valid at one change sequence only.
///
/// Every committed create, update, delete and bulk insert takes the next change sequence in its
/// own transaction (`FriendStore.latestChangeSequence`), so a page read after the sequence was
/// `n` is exactly the page of the database at `n` for as long as the sequence stays `n`. The
/// handler reads the sequence before the page; when the sequence has moved on, the entry is
/// simply not used, and the first page stored at a newer sequence drops every older one. Writes
/// through other instances sharing a PostgreSQL database move the sequence too, so the cache is as
/// exact there; nothing here depends on notifications arriving in time.
///
/// The cache is bounded: at most `capacity` pages, one dropped at random when it is full, so a
/// mix of many different pages and searches simply misses.
final class ListPageCache: Sendable {
    struct Key: Hashable, Sendable {
        var request: FriendListRequest
        var pageSize: Int
    }

    private struct State {
        var sequence = -1
        var pages: [Key: ByteBuffer] = [:]
    }

    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The page stored for `key` at `sequence`, if any.
    func page(for key: Key, at sequence: Int) -> ByteBuffer? {
        state.withLockedValue { state in state.sequence == sequence ? state.pages[key] : nil }
    }

    /// Keeps `body` as the page of `key` at `sequence`; a page of an older sequence than the ones
    /// kept is not kept.
    func store(_ body: ByteBuffer, for key: Key, at sequence: Int) {
        guard capacity > 0 else { return }
        state.withLockedValue { state in
            if sequence > state.sequence {
                state.sequence = sequence
                state.pages.removeAll(keepingCapacity: true)
            }
            guard sequence == state.sequence else { return }
            if state.pages.count >= capacity, state.pages[key] == nil, let victim = state.pages.keys.first {
                state.pages.removeValue(forKey: victim)
            }
            state.pages[key] = body
        }
    }
}
