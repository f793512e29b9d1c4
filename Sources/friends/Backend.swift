import Foundation
import FriendsClient
import FriendsNIOTransport

/// Where the app's friends live.
enum Backend: Equatable {
    /// A FriendService the app starts in its own process, over a SQLite file in `DataDirectory`.
    case embedded(DataDirectory)
    /// A FriendService that is already running somewhere.
    case remote(ServerAddress, credentials: Credentials?)
}

extension Backend {
    /// The account signed in to with a password (`--user`); nil on the built-in server or with a token.
    var accountName: String? {
        guard case .remote(_, .password(let user, _)?) = self else { return nil }
        return user
    }

    /// The client for the backend, and the embedded server when one was started (the caller
    /// shuts it down). `signsPeopleIn`: the caller signs each person in to an embedded server
    /// whose database has accounts (`friends web`); any other caller is refused such a database.
    func connect(signsPeopleIn: Bool = false) async throws(LaunchError) -> (AppServerClient, EmbeddedFriendService?) {
        let (url, credentials, embedded) = try await endpoint(signsPeopleIn: signsPeopleIn)
        let client = AppServerClient(
            baseURL: url, credentials: credentials, transport: NIOHTTPTransport(), eventTransport: NIOEventStreamTransport()
        )
        return (client, embedded)
    }

    /// The FriendService's address and credentials, and the embedded server when one was started.
    func endpoint(signsPeopleIn: Bool = false) async throws(LaunchError) -> (url: URL, credentials: Credentials?, embedded: EmbeddedFriendService?) {
        switch self {
        case .embedded(let directory):
            let service = try await EmbeddedFriendService.start(in: directory)
            guard !service.hasAccounts || signsPeopleIn else {
                await service.shutdown()
                throw LaunchError(
                    "The friends database \(directory.databaseURL.path) has accounts: open it with friends web, which signs each "
                        + "person in, or serve it with friendservice serve --database sqlite:\(directory.databaseURL.path) and "
                        + "connect with friends --server URL --user NAME (friends import and export take them too)."
                )
            }
            return (service.url, .token(service.token), service)
        case .remote(let address, let credentials):
            try await RemoteServerCheck.check(address, credentials: credentials)
            return (address.url, credentials, nil)
        }
    }
}
