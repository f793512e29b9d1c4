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
            registry: GatedAccountRegistry(base: registry, gate: gate), secrets: FakeAccountSecrets(), throttle: SignInThrottle()
        )
        let guesses = 20
        let outcomes = try await withThrowingTaskGroup(of: AccountAuthenticator.Outcome.self) { group in
            for _ in 0..<guesses {
                group.addTask {
                    let outcome = try await authenticator.authenticate(.basic(name: "alice", secret: "guess"), address: "203.0.113.7")
                    await gate.answered()
                    return outcome
                }
            }
            // Every guess has either been answered or is looking the name up: none has failed yet.
            await gate.waitUntilSettled(guesses)
            await gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .refused }.count == SignInThrottle.Policy().freeFailures)
        #expect(outcomes.filter { if case .throttled = $0 { true } else { false } }.count == guesses - SignInThrottle.Policy().freeFailures)
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
        #expect(try await authenticator.authenticate(.bearer(token: "token-alice"), address: "10.0.0.9") != .busy)
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
        return try await base.account(named: name)
    }

    func hasAccounts() async throws -> Bool { try await base.hasAccounts() }
    func accounts() async throws -> [Account] { try await base.accounts() }
    func account(id: Int) async throws -> Account? { try await base.account(id: id) }
    func addAccount(named name: AccountName, passwordHash: String, at date: Date) async throws -> Account {
        try await base.addAccount(named: name, passwordHash: passwordHash, at: date)
    }
    func setPasswordHash(_ passwordHash: String, ofAccount id: Int) async throws { try await base.setPasswordHash(passwordHash, ofAccount: id) }
    func removeAccount(id: Int) async throws { try await base.removeAccount(id: id) }
    func addToken(toAccount id: Int, label: String, digest: String, at date: Date) async throws -> AccountToken {
        try await base.addToken(toAccount: id, label: label, digest: digest, at: date)
    }
    func tokens(ofAccount id: Int) async throws -> [AccountToken] { try await base.tokens(ofAccount: id) }
    func revokeToken(id tokenID: Int, ofAccount accountID: Int) async throws -> Bool { try await base.revokeToken(id: tokenID, ofAccount: accountID) }
    func account(withTokenDigest digest: String) async throws -> Account? { try await base.account(withTokenDigest: digest) }
}
