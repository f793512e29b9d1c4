import FriendStorage
import Logging
import NIOConcurrencyHelpers

/// What the routes learn about the storage from its answers: whether it is down, whether its disk
/// is full, and how many requests were refused meanwhile. Each change is logged once, so an outage
/// under load is two lines in the log, not one a request.
final class StorageWatch: Sendable {
    private struct State {
        /// Requests refused since the database stopped answering; `nil` while it answers.
        var refusedInOutage: Int?
        /// Requests refused because the database was busy, since the server started.
        var refusedAsBusy = 0
        /// The file whose disk is full, and the writes refused since; `nil` while writes succeed.
        var fullDisk: (file: String, refused: Int)?
    }

    private let state = NIOLockedValueBox(State())
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// The database file whose disk is full, from a write refused for it until a write succeeds.
    var fullDiskFile: String? {
        state.withLockedValue { $0.fullDisk?.file }
    }

    /// A request was refused because of `error` (503 or 507).
    func refused(_ error: FriendStoreError) {
        switch error {
        case .unavailable(let reason):
            let starts = state.withLockedValue { state in
                defer { state.refusedInOutage = (state.refusedInOutage ?? 0) + 1 }
                return state.refusedInOutage == nil
            }
            if starts {
                logger.error("The database is not available; answering 503 until it answers again", metadata: ["reason": "\(reason)"])
            }
        case .busy(let reason):
            // Busy is load, not an outage: it neither starts nor ends one. Logged at the first
            // refusal and every thousandth, so a saturated pool shows without a line a request.
            let refused = state.withLockedValue { state in
                state.refusedAsBusy += 1
                return state.refusedAsBusy
            }
            if refused == 1 || refused.isMultiple(of: 1_000) {
                logger.warning(
                    "The database is busy: \(Self.requests(refused)) refused with 503 since the server started",
                    metadata: ["reason": "\(reason)"]
                )
            }
        case .diskFull(let file):
            let starts = state.withLockedValue { state in
                defer { state.fullDisk = (file, (state.fullDisk?.refused ?? 0) + 1) }
                return state.fullDisk == nil
            }
            if starts {
                logger.error("The disk holding \(file) is full; writes answer 507 until one succeeds again, reads go on")
            }
        case .notFound, .preconditionFailed:
            answered()
        }
    }

    /// The storage answered (a read, a ping, a write it refused for a reason of its own): an outage is over.
    func answered() {
        let refused = state.withLockedValue { state in
            defer { state.refusedInOutage = nil }
            return state.refusedInOutage
        }
        if let refused {
            logger.notice("The database answers again; \(Self.requests(refused)) refused with 503 while it did not")
        }
    }

    /// A write succeeded: the storage answers, and its disk has room again.
    func wrote() {
        answered()
        let fullDisk = state.withLockedValue { state in
            defer { state.fullDisk = nil }
            return state.fullDisk
        }
        if let fullDisk {
            logger.notice("Writes succeed again on \(fullDisk.file); \(Self.requests(fullDisk.refused)) refused with 507 while its disk was full")
        }
    }

    private static func requests(_ count: Int) -> String {
        count == 1 ? "1 request was" : "\(count) requests were"
    }
}
