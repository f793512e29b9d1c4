import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// What a client gets, and what the log says, when the storage fails or the server has a bug:
/// only the storage's own word makes a 503 (with Retry-After) or a 507; anything else is a 500.
/// An outage or a full disk is logged once when it starts and once when it ends, with the count
/// of the requests refused meanwhile, not once a request.
struct StorageFailureResponseTests {
    @Test func aBugIsA500WithTheEnvelopeNotAnOutage() async throws {
        try await withApplication(failingReadsWith: Bug()) { client in
            let response = try await client.send(.get, "/friends/1")
            #expect(response.status == .internalServerError)
            #expect(response.headers[.retryAfter] == nil)
            #expect(try response.envelope.error.message == "The server failed to answer this request; the failure is logged.")
        }
    }

    @Test func theStorageSayingItIsUnavailableIsA503WithRetryAfter() async throws {
        try await withApplication(failingReadsWith: FriendStoreError.unavailable("connection refused")) { client in
            let response = try await client.send(.get, "/friends/1")
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "1")
            #expect(try response.envelope.error.message == "The database is not available; try again later.")
        }
    }

    @Test func aBugIsLoggedAtErrorWithItsCause() async throws {
        let log = CapturedLog()
        let reads = FailingReads(failure: Bug())
        try await withRouter(reads, log: log) { client in
            let response = try await client.send(.get, "/friends")
            #expect(response.status == .internalServerError)
        }
        let errors = log.lines(at: .error)
        #expect(errors.count == 1)
        #expect(errors.first?.metadata["error"]?.contains("Bug") == true, "\(errors)")
        #expect(errors.first?.metadata["path"] == "/friends")
    }

    @Test func anOutageIsLoggedOnceAndItsEndOnceWithTheRequestsRefused() async throws {
        let log = CapturedLog()
        let reads = FailingReads(failure: FriendStoreError.unavailable("connection refused"))
        try await withRouter(reads, log: log) { client in
            for _ in 0..<5 {
                let refused = try await client.send(.get, "/friends")
                #expect(refused.status == .serviceUnavailable)
            }
            #expect(log.lines(at: .error).map(\.message) == ["The database is not available; answering 503 until it answers again"])
            #expect(log.lines(at: .error).first?.metadata["reason"] == "connection refused")

            reads.setFailure(nil)
            for _ in 0..<3 {
                let served = try await client.send(.get, "/friends")
                #expect(served.status == .ok)
            }
        }
        #expect(log.lines(at: .error).count == 1)
        #expect(log.lines(at: .notice).map(\.message) == ["The database answers again; 5 requests were refused with 503 while it did not"])
    }

    /// Every connection busy, a lock or statement timeout: load, said as such, and no outage is
    /// logged to start or end (it used to flap between the two under load).
    @Test func aBusyDatabaseIsA503ThatIsNoOutage() async throws {
        let log = CapturedLog()
        let reads = FailingReads(failure: FriendStoreError.busy("all 8 of its connections were in use"))
        try await withRouter(reads, log: log) { client in
            for _ in 0..<3 {
                let refused = try await client.send(.get, "/friends")
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.headers[.retryAfter] == "1")
                #expect(try refused.envelope.error.message == "The database is busy; try again in a moment.")
            }
            reads.setFailure(nil)
            #expect(try await client.send(.get, "/friends").status == .ok)
        }
        #expect(log.lines(at: .error).isEmpty, "\(log.lines(at: .error))")
        #expect(log.lines(at: .notice).isEmpty, "\(log.lines(at: .notice))")
        #expect(log.lines(at: .warning).map(\.message) == ["The database is busy: 1 request was refused with 503 since the server started"])
        #expect(log.lines(at: .warning).first?.metadata["reason"] == "all 8 of its connections were in use")
    }

    @Test func aFullDiskIsA507LoggedOnceUntilAWriteSucceeds() async throws {
        let log = CapturedLog()
        let writes = FailingWrites(failure: FriendStoreError.diskFull(file: "/data/friends.sqlite"))
        try await withRouter(FailingReads(failure: nil), writes: writes, log: log) { client in
            for _ in 0..<3 {
                let refused = try await client.send(.post, "/friends")
                #expect(refused.status.code == 507)
                #expect(try refused.envelope.error.message == "The disk holding /data/friends.sqlite is full; free space and try again.")
            }
            // Reads go on, and do not end the full disk.
            let read = try await client.send(.get, "/friends")
            #expect(read.status == .ok)
            #expect(log.lines(at: .error).count == 1)
            #expect(log.lines(at: .error).first?.message.contains("/data/friends.sqlite is full") == true)

            writes.setFailure(nil)
            let written = try await client.send(.post, "/friends")
            #expect(written.status == .ok)
        }
        #expect(log.lines(at: .error).count == 1)
        #expect(log.lines(at: .notice).map(\.message)
            == ["Writes succeed again on /data/friends.sqlite; 3 requests were refused with 507 while its disk was full"])
    }

    // MARK: - Helpers

    private struct Bug: Error {}

    /// The whole application over a memory store whose reads fail with `failure`.
    private func withApplication(
        failingReadsWith failure: any Error, _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let store = ComposedFriendStore(base, reading: FailingReads(failure: failure))
        try await TestApp.run(store: store) { client, _ in try await body(client) }
    }

    /// The error middleware and the storage watch as the application has them, logging to `log`,
    /// over two routes: `GET /friends` reads, `POST /friends` creates.
    private func withRouter(
        _ reads: FailingReads, writes: FailingWrites = FailingWrites(failure: nil), log: CapturedLog,
        _ body: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let watch = StorageWatch(logger: log.logger)
        writes.base = base
        let store = watch.watching(ComposedFriendStore(base, reading: reads), writes: writes)
        let router = Router()
        router.add(middleware: ErrorEnvelopeMiddleware(logger: log.logger, watch: watch))
        router.get("/friends") { _, _ in
            _ = try await store.all()
            return Response(status: .ok)
        }
        router.post("/friends") { _, _ in
            _ = try await store.create(.sample("Ada", "Lovelace"))
            return Response(status: .ok)
        }
        try await Application(router: router).test(.router) { try await body($0) }
    }
}

