import FriendStorage
import HTTPServerKit
import Synchronization
import Testing

@testable import FriendService

/// A password or token refused before from one address, sent again from there: no new guess, but
/// a device still holding a password since changed (or a revoked token) retrying on its own. It is
/// refused again without being counted, so that it cannot keep its owner out; and nothing about it
/// tells a guesser more than a first refusal would.
struct RepeatedRefusalTests {
    static let free = SignInThrottle.Policy().freeFailures

    static func authenticator(_ clock: TestInstantClock) async throws -> AccountAuthenticator {
        let registry = MemoryAccountRegistry()
        try await AccountsTestApp.add("alice", to: registry)
        return AccountAuthenticator(
            registry: registry, secrets: FakeAccountSecrets(), throttle: SignInThrottle(now: { clock.now }), now: { clock.now }
        )
    }

    static func isSignedIn(_ outcome: AccountAuthenticator.Outcome) -> Bool {
        if case .signedIn = outcome { return true }
        return false
    }

    @Test func aPasswordRetriedFromItsAddressIsRefusedWithoutCountingAndTheOwnerSignsIn() async throws {
        let authenticator = try await Self.authenticator(TestInstantClock())
        for _ in 0..<(3 * Self.free) {
            #expect(try await authenticator.authenticate(.basic(name: "alice", secret: "old-password"), address: "192.0.2.7") == .refused)
        }
        #expect(Self.isSignedIn(try await authenticator.authenticate(.basic(name: "alice", secret: "pw-alice"), address: "192.0.2.7")))
        #expect(Self.isSignedIn(try await authenticator.authenticate(.basic(name: "alice", secret: "pw-alice"), address: "198.51.100.1")))
    }

    @Test func aRevokedTokenRetriedFromItsAddressIsNotCountedEither() async throws {
        let authenticator = try await Self.authenticator(TestInstantClock())
        for _ in 0..<(3 * Self.free) {
            #expect(try await authenticator.authenticate(.bearer(token: "token-revoked"), address: "192.0.2.7") == .refused)
        }
        #expect(Self.isSignedIn(try await authenticator.authenticate(.basic(name: "alice", secret: "pw-alice"), address: "192.0.2.7")))
    }

    /// Remembered per address: a password refused at one address is a guess like any other from
    /// the next, and the name's count holds them back.
    @Test func elsewhereTheSamePasswordIsAGuessLikeAnyOther() async throws {
        let authenticator = try await Self.authenticator(TestInstantClock())
        _ = try await authenticator.authenticate(.basic(name: "alice", secret: "old-password"), address: "192.0.2.7")
        for host in 1..<Self.free {
            #expect(try await authenticator.authenticate(.basic(name: "alice", secret: "old-password"), address: "198.51.100.\(host)") == .refused)
        }
        guard case .throttled = try await authenticator.authenticate(.basic(name: "alice", secret: "pw-alice"), address: "203.0.113.1") else {
            Issue.record("alice's name was not held back after \(Self.free) refusals from \(Self.free) addresses")
            return
        }
    }

    /// While held back, a remembered refusal is held back too: the answer must not tell a guesser
    /// which of their candidates somebody tried before.
    @Test func whileHeldBackARememberedRefusalIsHeldBackToo() async throws {
        let authenticator = try await Self.authenticator(TestInstantClock())
        for guess in 0..<Self.free {
            _ = try await authenticator.authenticate(.basic(name: "alice", secret: "guess-\(guess)"), address: "192.0.2.7")
        }
        guard case .throttled = try await authenticator.authenticate(.basic(name: "alice", secret: "guess-0"), address: "192.0.2.7") else {
            Issue.record("a remembered refusal was answered while the address was held back")
            return
        }
    }

    /// An empty password is never remembered: a known and an unknown name answer it alike, counted.
    @Test(arguments: ["alice", "nobody"])
    func anEmptyPasswordCountsForKnownAndUnknownNamesAlike(name: String) async throws {
        let authenticator = try await Self.authenticator(TestInstantClock())
        for _ in 0..<Self.free {
            #expect(try await authenticator.authenticate(.basic(name: name, secret: ""), address: "192.0.2.7") == .refused)
        }
        guard case .throttled = try await authenticator.authenticate(.basic(name: name, secret: ""), address: "192.0.2.7") else {
            Issue.record("\(name): empty passwords were not counted")
            return
        }
    }

    /// Whose hash each password was checked against: alice's, or the decoy a remembered refusal
    /// spends its time on.
    final class RecordingSecrets: AccountSecrets {
        let base = FakeAccountSecrets()
        let checkedAgainst = Mutex<[String]>([])
        func hash(password: String) -> String { base.hash(password: password) }
        func verify(password: String, against storedHash: String) -> Bool {
            checkedAgainst.withLock { $0.append(storedHash == base.hash(password: "pw-alice") ? "alice" : "decoy") }
            return base.verify(password: password, against: storedHash)
        }
        func newToken() -> String { base.newToken() }
        func mayBeToken(_ secret: String) -> Bool { base.mayBeToken(secret) }
        func tokenDigest(_ token: String) -> String { base.tokenDigest(token) }
        func cacheDigest(_ secret: String) -> String { base.cacheDigest(secret) }
    }

    /// Remembered for a quarter of an hour after it was last sent; each resend renews it. A
    /// remembered refusal takes as long as a first one: it checks the password against the decoy.
    @Test func aRefusalLastsAQuarterOfAnHourFromItsLastResend() async throws {
        let clock = TestInstantClock()
        let registry = MemoryAccountRegistry()
        try await AccountsTestApp.add("alice", to: registry)
        let secrets = RecordingSecrets()
        let authenticator = AccountAuthenticator(
            registry: registry, secrets: secrets, throttle: SignInThrottle(now: { clock.now }), now: { clock.now }
        )
        let old = Credentials.basic(name: "alice", secret: "old-password")
        for wait in [Duration.zero, .seconds(14 * 60), .seconds(14 * 60), .seconds(16 * 60)] {
            clock.advance(by: wait)
            #expect(try await authenticator.authenticate(old, address: "192.0.2.7") == .refused)
        }
        #expect(secrets.checkedAgainst.withLock { $0 } == ["alice", "decoy", "decoy", "alice"])
    }

    /// Without an address (the browser app's server, a program on this machine) nothing is
    /// remembered: every one of its users would share the memory.
    @Test func withoutAnAddressEveryRefusalCounts() async throws {
        let authenticator = try await Self.authenticator(TestInstantClock())
        for _ in 0..<Self.free {
            #expect(try await authenticator.authenticate(.basic(name: "alice", secret: "old-password"), address: nil) == .refused)
        }
        guard case .throttled = try await authenticator.authenticate(.basic(name: "alice", secret: "old-password"), address: nil) else {
            Issue.record("refusals without an address were remembered")
            return
        }
    }
}
