import NIOConcurrencyHelpers
import Testing

@testable import FriendService

struct UIDTurnsTests {
    @Test func writesOfOneUIDRunOneAfterAnotherAndOthersDoNotWait() async throws {
        let turns = UIDTurns()
        let log = NIOLockedValueBox<[String]>([])
        let (started, announceStart) = AsyncStream<Void>.makeStream()
        let (release, letGo) = AsyncStream<Void>.makeStream()

        async let first: Void = turns.inTurn(for: "ada") {
            log.withLockedValue { $0.append("first begins") }
            announceStart.yield()
            for await _ in release { break }
            log.withLockedValue { $0.append("first ends") }
        }
        for await _ in started { break }
        async let second: Void = turns.inTurn(for: "ada") { log.withLockedValue { $0.append("second") } }
        while turns.waitingCount(for: "ada") < 1 { await Task.yield() }

        try await turns.inTurn(for: "grace") { log.withLockedValue { $0.append("other UID") } }
        #expect(log.withLockedValue { $0 } == ["first begins", "other UID"])

        letGo.yield()
        try await first
        try await second
        #expect(log.withLockedValue { $0 } == ["first begins", "other UID", "first ends", "second"])
        #expect(turns.waitingCount(for: "ada") == 0)
    }

    @Test func aWriteThatFailsGivesTheTurnOn() async throws {
        struct Refused: Error {}
        let turns = UIDTurns()
        await #expect(throws: Refused.self) { try await turns.inTurn(for: "ada") { throw Refused() } }
        let ran = try await turns.inTurn(for: "ada") { true }
        #expect(ran)
    }
}
