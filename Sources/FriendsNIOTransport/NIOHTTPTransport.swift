import Foundation
import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests and their whole answers over SwiftNIO, a connection each: waiting for a slow
/// FriendService costs no CPU, where URLSession on Linux keeps a core busy (see
/// `NIOHTTPExchange`). For https it leaves the request to URLSession.
public struct NIOHTTPTransport: HTTPTransport {
    public init() {}

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard request.url?.scheme?.lowercased() == "http" else {
            return try await URLSessionTransport().send(request)
        }
        let (response, body) = try await NIOHTTPExchange.open(request)
        var data = Data()
        for try await chunk in body { data += chunk }
        // A cancelled caller ends the stream early rather than with an error.
        try Task.checkCancellation()
        return (data, response)
    }
}
