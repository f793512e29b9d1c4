import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: a `URLSession` (FoundationNetworking on Linux).
///
/// Cancelling the calling task ends the wait with `CancellationError`, and a request that outlives
/// its `timeoutInterval` fails with `URLError(.timedOut)`, on every platform.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        #if canImport(FoundationNetworking)
        let session = self.session
        return try await DetachedRequest.send(timeout: request.timeoutInterval) {
            try await Self.receive(request, from: session)
        }
        #else
        return try await Self.receive(request, from: session)
        #endif
    }

    private static func receive(_ request: URLRequest, from session: URLSession) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let httpResponse = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, httpResponse)
    }
}
