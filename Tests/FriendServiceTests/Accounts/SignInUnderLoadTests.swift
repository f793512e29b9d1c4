import Dispatch
import Foundation
import FriendStorage
import HTTPServerKit
import NIOPosix
import Testing

@testable import FriendService

/// Guesses sent all at once, and more password checks than the machine can run: the throttle
/// still counts every guess, and the slow hash neither piles up nor takes the threads other
/// requests need.
struct SignInUnderLoadTests {
    @Test func guessesSentAllAtOnceAreCountedBeforeAnyIsAnswered() async throws {
        let registry = MemoryAccountRegistry()
        try await AccountsTestApp.add("alice", to: registry)
        let gate = LookupGate()
        let authenticator = AccountAuthenticator(
            registry: GatedAccountRegistry(base: registry, gate: gate), secrets: FakeAccountSecrets(), throttle: Self.throttleAtOneInstant()
        )
        let guesses = 20
        let outcomes = try await withThrowingTaskGroup(of: AccountAuthenticator.Outcome.self) { group in
            for guess in 0..<guesses {
                group.addTask {
                    let outcome = try await authenticator.authenticate(.basic(name: "alice", secret: "guess-\(guess)"), address: "203.0.113.7")
                    await gate.answered()
                    return outcome
                }
            }
            // Every guess is looking the name up, all at once: none has been checked yet.
            await gate.waitUntilSettled(guesses)
            await gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .refused }.count == SignInThrottle.Policy().freeFailures)
        #expect(outcomes.filter { if case .throttled = $0 { true } else { false } }.count == guesses - SignInThrottle.Policy().freeFailures)
    }

    /// A throttle whose clock stands still: a slow machine's seconds do not end its delays while
    /// the guesses are counted.
    static func throttleAtOneInstant() -> SignInThrottle {
        let instant = ContinuousClock.now
        return SignInThrottle(now: { instant })
    }

    /// Twenty requests with the same wrong password are one guess, not twenty.
    @Test(.timeLimit(.minutes(3)))
    func theSameGuessSentAllAtOnceIsOneAttempt() async throws {
        let registry = MemoryAccountRegistry()
        try await AccountsTestApp.add("alice", to: registry)
        let secrets = HeldSecrets()
        let throttle = Self.throttleAtOneInstant()
        let authenticator = AccountAuthenticator(registry: registry, secrets: secrets, throttle: throttle)
        let outcomes = try await withThrowingTaskGroup(of: AccountAuthenticator.Outcome.self) { group in
            for _ in 0..<20 {
                group.addTask { try await authenticator.authenticate(.basic(name: "alice", secret: "guess"), address: "203.0.113.7") }
            }
            while authenticator.requestsWaitingForChecks < 20 { await Task.yield() }
            secrets.release()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == .refused })
        #expect(secrets.verifications == 1)
        // One failure counted: four more guesses are free, then the address waits.
        #expect((0..<5).map { _ in throttle.begin(address: "203.0.113.7", name: "alice") == nil } == [true, true, true, true, false])
    }

    /// A client that sends many requests at once with its password (the browser app loading
    /// avatars) is not held back by the count its own requests reserve.
    @Test func requestsSentAllAtOnceWithAPasswordCheckedBeforeAllSignIn() async throws {
        let registry = MemoryAccountRegistry()
        try await AccountsTestApp.add("alice", to: registry)
        let gate = LookupGate()
        let clock = TestInstantClock()
        let authenticator = AccountAuthenticator(
            registry: GatedAccountRegistry(base: registry, gate: gate), secrets: FakeAccountSecrets(),
            throttle: SignInThrottle(now: { clock.now }), now: { clock.now }
        )
        let password = Credentials.basic(name: "alice", secret: "pw-alice")
        await gate.open()
        #expect(try await authenticator.authenticate(password, address: "10.0.0.9") != .refused)
        // What the registry said is asked again: every request below waits for it at once.
        clock.advance(by: AccountAuthenticator.registryLifetime)
        await gate.close()
        let requests = 20
        let outcomes = try await withThrowingTaskGroup(of: AccountAuthenticator.Outcome.self) { group in
            for _ in 0..<requests {
                group.addTask {
                    let outcome = try await authenticator.authenticate(password, address: "10.0.0.9")
                    await gate.answered()
                    return outcome
                }
            }
            await gate.waitUntilSettled(requests)
            await gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { if case .signedIn = $0 { true } else { false } }.count == requests)
    }

    @Test func whenNoPasswordCheckCanStartTheAttemptIsNotCountedAsAFailure() async throws {
        let registry = MemoryAccountRegistry()
        try await AccountsTestApp.add("alice", to: registry)
        let throttle = SignInThrottle()
        let authenticator = AccountAuthenticator(
            registry: registry, secrets: FakeAccountSecrets(), throttle: throttle, passwordChecks: PasswordCheckQueue(capacity: 0)
        )
        for _ in 0..<10 {
            #expect(try await authenticator.authenticate(.basic(name: "alice", secret: "pw-alice"), address: "10.0.0.9") == .busy)
        }
        #expect(throttle.entryCount == 0)
        // A token needs no password check.
        let byToken = try await authenticator.authenticate(.bearer(token: "token-alice"), address: "10.0.0.9")
        guard case .signedIn = byToken else {
            Issue.record("a token got \(byToken)")
            return
        }
    }

    @Test func aFullQueueOfPasswordChecksRefusesTheNextAtOnce() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let queue = PasswordCheckQueue(capacity: 1, pool: pool)
        let (started, didStart) = AsyncStream<Void>.makeStream()
        let release = DispatchSemaphore(value: 0)
        let first = Task { try await queue.run { didStart.yield(); release.wait(); return 1 } }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        await #expect(throws: PasswordCheckQueue.Full.self) { try await queue.run { 2 } }
        release.signal()
        #expect(try await first.value == 1)
        #expect(try await queue.run { 3 } == 3)
        try await pool.shutdownGracefully()
    }
}

