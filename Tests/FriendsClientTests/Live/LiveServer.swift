import Foundation
import FriendService
import FriendStorage
import FriendsClient
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TestServer {
    /// The app's client of this server (started `.live`).
    func client(token: String? = nil, transport: any HTTPTransport = URLSessionTransport()) -> AppServerClient {
        AppServerClient(baseURL: url, token: token, timeout: 30, transport: transport)
    }
}

/// The real transport behind a valve: each request waits there, so tests count requests and
/// decide when they go out.
struct ValvedTransport: HTTPTransport {
    let valve: Valve
    let base = URLSessionTransport()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard await valve.pass() else { throw CancellationError() }
        return try await base.send(request)
    }
}

/// Runs `operation` and returns how it failed, or `nil` when it succeeded.
func failure<Value>(of operation: () async throws(AppServerError) -> Value) async -> AppServerError? {
    do {
        _ = try await operation()
        return nil
    } catch {
        return error
    }
}
