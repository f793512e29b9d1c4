import Testing

@testable import HTTPServerKit

struct SignInThrottleTests {
    let clock = TestInstantClock()

    private func throttle() -> SignInThrottle {
        let clock = clock
        return SignInThrottle(now: { clock.now })
    }

    /// `count` attempts that `begin` lets through and that then fail; how many were let through.
    @discardableResult
    private func fail(_ throttle: SignInThrottle, _ count: Int, address: String?, name: String?) -> Int {
        (0..<count).filter { _ in throttle.begin(address: address, name: name) == nil }.count
    }

    @Test func theDelayDoublesAfterTheFreeFailuresAndStopsAtTheMaximum() {
        let throttle = throttle()
        #expect(fail(throttle, 5, address: "10.0.0.9", name: "alice") == 5)
        var delays: [Duration] = []
        for _ in 0..<9 {
            let wait = throttle.begin(address: "10.0.0.9", name: "alice") ?? .zero
            delays.append(wait)
            clock.advance(by: wait)
            #expect(throttle.begin(address: "10.0.0.9", name: "alice") == nil)
        }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
    }

    /// The server that checks passwords asked for a wait: the name is held back that long, from
    /// every address, however few attempts failed here, and the longer wait wins.
    @Test func aNameHeldBackByTheServerWaitsAsLongAsItSaid() {
        let throttle = throttle()
        throttle.holdBack(name: "alice", for: .seconds(7))
        throttle.holdBack(name: "alice", for: .seconds(3))
        #expect(throttle.begin(address: nil, name: "alice") == .seconds(7))
        #expect(throttle.begin(address: "10.0.0.9", name: "alice") == .seconds(7))
        #expect(throttle.begin(address: nil, name: "bob") == nil)
        clock.advance(by: .seconds(5))
        #expect(throttle.begin(address: nil, name: "alice") == .seconds(2))
        clock.advance(by: .seconds(2))
        #expect(throttle.begin(address: nil, name: "alice") == nil)
    }

    @Test func attemptsSentAllAtOnceMeetTheCountOfThoseBeforeThem() {
        let throttle = throttle()
        // Twenty guesses in flight together, none answered yet: only the free ones go on.
        #expect(fail(throttle, 20, address: "203.0.113.7", name: "alice") == 5)
        #expect(fail(throttle, 20, address: "198.51.100.1", name: "alice") == 0)
        #expect(fail(throttle, 20, address: "203.0.113.7", name: "bob") == 0)
    }

    @Test func signingInToOnesOwnAccountDoesNotWipeOutTheGuessesFromThatAddress() {
        let throttle = throttle()
        fail(throttle, 4, address: "203.0.113.7", name: "alice")
        #expect(throttle.begin(address: "203.0.113.7", name: "mallory") == nil)
        throttle.succeeded(address: "203.0.113.7", name: "mallory", as: "mallory")
        #expect(fail(throttle, 5, address: "203.0.113.7", name: "carol") == 1)
    }

    /// A household behind one address: after a burst of typos and the wait it earned, each
    /// person with the right password gets in, one after another, and the count is forgotten a
    /// quiet while after its last failure however many sign in meanwhile.
    @Test func aSuccessDoesNotStartTheWaitAgainNorKeepTheCount() {
        let throttle = throttle()
        fail(throttle, 8, address: "203.0.113.5", name: nil)
        let wait = throttle.begin(address: "203.0.113.5", name: "anna") ?? .zero
        #expect(wait > .zero)
        clock.advance(by: wait)
        for (name, later) in [("anna", 0), ("erin", 0), ("hank", 10 * 60)] {
            clock.advance(by: .seconds(later))
            #expect(throttle.begin(address: "203.0.113.5", name: name) == nil, "\(name)")
            throttle.succeeded(address: "203.0.113.5", name: name, as: name)
        }
        // 15 minutes after the last failure, a typo is one of the free ones again.
        clock.advance(by: .seconds(5 * 60))
        #expect(fail(throttle, 5, address: "203.0.113.5", name: "jay") == 5)
    }

