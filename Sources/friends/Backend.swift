import Foundation
import FriendsClient
import FriendsNIOTransport

/// Where the app's friends live.
enum Backend {
    /// A FriendService the app starts in its own process, over a SQLite file in `DataDirectory`.
    case embedded(DataDirectory)
    /// A FriendService that is already running somewhere.
    case remote(ServerAddress, token: String?)
}

extension Backend {
    /// The client for the backend, and the embedded server when one was started (the caller
    /// shuts it down).
    func connect() async throws(LaunchError) -> (AppServerClient, EmbeddedFriendService?) {
        let (url, token, embedded) = try await endpoint()
        return (AppServerClient(baseURL: url, token: token, eventTransport: NIOEventStreamTransport()), embedded)
    }

    /// The FriendService's address and token, and the embedded server when one was started.
    func endpoint() async throws(LaunchError) -> (url: URL, token: String?, embedded: EmbeddedFriendService?) {
        switch self {
        case .embedded(let directory):
            let service = try await EmbeddedFriendService.start(in: directory)
            return (service.url, service.token, service)
        case .remote(let address, let token):
            try await RemoteServerCheck.check(address, token: token)
            return (address.url, token, nil)
        }
    }
}
