import NIOConcurrencyHelpers
import NIOCore
import Testing

@testable import HTTPServerKit

/// Past the limit, the connections silent longest are closed, but only while slots run short and
/// once they have been silent for the patience; one that spoke is never closed for silence.
struct SilentConnectionsTests {
    final class Clock: Sendable {
        private let current = NIOLockedValueBox(NIODeadline.uptimeNanoseconds(1_000_000_000))
        var now: NIODeadline { current.withLockedValue { $0 } }
        func advance(_ amount: TimeAmount) { current.withLockedValue { $0 = $0 + amount } }
    }

    @Test func onlyConnectionsSilentForThePatienceAreClosedAndOldestFirst() {
        let clock = Clock()
        let closed = NIOLockedValueBox<[Int]>([])
        let silent = SilentConnections(limit: 2, slots: 5, patience: .seconds(1), now: { clock.now })
        let tickets = (1...5).map { number in silent.accepted { closed.withLockedValue { $0.append(number) } } }
        #expect(closed.withLockedValue { $0 }.isEmpty, "a burst younger than the patience is not closed")

        silent.spoke(tickets[0])
        clock.advance(.milliseconds(999))
        silent.closePastLimit()
        #expect(closed.withLockedValue { $0 }.isEmpty)

        clock.advance(.milliseconds(1))
        silent.closePastLimit()
        #expect(closed.withLockedValue { $0 } == [2, 3], "the oldest silent ones, down to the limit; number 1 spoke")
        #expect(silent.count == 2)

        _ = silent.accepted { closed.withLockedValue { $0.append(6) } }
        #expect(closed.withLockedValue { $0 } == [2, 3, 4], "a new connection makes room from the old ones")
    }

    @Test func whileSlotsAreFreeNoSilentConnectionIsClosed() {
        let clock = Clock()
        let closed = NIOLockedValueBox<[Int]>([])
        let silent = SilentConnections(limit: 2, slots: 10, patience: .seconds(1), now: { clock.now })
        for number in 1...8 { _ = silent.accepted { closed.withLockedValue { $0.append(number) } } }
        clock.advance(.seconds(5))
        silent.closePastLimit()
        #expect(closed.withLockedValue { $0 }.isEmpty, "8 silent of 10 slots: two are still free, nobody waits")

        _ = silent.accepted { closed.withLockedValue { $0.append(9) } }
        #expect(closed.withLockedValue { $0 } == [1, 2, 3, 4, 5, 6, 7], "one slot free: silent ones past the limit make room")

        for _ in 1...7 { silent.ended() }
        _ = silent.accepted { closed.withLockedValue { $0.append(10) } }
        clock.advance(.seconds(5))
        silent.closePastLimit()
        #expect(closed.withLockedValue { $0 }.count == 7, "with room again, the three silent ones are left alone")
    }
}
