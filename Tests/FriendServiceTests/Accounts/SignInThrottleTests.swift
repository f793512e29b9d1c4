import Testing

@testable import HTTPServerKit

struct SignInThrottleTests {
    let clock = TestInstantClock()

    private func throttle() -> SignInThrottle {
        let clock = clock
        return SignInThrottle(now: { clock.now })
    }

    @Test func theDelayDoublesAfterTheFreeFailuresAndStopsAtTheMaximum() {
        let throttle = throttle()
        for _ in 0..<5 {
            #expect(throttle.wait(address: "10.0.0.9", name: "alice") == nil)
            throttle.failed(address: "10.0.0.9", name: "alice")
        }
        var delays: [Duration] = []
        for _ in 0..<9 {
            let wait = throttle.wait(address: "10.0.0.9", name: "alice") ?? .zero
            delays.append(wait)
            clock.advance(by: wait)
            throttle.failed(address: "10.0.0.9", name: "alice")
        }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
    }

    @Test func countsAreForgottenAfterAQuietWhile() {
        let throttle = throttle()
        for _ in 0..<8 { throttle.failed(address: "10.0.0.9", name: nil) }
        #expect(throttle.wait(address: "10.0.0.9", name: nil) != nil)
        clock.advance(by: .seconds(15 * 60))
        #expect(throttle.wait(address: "10.0.0.9", name: nil) == nil)
    }

    @Test func guessingSomeonesPasswordFromElsewhereDoesNotLockThemOutAtHome() {
        let throttle = throttle()
        throttle.succeeded(address: "192.168.1.20", name: "alice")
        for _ in 0..<20 { throttle.failed(address: "203.0.113.7", name: "alice") }
        #expect(throttle.wait(address: "203.0.113.7", name: "alice") != nil)
        #expect(throttle.wait(address: "198.51.100.1", name: "alice") != nil)
        #expect(throttle.wait(address: "192.168.1.20", name: "alice") == nil)
    }

    @Test func memoryStaysBounded() {
        var policy = SignInThrottle.Policy()
        policy.capacity = 100
        let clock = clock
        let throttle = SignInThrottle(policy: policy, now: { clock.now })
        for index in 0..<1_000 {
            clock.advance(by: .milliseconds(1))
            throttle.failed(address: "10.0.\(index / 256).\(index % 256)", name: "n\(index)")
        }
        #expect(throttle.wait(address: "10.0.3.231", name: nil) == nil)
        #expect(throttle.entryCount <= 200)
    }
}
