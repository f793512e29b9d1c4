import FriendsAPI

/// How connected a live change feed is.
public enum LiveConnectionState: Sendable, Equatable {
    /// The first connection is being made.
    case connecting
    /// Connected: changes arrive as they are committed.
    case live
    /// The connection dropped; trying again after a short wait.
    case reconnecting
    /// Several attempts in a row failed (still trying, less often), or the server has no feed
    /// here (404), which ends the sequence.
    case offline
    /// The server no longer takes this app's sign-in (401: a new password, a revoked token, an
    /// account removed), which ends the sequence: signing in again needs the app started again.
    case signedOut
}

/// The waits between attempts: `initial`, doubling up to `maximum`. The maximum is short by
/// default (2 s): a service that comes back after a long outage is found within seconds, and an
/// attempt costs a refused connection or one small request.
public struct ReconnectBackoff: Sendable, Equatable {
    public var initial: Duration
    public var maximum: Duration
    /// Failed attempts in a row after which the state says `offline` rather than `reconnecting`.
    public var attemptsBeforeOffline: Int

    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(2), attemptsBeforeOffline: Int = 3) {
        self.initial = initial
        self.maximum = maximum
        self.attemptsBeforeOffline = attemptsBeforeOffline
    }

    /// The wait before attempt `attempt` (1 for the first retry).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, attempt) where delay < maximum { delay *= 2 }
        return min(delay, maximum)
    }
}

/// The live change feed that survives drops: after one it waits (`ReconnectBackoff`, on the
/// injected clock) and connects again asking for the changes after the last one it passed on,
/// so nothing is missed or repeated. It yields its connection state as it changes and every
/// change, in one ordered sequence; it ends only when the server refuses the feed for good or
/// the consumer stops.
public struct ReconnectingFriendChanges: AsyncSequence, Sendable {
    public enum Element: Sendable, Equatable {
        case state(LiveConnectionState)
        case change(FriendChange)
    }

    private let source: any FriendChangesProviding
    private let after: Int?
    private let backoff: ReconnectBackoff
    private let sleep: @Sendable (Duration) async throws -> Void

    /// - Parameter after: the last sequence the caller has (from now on when `nil`: the first
    ///   stream's position, which the server sends before any change, is where it resumes).
    public init<C: Clock>(
        source: any FriendChangesProviding,
        after: Int? = nil,
        backoff: ReconnectBackoff = ReconnectBackoff(),
        clock: C = ContinuousClock()
    ) where C.Duration == Duration {
        self.source = source
        self.after = after
        self.backoff = backoff
        self.sleep = { try await clock.sleep(for: $0) }
    }

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let task = Task { [self] in
            await follow(into: continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream.makeAsyncIterator()
    }

    private func follow(into output: AsyncStream<Element>.Continuation) async {
        var last = after
        var failures = 0
        var state = LiveConnectionState.connecting
        func publish(_ next: LiveConnectionState) {
            guard next != state else { return }
            state = next
            output.yield(.state(next))
        }
        output.yield(.state(state))
        while !Task.isCancelled {
            do {
                let changes = try await source.changes(after: last)
                publish(.live)
                failures = 0
                for try await message in changes {
                    switch message {
                    case .position(let sequence):
                        // A stream from now on says where it starts: resume from there after a drop.
                        if last == nil { last = sequence }
                    case .change(let change):
                        guard last.map({ change.sequence > $0 || change.event == .reset }) ?? true else { continue }
                        last = change.sequence
                        output.yield(.change(change))
                    }
                }
            } catch AppServerError.unauthorized {
                publish(.signedOut)
                return
            } catch AppServerError.notFound {
                publish(.offline)
                return
            } catch AppServerError.cancelled {
                return
            } catch {
                // Any other failure is a drop, as is the server closing the stream; retry below.
            }
            guard !Task.isCancelled else { return }
            failures += 1
            publish(failures > backoff.attemptsBeforeOffline ? .offline : .reconnecting)
            do {
                try await sleep(backoff.delay(beforeAttempt: failures))
            } catch {
                return
            }
        }
    }
}
