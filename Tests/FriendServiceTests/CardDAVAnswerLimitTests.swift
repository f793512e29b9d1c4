import FriendStorage
import HTTPServerKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import FriendService

/// Many CardDAV clients fetching cards at once are all answered, a few at a time: the server
/// holds no more requests and cards in memory than it works on (see `CardDAVMiddleware`).
@Suite(.timeLimit(.minutes(3)))
struct CardDAVAnswerLimitTests {
    static let multiget = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">
        <d:prop><d:getetag/><c:address-data/></d:prop><d:href>/dav/addressbooks/friends/friends/gone.vcf</d:href>
        </c:addressbook-multiget>
        """#

    @Test func reportsBeyondTheLimitWaitForTheirTurnAndEveryOneIsAnswered() async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let reads = HeldCardReads(base: base)
        let limit = CardDAVMiddleware<ConnectionRequestContext>.concurrentAnswers
        let requests = limit + 3
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<requests {
                    group.addTask {
                        try await client.execute(
                            uri: "/dav/addressbooks/friends/friends/", method: try #require(HTTPRequest.Method("REPORT")),
                            headers: [.contentType: "application/xml", HTTPField.Name("Depth")!: "1"],
                            body: ByteBuffer(string: Self.multiget)
                        ).status.code
                    }
                }
                #expect(await eventually { reads.reading == limit })
                // Time for the others to come in, were they let through.
                for _ in 0..<1_000 { await Task.yield() }
                #expect(reads.reading == limit)
                reads.open()
                var statuses: [Int] = []
                for try await status in group { statuses.append(status) }
                #expect(statuses == Array(repeating: 207, count: requests))
            }
        }
        #expect(reads.mostReadingAtOnce == limit)
    }
}

/// Reads of cards by name that wait, each counted while it waits, until the test opens them all;
/// every other read goes straight to `base`.
private final class HeldCardReads: ForwardingFriendReading {
    private struct State {
        var isOpen = false
        var reading = 0
        var mostReadingAtOnce = 0
        var held: [CheckedContinuation<Void, Never>] = []
    }

    let base: any FriendReading
    private let state = Mutex(State())

    init(base: any FriendReading) {
        self.base = base
    }

    var reading: Int { state.withLock { $0.reading } }
    var mostReadingAtOnce: Int { state.withLock { $0.mostReadingAtOnce } }

    func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    func cards(named names: [String]) async throws -> [StoredCard] {
        await withCheckedContinuation { continuation in
            let goesNow = state.withLock { state in
                state.reading += 1
                state.mostReadingAtOnce = max(state.mostReadingAtOnce, state.reading)
                if !state.isOpen { state.held.append(continuation) }
                return state.isOpen
            }
            if goesNow { continuation.resume() }
        }
        defer { state.withLock { $0.reading -= 1 } }
        return try await base.cards(named: names)
    }
}
