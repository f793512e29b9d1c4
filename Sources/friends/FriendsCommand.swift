import ArgumentParser
import Foundation

/// `friends`: the Friends terminal app.
///
/// With no `--server` it runs FriendService inside this process, on a free loopback port,
/// over a SQLite file in the user's data directory, so it works with nothing else running.
@main
struct FriendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friends",
        abstract: "Your friends in the terminal: list, search, add, edit and delete them.",
        discussion: """
            Without --server, the friends are kept in $XDG_DATA_HOME/friends/friends.sqlite \
            (~/.local/share/friends/friends.sqlite when XDG_DATA_HOME is not set).
            """
    )

    @Option(help: ArgumentHelp("Use the FriendService at this URL instead of the built-in one.", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp(
        "The bearer token the FriendService at --server asks for (or set FRIENDS_TOKEN).", valueName: "token"
    ))
    var token: String?

    @Flag(help: "Fill an empty friends list with a dozen sample friends.")
    var demo = false

    func validate() throws {
        if let server, ServerAddress(server) == nil {
            throw ValidationError("--server needs an http:// or https:// URL with a host, such as http://127.0.0.1:8080, not \(server).")
        }
        if token != nil, server == nil {
            throw ValidationError("--token is for a FriendService given with --server; the built-in one needs none.")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let backend: Backend = if let server, let address = ServerAddress(server) {
            .remote(address, token: token ?? environment["FRIENDS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 })
        } else {
            .embedded(DataDirectory.standard(environment: environment))
        }
        try await FriendsLauncher(backend: backend, addsDemoFriends: demo).run()
    }
}
