import Foundation
import FriendsClient
import TerminalUI

/// How `friends import` or `friends export` ended: with its own outcome, or cut short by a signal.
struct CardCommandOutcome<Value: Sendable>: Sendable {
    var result: Result<Value, any Error>
    /// The signal (SIGINT for Ctrl-C, or SIGTERM) that stopped the transfer; nil when it ran to its end.
    var signal: Int32? = nil

    /// The shell's status for a process a signal ended (130 after Ctrl-C).
    var signalStatus: Int32? { signal.map { 128 + $0 } }
}

/// Starts the embedded FriendService when there is no `--server`, runs `body` against it until it
/// ends or Ctrl-C (or SIGTERM) cuts it short, and stops the server again whatever happened.
enum CardCommandRun {
    static func run<Value: Sendable>(
        _ options: BackendOptions, _ body: @escaping @Sendable (URL, Credentials?) async throws -> Value
    ) async -> CardCommandOutcome<Value> {
        let endpoint: (url: URL, credentials: Credentials?, embedded: EmbeddedFriendService?)
        do {
            endpoint = try await options.signedInBackend().endpoint()
        } catch {
            return CardCommandOutcome(result: .failure(error))
        }
        let outcome: CardCommandOutcome<Value>
        do {
            let watch = try await SignalWatch()
            outcome = await untilSignal(from: { await watch.next() }) { try await body(endpoint.url, endpoint.credentials) }
            await watch.stop()
        } catch {
            outcome = CardCommandOutcome(result: .failure(error))
        }
        await endpoint.embedded?.shutdown()
        return outcome
    }

    /// Runs `body` until it ends, or until `signal` answers: then `body` is cancelled, and what it
    /// says on its way out (what it finished) is the result.
    static func untilSignal<Value: Sendable>(
        from signal: @escaping @Sendable () async -> Int32?, _ body: @escaping @Sendable () async throws -> Value
    ) async -> CardCommandOutcome<Value> {
        return await withTaskGroup(of: RaceEvent<Value>.self) { group in
            group.addTask {
                do {
                    return .ended(.success(try await body()))
                } catch {
                    return .ended(.failure(error))
                }
            }
            group.addTask { .signal(await signal()) }
            var caught: Int32?
            while let event = await group.next() {
                switch event {
                case .ended(let result):
                    group.cancelAll()
                    // A body that finished all the same was not cut short.
                    guard case .failure = result else { return CardCommandOutcome(result: result) }
                    return CardCommandOutcome(result: result, signal: caught)
                case .signal(let number):
                    caught = number
                    // A watch that ended without a signal leaves the body to finish on its own.
                    if number != nil { group.cancelAll() }
                }
            }
            return CardCommandOutcome(result: .failure(CancellationError()), signal: caught)
        }
    }

    private enum RaceEvent<Value: Sendable>: Sendable {
        case ended(Result<Value, any Error>)
        case signal(Int32?)
    }
}
