import Synchronization

/// That FriendService, for which `friends web` signed people in, is open to anyone again (its
/// last account was removed): said once, by the sign-in that found it so, to the server of the
/// sign-in pages, which then stops for the open ones.
final class Reopening: Sendable {
    private let flag = Mutex(false)
    private let (stream, continuation) = AsyncStream<Void>.makeStream()

    var hasHappened: Bool { flag.withLock { $0 } }

    func happen() {
        flag.withLock { $0 = true }
        continuation.finish()
    }

    /// Returns once it has happened, or when the calling task is cancelled.
    func happened() async {
        for await _ in stream {}
    }
}
