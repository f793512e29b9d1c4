import Testing

@testable import FriendService

/// The limit on CardDAV answers worked on at once: no more than the limit run, the others go in
/// the order they came, and a caller that fails gives its turn back.
@Suite(.timeLimit(.minutes(3)))
struct ConcurrencyLimitTests {
    @Test func callersBeyondTheLimitWaitAndGoInTheOrderTheyCame() async {
        let limit = ConcurrencyLimit(2)
        let entered = EnteredLog()
        let gates = Gates()
        func caller(_ name: String) -> Task<String, Never> {
            Task {
                await limit.run {
                    await entered.append(name)
                    await gates.wait(for: name)
                    return name
                }
            }
        }

        let first = caller("A"), second = caller("B")
        await entered.waitFor(count: 2)
        let third = caller("C")
        #expect(await eventually { limit.waitingCount == 1 })
        let fourth = caller("D")
        #expect(await eventually { limit.waitingCount == 2 })
        #expect(await entered.names.count == 2)

        await gates.open("A")
        #expect(await first.value == "A")
        await entered.waitFor(count: 3)
        #expect(await entered.names.last == "C")
        #expect(limit.waitingCount == 1)

        await gates.open("B")
        #expect(await second.value == "B")
        await entered.waitFor(count: 4)
        #expect(await entered.names.last == "D")

        await gates.open("C")
        await gates.open("D")
        #expect(await third.value == "C")
        #expect(await fourth.value == "D")
        #expect(limit.waitingCount == 0)
    }

    @Test func aCallerThatFailsGivesItsTurnBack() async throws {
        struct Failure: Error {}
        let limit = ConcurrencyLimit(1)
        await #expect(throws: Failure.self) {
            try await limit.run { () async throws -> Int in throw Failure() }
        }
        #expect(await limit.run { 7 } == 7)
        #expect(limit.waitingCount == 0)
    }
}

/// The names of the callers that got their turn, in that order.
private actor EnteredLog {
    private(set) var names: [String] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    func append(_ name: String) {
        names.append(name)
        let ready = waiters.filter { $0.count <= names.count }
        waiters.removeAll { $0.count <= names.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    func waitFor(count: Int) async {
        if names.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}

/// One gate per caller, which the test opens.
private actor Gates {
    private var opened: Set<String> = []
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]

    func wait(for name: String) async {
        if opened.contains(name) { return }
        await withCheckedContinuation { waiting[name] = $0 }
    }

    func open(_ name: String) {
        opened.insert(name)
        waiting.removeValue(forKey: name)?.resume()
    }
}
