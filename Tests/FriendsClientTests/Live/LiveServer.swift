import Foundation
import FriendService
import FriendStorage
import FriendsClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A FriendService started in this process on 127.0.0.1 with an OS-picked port and an in-memory
/// database, stopped when the body returns or throws.
func withLiveServer(
    token: String? = nil,
    _ body: (RunningFriendServer) async throws -> Void
) async throws {
    let configuration = FriendServerConfiguration(
        hostname: "127.0.0.1", port: 0, database: .memory, token: token, logLevel: .critical
    )
    let server = try await FriendServer.start(configuration)
    do {
        try await body(server)
    } catch {
        try? await server.shutdown()
        throw error
    }
    try await server.shutdown()
}

extension RunningFriendServer {
    func client(token: String? = nil, transport: any HTTPTransport = URLSessionTransport()) -> AppServerClient {
        AppServerClient(baseURL: url, token: token, timeout: 10, transport: transport)
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