/// `FakeAccountSecrets` whose password checks wait until released, counting them.
final class HeldSecrets: AccountSecrets, @unchecked Sendable {
    private let base = FakeAccountSecrets()
    private let released = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var count = 0

    var verifications: Int { lock.withLock { count } }

    /// Lets every check waiting now, and every later one, go on.
    func release() { for _ in 0..<100 { released.signal() } }

    func verify(password: String, against storedHash: String) -> Bool {
        lock.withLock { count += 1 }
        released.wait()
        released.signal()
        return base.verify(password: password, against: storedHash)
    }

    func hash(password: String) throws -> String { base.hash(password: password) }
    func newToken() -> String { base.newToken() }
    func mayBeToken(_ secret: String) -> Bool { base.mayBeToken(secret) }
    func tokenDigest(_ token: String) -> String { base.tokenDigest(token) }
    func cacheDigest(_ secret: String) -> String { base.cacheDigest(secret) }
}

/// Holds every name lookup until opened, counting those that arrived and the attempts answered meanwhile.
actor LookupGate {
    private var arrived = 0
    private var answeredCount = 0
    private var isOpen = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var settledWaiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func pass() async {
        if isOpen { return }
        arrived += 1
        checkSettled()
        await withCheckedContinuation { held.append($0) }
    }

    func answered() {
        answeredCount += 1
        checkSettled()
    }

    func waitUntilSettled(_ count: Int) async {
        if arrived + answeredCount >= count { return }
        await withCheckedContinuation { settledWaiter = (count, $0) }
    }

    func open() {
        isOpen = true
        for continuation in held { continuation.resume() }
        held = []
    }

    /// Holds lookups again, counting afresh.
    func close() {
        isOpen = false
        arrived = 0
        answeredCount = 0
    }

    private func checkSettled() {
        guard let waiter = settledWaiter, arrived + answeredCount >= waiter.count else { return }
        settledWaiter = nil
        waiter.continuation.resume()
    }
}

/// `base`, with every lookup of an account by name held at `gate`.
struct GatedAccountRegistry: AccountRegistry {
    let base: MemoryAccountRegistry
    let gate: LookupGate

    func account(named name: AccountName) async throws -> Account? {
        await gate.pass()
        return await base.account(named: name)
    }

    func hasAccounts() async throws -> Bool { await base.hasAccounts() }
    func accounts() async throws -> [Account] { await base.accounts() }
    func account(id: Int) async throws -> Account? { await base.account(id: id) }
    func addAccount(named name: AccountName, passwordHash: String, at date: Date) async throws -> Account {
        try await base.addAccount(named: name, passwordHash: passwordHash, at: date)
    }
    func setPasswordHash(_ passwordHash: String, ofAccount id: Int) async throws { try await base.setPasswordHash(passwordHash, ofAccount: id) }
    func removeAccount(id: Int) async throws { try await base.removeAccount(id: id) }
    func addToken(toAccount id: Int, label: String, digest: String, at date: Date) async throws -> AccountToken {
        try await base.addToken(toAccount: id, label: label, digest: digest, at: date)
    }
    func tokens(ofAccount id: Int) async throws -> [AccountToken] { await base.tokens(ofAccount: id) }
    func revokeToken(id tokenID: Int, ofAccount accountID: Int) async throws -> Bool { await base.revokeToken(id: tokenID, ofAccount: accountID) }
    func account(withTokenDigest digest: String) async throws -> Account? { await base.account(withTokenDigest: digest) }
}
