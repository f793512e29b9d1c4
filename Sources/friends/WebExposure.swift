import ArgumentParser
import FriendService

/// Where `friends web` may be reached from: this machine (the default), or — only with accounts,
/// where each person signs in — the network, through a reverse proxy on this machine that
/// serves it over https (`--behind-proxy`).
struct WebExposure: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The address to listen on; one beyond this machine needs --behind-proxy and accounts.",
        valueName: "address"
    ))
    var host = "127.0.0.1"

    @Flag(help: "Served over https by a reverse proxy on this machine: cookies are Secure, and only its requests are taken.")
    var behindProxy = false

    @Option(help: ArgumentHelp(
        "The host name people open behind the proxy, such as friends.example.org (Host checks take it).", valueName: "name"
    ))
    var publicName: String?

    var isLoopback: Bool { FriendServerConfiguration.isLoopback(host) }

    func validate() throws {
        if !isLoopback, !behindProxy {
            throw ValidationError(
                "friends web listens beyond this machine only behind a reverse proxy that serves it over https: add --behind-proxy."
            )
        }
        if let problem = FriendServerConfiguration.problem(withPublicName: publicName, behindProxy: behindProxy) {
            throw ValidationError(problem)
        }
    }

    /// The names requests may be addressed to.
    var acceptedHostNames: Set<String> {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        if let publicName { names.insert(publicName.lowercased()) }
        return names
    }
}
