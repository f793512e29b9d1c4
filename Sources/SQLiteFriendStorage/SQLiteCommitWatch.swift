import NIOConcurrencyHelpers

/// The change sequence as last read, for as long as nothing was committed to the file since, by
/// this process or any other: most reads of a list or a friend need only the sequence, to find
/// their answer kept, and reading it was a read transaction of SQLite's (its locks are system
/// calls) in every request: a twelfth of a cached page's time (see BENCHMARKS.md).
///
/// In WAL mode every commit rewrites the WAL-index header at the start of the `-shm` file, which
/// every connection to the database maps (https://sqlite.org/walformat.html, 2.2: its change
/// counter goes up by one each transaction, and it ends in a checksum). Reading those 48 bytes,
/// where the store's writer connection has them mapped (`SQLiteDirectConnection.walIndex`),
/// takes no lock and no system call. A header read before the sequence and still the same
/// afterwards means no commit came between, so the sequence is still the latest. A commit is
/// acknowledged only after SQLite wrote its header, so a client that was told its write was made
/// always finds it, through any process. A header being written as it is read differs from the
/// one kept, or is the one before the commit, which no one was told of yet.
final class SQLiteCommitWatch: Sendable {
    private struct State {
        /// The address of the header; 0 once the connection that maps it is closing.
        var address: UInt
        /// The sequence last read, and the header's words before it was.
        var known: (header: [UInt64], sequence: Int)?
    }

    private static let headerSize = 48
    private let state: NIOLockedValueBox<State>

    /// Watches the header at `walIndex`, which must stay mapped until `stop()`.
    init(walIndex: UnsafeRawPointer) {
        state = NIOLockedValueBox(State(address: UInt(bitPattern: walIndex)))
    }

    /// The sequence last read, when nothing was committed since.
    func unchangedSequence() -> Int? {
        state.withLockedValue { state in
            guard let known = state.known, Self.header(at: state.address, is: known.header) else { return nil }
            return known.sequence
        }
    }

    /// Reads the sequence with `read`, and keeps it with the header that was there before.
    func sequence(reading read: () throws -> Int) rethrows -> Int {
        let header = state.withLockedValue { Self.header(at: $0.address) }
        let sequence = try read()
        if let header {
            state.withLockedValue { state in
                if let known = state.known, known.sequence > sequence { return }
                state.known = (header, sequence)
            }
        }
        return sequence
    }

    /// Reads the header no more: call before the connection that maps it closes.
    func stop() {
        state.withLockedValue { $0.address = 0 }
    }

    private static func header(at address: UInt) -> [UInt64]? {
        guard let base = UnsafeRawPointer(bitPattern: address) else { return nil }
        return (0..<headerSize / 8).map { base.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) }
    }

    /// Compared in place: this runs in most requests, and a copy would be an allocation.
    private static func header(at address: UInt, is words: [UInt64]) -> Bool {
        guard let base = UnsafeRawPointer(bitPattern: address) else { return false }
        for (index, word) in words.enumerated() where base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) != word {
            return false
        }
        return true
    }
}