    @Test func anAttemptNeverJudgedIsTakenBack() {
        let throttle = throttle()
        for _ in 0..<10 {
            #expect(throttle.begin(address: "10.0.0.9", name: "alice") == nil)
            throttle.withdrawn(address: "10.0.0.9", name: "alice")
        }
        #expect(throttle.entryCount == 0)
    }

    @Test func countsAreForgottenAfterAQuietWhile() {
        let throttle = throttle()
        fail(throttle, 8, address: "10.0.0.9", name: nil)
        #expect(throttle.begin(address: "10.0.0.9", name: nil) != nil)
        clock.advance(by: .seconds(15 * 60))
        #expect(throttle.begin(address: "10.0.0.9", name: nil) == nil)
    }

    @Test func guessingSomeonesPasswordFromElsewhereDoesNotLockThemOutAtHome() {
        let throttle = throttle()
        #expect(throttle.begin(address: "192.168.1.20", name: "alice") == nil)
        throttle.succeeded(address: "192.168.1.20", name: "alice", as: "alice")
        fail(throttle, 20, address: "203.0.113.7", name: "alice")
        #expect(throttle.begin(address: "203.0.113.7", name: "alice") != nil)
        #expect(throttle.begin(address: "198.51.100.1", name: "alice") != nil)
        #expect(throttle.begin(address: "192.168.1.20", name: "alice") == nil)
    }

    /// Attempts from this machine carry no address: having signed in from here once must not let
    /// every later guess at that name from here go unchecked.
    @Test func aNameThatSignedInWithoutAnAddressIsStillCountedWithoutOne() {
        let throttle = throttle()
        #expect(throttle.begin(address: nil, name: "alice") == nil)
        throttle.succeeded(address: nil, name: "alice", as: "alice")
        #expect(fail(throttle, 20, address: nil, name: "alice") == 5)
        #expect(throttle.begin(address: nil, name: "alice") != nil)
        #expect(throttle.begin(address: nil, name: "bob") == nil, "other names are not held back")
        #expect(throttle.begin(address: "192.168.1.20", name: "alice") != nil, "nor known from elsewhere")
    }

    @Test func anIPv6NetworkIsCountedAsOneAddress() {
        let throttle = throttle()
        for host in 1...5 {
            #expect(throttle.begin(address: "2001:db8:1:2::\(host)", name: "n\(host)") == nil)
        }
        #expect(throttle.begin(address: "2001:db8:1:2:ffff:ffff:ffff:ffff", name: "someone") != nil)
        #expect(throttle.begin(address: "2001:db8:1:3::1", name: "someone") == nil)
    }

    @Test(arguments: [
        ("192.0.2.1", "192.0.2.1"), ("2001:DB8:0:0:1::7", "2001:db8:0:0::/64"), ("::ffff:192.0.2.1", "192.0.2.1"),
        ("fe80::1%eth0", "fe80::1%eth0"), ("fd12:3456:789a:1::9", "fd12:3456:789a:1::9"), ("not an address", "not an address"),
    ])
    func addressesAreCountedByNetwork(address: String, counted: String) {
        #expect(CountedAddress.of(address) == counted)
    }

    @Test func memoryStaysBounded() {
        var policy = SignInThrottle.Policy()
        policy.capacity = 100
        let clock = clock
        let throttle = SignInThrottle(policy: policy, now: { clock.now })
        for index in 0..<1_000 {
            clock.advance(by: .milliseconds(1))
            fail(throttle, 1, address: "10.0.\(index / 256).\(index % 256)", name: "n\(index)")
        }
        #expect(throttle.begin(address: "10.0.3.231", name: nil) == nil)
        #expect(throttle.entryCount <= 200)
    }
}
