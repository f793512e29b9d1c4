import ArgumentParser
import Foundation

/// Where the friends live, for both views: the built-in FriendService or the one at `--server`.
struct BackendOptions: ParsableArguments {
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

    var backend: Backend {
        let environment = ProcessInfo.processInfo.environment
        if let server, let address = ServerAddress(server) {
            return .remote(address, token: token ?? environment["FRIENDS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 })
        }
        return .embedded(DataDirectory.standard(environment: environment))
    }
}
