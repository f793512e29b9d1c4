import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens a long-lived HTTP response and hands its body over chunk by chunk as it arrives.
///
/// `open` returns once the response head arrived, whatever its status. The body ends when the
/// server ends the response and throws when the connection fails; a consumer that stops
/// iterating (or is cancelled) closes the connection.
public protocol EventStreamTransport: Sendable {
    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>)
}