/// Reads that fail with `failure` while it is set, and find nothing otherwise.
final class FailingReads: FriendReading {
    private let failure: Mutex<(any Error)?>

    init(failure: (any Error)?) {
        self.failure = Mutex(failure)
    }

    func setFailure(_ error: (any Error)?) { failure.withLock { $0 = error } }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func list(_ request: FriendListRequest) async throws -> [StoredFriend] { try check(); return [] }
    func count(matching search: FriendSearch?, atMost limit: Int?) async throws -> Int { try check(); return 0 }
    func listSnapshot(
        _ request: FriendListRequest, reading need: @escaping @Sendable (Int) -> FriendListNeed
    ) async throws -> FriendListSnapshot {
        try check()
        return FriendListSnapshot(sequence: 0, rows: [], count: 0)
    }
    func all() async throws -> [StoredFriend] { try check(); return [] }
    func friend(id: Int) async throws -> StoredFriend? { try check(); return nil }
    func friend(uid: String) async throws -> StoredFriend? { try check(); return nil }
    func card(id: Int) async throws -> StoredCard? { try check(); return nil }
    func cards(matching search: FriendSearch?, afterID: Int, limit: Int) async throws -> [StoredCard] { try check(); return [] }
    func cardSummaries(afterID: Int, limit: Int) async throws -> [CardSummary] { try check(); return [] }
    func cards(named names: [String]) async throws -> [StoredCard] { try check(); return [] }
}

/// Writes that fail with `failure` while it is set, and go to `base` otherwise.
final class FailingWrites: FriendWriting {
    private let state: Mutex<(failure: (any Error)?, base: (any FriendWriting)?)>

    init(failure: (any Error)?) {
        state = Mutex((failure, nil))
    }

    var base: (any FriendWriting)? {
        get { state.withLock { $0.base } }
        set { state.withLock { $0.base = newValue } }
    }

    func setFailure(_ error: (any Error)?) { state.withLock { $0.failure = error } }

    private func checked() throws -> any FriendWriting {
        let (failure, base) = state.withLock { ($0.failure, $0.base) }
        if let failure { throw failure }
        guard let base else { throw FriendStoreError.unavailable("no store to write to") }
        return base
    }

    func create(_ fields: NewFriend) async throws -> StoredFriend { try await checked().create(fields) }
    func create(card: VCard, resourceName: String?) async throws -> StoredFriend {
        try await checked().create(card: card, resourceName: resourceName)
    }
    func replace(id: Int, with card: VCard, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await checked().replace(id: id, with: card, if: precondition)
    }
    func update(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await checked().update(id: id, with: update, if: precondition)
    }
    func delete(id: Int, if precondition: VersionPrecondition) async throws -> StoredFriend {
        try await checked().delete(id: id, if: precondition)
    }
    func insert(_ friends: [NewFriend]) async throws { try await checked().insert(friends) }
}
