import NIOConcurrencyHelpers

/// Writes of cards from outside (a CardDAV `PUT`, an import) take turns per `UID`, its every
/// spelling as one (`UIDSpellings.key`): each reads which friend has the UID, then writes. Side by
/// side, both would find none; the store would keep the first card and refuse the second, which
/// taking turns lets find the first's friend instead (an import then updates it, a `PUT` names it).
final class UIDTurns: Sendable {
    private let waiting = NIOLockedValueBox<[String: [CheckedContinuation<Void, Never>]]>([:])

    init() {}

    /// Runs `body` once no other write for `uid` runs, in the order they asked.
    func inTurn<T>(for uid: String, _ body: () async throws -> T) async throws -> T {
        await begin(uid)
        defer { end(uid) }
        return try await body()
    }

    private func begin(_ uid: String) async {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let isFree = waiting.withLockedValue { waiting in
                guard waiting[uid] != nil else {
                    waiting[uid] = []
                    return true
                }
                waiting[uid]?.append(turn)
                return false
            }
            if isFree { turn.resume() }
        }
    }

    private func end(_ uid: String) {
        let next = waiting.withLockedValue { waiting -> CheckedContinuation<Void, Never>? in
            guard let queue = waiting[uid], let first = queue.first else {
                waiting[uid] = nil
                return nil
            }
            waiting[uid] = Array(queue.dropFirst())
            return first
        }
        next?.resume()
    }

    /// How many writes wait for the one of `uid` that runs (tests).
    func waitingCount(for uid: String) -> Int { waiting.withLockedValue { $0[uid]?.count ?? 0 } }
}
