import NIOCore
import NIOEmbedded
import Testing

@testable import HTTPServerKit

/// A connection's timeout fires when it is due, once, whatever the timer's granularity, and not
/// at all once set again or cleared (on an event loop whose clock the test moves).
struct ConnectionDeadlineTests {
    let loop = EmbeddedEventLoop()
    let fired = Counter()

    @Test func aTimeoutLongerThanTheGranularityFiresWhenDueNotBefore() {
        let deadline = ConnectionDeadline(eventLoop: loop, granularity: .seconds(10))
        deadline.set(after: .seconds(25)) { fired.count += 1 }
        loop.advanceTime(by: .seconds(24))
        #expect(fired.count == 0)
        loop.advanceTime(by: .seconds(1))
        #expect(fired.count == 1)
        loop.advanceTime(by: .seconds(60))
        #expect(fired.count == 1)
    }

    @Test func aTimeoutSetAgainCountsFromThen() {
        let deadline = ConnectionDeadline(eventLoop: loop, granularity: .seconds(10))
        deadline.set(after: .seconds(10)) { fired.count += 1 }
        loop.advanceTime(by: .seconds(6))
        deadline.set(after: .seconds(10)) { fired.count += 100 }
        loop.advanceTime(by: .seconds(9))
        #expect(fired.count == 0)
        loop.advanceTime(by: .seconds(1))
        #expect(fired.count == 100)
    }

    @Test func aShorterTimeoutThanTheTimerWaitsForFiresOnTime() {
        let deadline = ConnectionDeadline(eventLoop: loop, granularity: .seconds(10))
        deadline.set(after: .seconds(10)) { fired.count += 100 }
        deadline.set(after: .seconds(2)) { fired.count += 1 }
        loop.advanceTime(by: .seconds(2))
        #expect(fired.count == 1)
        loop.advanceTime(by: .seconds(60))
        #expect(fired.count == 1)
    }

    @Test func aClearedOrStoppedTimeoutNeverFires() {
        let deadline = ConnectionDeadline(eventLoop: loop, granularity: .seconds(10))
        deadline.set(after: .seconds(5)) { fired.count += 1 }
        deadline.clear()
        loop.advanceTime(by: .seconds(60))
        deadline.set(after: .seconds(5)) { fired.count += 1 }
        deadline.stop()
        loop.advanceTime(by: .seconds(60))
        #expect(fired.count == 0)
    }

    final class Counter {
        var count = 0
    }
}
