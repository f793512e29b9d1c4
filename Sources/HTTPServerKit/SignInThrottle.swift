import NIOConcurrencyHelpers

/// Slows down guessing: failed sign-ins are counted per client address (an IPv6 one per /64,
/// `CountedAddress`) and per account name.
/// The first `freeFailures` cost nothing; after that each new attempt must wait a delay that
/// doubles with every failure, up to `maximumDelay`, and is answered `429` with `Retry-After`
/// while it waits, without its credentials being looked at.
///
/// An attempt is counted as a failure when it begins (`begin`), in the same step as the check,
/// and taken back when it succeeds or is not judged: so guesses sent all at once meet the count
/// of those before them instead of all passing a check that none has failed yet.
///
/// It cannot lock a person out: the delay never exceeds `maximumDelay`, a count is forgotten
/// `forgetAfter` after its last failure, and an address that has signed in as a name before is
/// not held back by failures against that name from elsewhere. A success takes back only its own
/// attempt: signing in to one's own account does not wipe out the guesses made from that address.
///
/// An attempt without an address (`nil`: a program on this machine, such as the browser app's
/// server, which limits its own users) is counted against its name only, so that one person's
/// guessing through it cannot hold back everyone else who uses it; and a name that signed in
/// that way before is not exempt from that count, since the next guess comes from the same place.
public final class SignInThrottle: Sendable {
    public struct Policy: Sendable {
        public var freeFailures = 5
        public var firstDelay: Duration = .seconds(1)
        public var maximumDelay: Duration = .seconds(60)
        public var forgetAfter: Duration = .seconds(15 * 60)
        /// Counts and known addresses kept, each; the oldest go first beyond it.
        public var capacity = 10_000

        public init() {}
    }

    private struct Failures {
        var count: Int
        var last: ContinuousClock.Instant
        /// `last` before the latest attempt counted: what it is again when that attempt is taken
        /// back, so that a success neither starts the wait anew nor keeps the count from being forgotten.
        var before: ContinuousClock.Instant?
    }

    private struct State {
        var byAddress: [String: Failures] = [:]
        var byName: [String: Failures] = [:]
        /// The names that signed in, each from where.
        var known: [Pair: ContinuousClock.Instant] = [:]
        /// Names another server holds back (`holdBack`), until when.
        var heldUntil: [String: ContinuousClock.Instant] = [:]
    }

    private struct Pair: Hashable {
        var name: String
        var address: String?
    }

    private let policy: Policy
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = NIOLockedValueBox(State())

    public init(policy: Policy = Policy(), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.policy = policy
        self.now = now
    }

    /// How long this attempt must still wait; or nil when it may be checked now, and then it is
    /// counted as a failure until `succeeded` or `withdrawn` takes it back.
    public func begin(address: String?, name: String?) -> Duration? {
        let address = address.map(CountedAddress.of)
        let now = now()
        return state.withLockedValue { state in
            if let longest = wait(&state, address: address, name: name, now: now) { return longest }
            if let address { count(&state.byAddress, address, now: now) }
            if let name { count(&state.byName, name, now: now) }
            return nil
        }
    }

    /// How long an attempt must still wait, as `begin` says, without counting one.
    public func holdsBack(address: String?, name: String?) -> Duration? {
        let address = address.map(CountedAddress.of)
        let now = now()
        return state.withLockedValue { wait(&$0, address: address, name: name, now: now) }
    }

    private func wait(_ state: inout State, address: String?, name: String?, now: ContinuousClock.Instant) -> Duration? {
        var longest = address.flatMap { remaining(state.byAddress[$0], now: now) }
        if let name, address == nil || state.known[Pair(name: name, address: address)] == nil {
            longest = [longest, remaining(state.byName[name], now: now)].compactMap { $0 }.max()
        }
        if let name, let until = state.heldUntil[name] {
            if until > now { longest = [longest, until - now].compactMap { $0 }.max() } else { state.heldUntil[name] = nil }
        }
        return longest
    }

    /// Holds attempts for `name` back for `wait`, as the server that checks its passwords asked
    /// (a `429` with `Retry-After`): asking it sooner would only be refused again, and the person
    /// must be told the longer of the two waits.
    public func holdBack(name: String, for wait: Duration) {
        let now = now()
        state.withLockedValue { state in
            state.heldUntil[name] = max(state.heldUntil[name] ?? now, now + wait)
            if state.heldUntil.count > policy.capacity { state.heldUntil = state.heldUntil.filter { $0.value > now } }
            while state.heldUntil.count > policy.capacity, let soonest = state.heldUntil.min(by: { $0.value < $1.value }) {
                state.heldUntil[soonest.key] = nil
            }
        }
    }

    /// Takes back an attempt that `begin` let through and that was never judged (the form was
    /// empty, the registry did not answer).
    public func withdrawn(address: String?, name: String?) {
        let address = address.map(CountedAddress.of)
        state.withLockedValue { state in takeBack(&state, address: address, name: name) }
    }

    /// Takes back the attempt `begin` let through, and remembers that `name` signed in from `address`.
    public func succeeded(address: String?, name: String?, as signedInName: String) {
        let address = address.map(CountedAddress.of)
        let now = now()
        state.withLockedValue { state in
            takeBack(&state, address: address, name: name)
            let pair = Pair(name: signedInName, address: address)
            // Known for a while already: every request of a signed-in client succeeds, and need not write.
            if let since = state.known[pair], now - since < policy.forgetAfter / 2 { return }
            state.known[pair] = now
            trim(&state.known)
        }
    }

    private func takeBack(_ state: inout State, address: String?, name: String?) {
        if let address { uncount(&state.byAddress, address) }
        if let name { uncount(&state.byName, name) }
    }

    private func uncount(_ table: inout [String: Failures], _ key: String) {
        guard let failures = table[key] else { return }
        table[key] = failures.count > 1 ? Failures(count: failures.count - 1, last: failures.before ?? failures.last) : nil
    }

    /// Counts kept, for tests of the bound.
    package var entryCount: Int { state.withLockedValue { $0.byAddress.count + $0.byName.count } }

    private func remaining(_ failures: Failures?, now: ContinuousClock.Instant) -> Duration? {
        guard let failures, failures.count >= policy.freeFailures, now - failures.last < policy.forgetAfter else { return nil }
        let doublings = min(failures.count - policy.freeFailures, 16)
        let delay = min(policy.firstDelay * (1 << doublings), policy.maximumDelay)
        let left = delay - (now - failures.last)
        return left > .zero ? left : nil
    }

    private func count(_ table: inout [String: Failures], _ key: String, now: ContinuousClock.Instant) {
        if let old = table[key], now - old.last < policy.forgetAfter {
            table[key] = Failures(count: old.count + 1, last: now, before: old.last)
        } else {
            table[key] = Failures(count: 1, last: now)
        }
        if table.count > policy.capacity {
            table = table.filter { now - $0.value.last < policy.forgetAfter }
            while table.count > policy.capacity, let oldest = table.min(by: { $0.value.last < $1.value.last }) {
                table[oldest.key] = nil
            }
        }
    }

    private func trim(_ known: inout [Pair: ContinuousClock.Instant]) {
        while known.count > policy.capacity, let oldest = known.min(by: { $0.value < $1.value }) {
            known[oldest.key] = nil
        }
    }
}
