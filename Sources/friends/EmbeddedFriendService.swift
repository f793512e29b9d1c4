import Foundation
import FriendService
import HTTPServerKit
import SQLiteFriendStorage

/// FriendService running inside this process while the app runs: 127.0.0.1 on a port the
/// operating system picks, over the SQLite file in the data directory.
///
/// It asks for a random bearer token that only this process knows, so other users of the
/// machine cannot read the friends through the loopback port. Over a database with accounts
/// (`EmbeddedAccounts`), each request names an account instead, and the token opens nothing.
struct EmbeddedFriendService {
    let url: URL
    let token: String
    let hasAccounts: Bool
    private let server: RunningFriendServer

    static func start(in directory: DataDirectory) async throws(LaunchError) -> EmbeddedFriendService {
        try directory.prepare()
        let token = SecretToken.make()
        var configuration = FriendServerConfiguration(
            hostname: "127.0.0.1",
            port: 0,
            database: .sqlite(path: directory.databaseURL.path),
            backends: [SQLiteBackend()],
            token: token,
            logLevel: .critical
        )
        configuration.accountSecrets = EmbeddedAccounts.secrets
        do {
            let server = try await FriendServer.start(configuration)
            return EmbeddedFriendService(url: server.url, token: token, hasAccounts: server.hasAccounts, server: server)
        } catch {
            throw LaunchError("Could not open the friends database \(directory.databaseURL.path): \(error)")
        }
    }

    /// Stops accepting connections, lets requests in flight finish and closes the database.
    func shutdown() async {
        try? await server.shutdown()
    }
}
