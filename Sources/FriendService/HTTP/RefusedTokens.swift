import HTTPServerKit
import NIOConcurrencyHelpers

/// The wrong tokens each client address sent to a server with one `--token`, for 15 minutes after
/// each was last sent. One sent again is no new guess but most often a contact app still holding
/// the token the server had before: refused again uncounted, it no longer holds its owner back.
/// It is asked only once the throttle lets an attempt through, so that a guesser held back is not
/// told which of its guesses were tried before. Tokens are kept as a hash with this process's
/// random seed (`Hasher`), never as sent: a wrong token is often the last start's right one.
final class RefusedTokens: Sendable {
    static let lifetime: Duration = .seconds(15 * 60)
    /// Entries kept. A full memory drops the expired ones; if all are current, it starts empty.
    static let capacity = 1_000

    private let lastSent = NIOLockedValueBox([Int: ContinuousClock.Instant]())
    private let now: @Sendable () -> ContinuousClock.Instant

    init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.now = now
    }

    /// Whether `address` sent `token` and was refused within `lifetime`; it counts as sent again.
    func wasRefused(_ token: String, from address: String) -> Bool {
        let key = Self.key(token, address)
        let now = now()
        return lastSent.withLockedValue { lastSent in
            guard let sent = lastSent[key], now - sent < Self.lifetime else { return false }
            lastSent[key] = now
            return true
        }
    }

    func remember(_ token: String, from address: String) {
        let key = Self.key(token, address)
        let now = now()
        lastSent.withLockedValue { lastSent in
            if lastSent.count >= Self.capacity {
                lastSent = lastSent.filter { now - $0.value < Self.lifetime }
                if lastSent.count >= Self.capacity { lastSent = [:] }
            }
            lastSent[key] = now
        }
    }

    private static func key(_ token: String, _ address: String) -> Int {
        var hasher = Hasher()
        hasher.combine(CountedAddress.of(address))
        hasher.combine(token)
        return hasher.finalize()
    }
}
