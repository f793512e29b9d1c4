import Foundation
import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers the first requests from a script, in order; once the script runs out, holds each
/// further request until its caller gives up (is cancelled), as a server that stopped answering.
actor ScriptedTransport: HTTPTransport {
    private var script: [(status: Int, body: String)]
    private(set) var requests: [URLRequest] = []
    private var holdingWaiters: [CheckedContinuation<Void, Never>] = []
    private var isHolding = false

    init(_ script: [(status: Int, body: String)]) {
        self.script = script
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        requests.append(request)
        guard script.isEmpty else {
            let answer = script.removeFirst()
            let response = HTTPURLResponse(url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: [:])!
            return (Data(answer.body.utf8), response)
        }
        isHolding = true
        holdingWaiters.forEach { $0.resume() }
        holdingWaiters = []
        try await Self.untilCancelled()
    }

    /// Returns once a request is being held.
    func untilHolding() async {
        guard !isHolding else { return }
        await withCheckedContinuation { holdingWaiters.append($0) }
    }

    private static func untilCancelled() async throws -> Never {
        let (never, continuation) = AsyncStream.makeStream(of: Void.self)
        for await _ in never {}
        continuation.finish()  // only now: a stream whose continuation is gone ends at once
        throw CancellationError()
    }
}
