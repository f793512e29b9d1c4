import Foundation
import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Whether FriendService still takes a browser session's sign-in: once it answers one of the
/// session's requests with 401 (the password was changed, the account removed), it no longer
/// does, and the session ends at its next request (`WebSessions.start(…holds:)`).
final class SignInStanding: @unchecked Sendable {
    private let lock = NSLock()
    private var refused = false
    private let (refusal, refusalContinuation) = AsyncStream<Void>.makeStream()

    var holds: Bool { lock.withLock { !refused } }

    func note(_ response: HTTPURLResponse) {
        guard response.statusCode == 401 else { return }
        lock.withLock { refused = true }
        refusalContinuation.finish()
    }

    /// Returns once FriendService has refused a request, or when the calling task is cancelled.
    func untilRefused() async {
        for await _ in refusal {}
    }
}

/// A transport that tells `standing` of every answer.
struct StandingNotingTransport: HTTPTransport {
    let base: any HTTPTransport
    let standing: SignInStanding

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await base.send(request)
        standing.note(response)
        return (data, response)
    }
}

/// The live feed's transport, telling `standing` of every answer too: the feed is the first to
/// hear that a sign-in no longer holds, when FriendService ends its stream and refuses the next.
struct StandingNotingEventTransport: EventStreamTransport {
    let base: any EventStreamTransport
    let standing: SignInStanding
    /// Run after each answer to a stream's request. An account removed as FriendService's last one
    /// has its streams ended too, and the next one is either refused (its password was being
    /// checked as the account went) or taken without a sign-in: FriendService is open to anyone
    /// then, which neither answer says (`BrowserSignIn` asks). Asked after the answer, not before
    /// the request: FriendService may stop asking for a sign-in while the request waits.
    var afterAnswer: (@Sendable () async -> Void)?

    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        let (response, body) = try await base.open(request)
        standing.note(response)
        await afterAnswer?()
        return (response, body)
    }
}
