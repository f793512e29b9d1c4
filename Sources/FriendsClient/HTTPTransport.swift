import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response, whatever its status.
///
/// The client maps statuses to failures; a transport throws only when no response arrived
/// (a `URLError`, or `CancellationError` when the calling task was cancelled).
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
