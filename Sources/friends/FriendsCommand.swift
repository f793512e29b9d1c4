import ArgumentParser

/// `friends`: the Friends app, in the terminal (the default) or in a browser (`friends web`).
///
/// With no `--server` it runs FriendService inside this process, on a free loopback port,
/// over a SQLite file in the user's data directory, so it works with nothing else running.
@main
struct FriendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friends",
        abstract: "Your friends: list, search, add, edit and delete them, in the terminal or a browser.",
        discussion: """
            Without --server, the friends are kept in $XDG_DATA_HOME/friends/friends.sqlite \
            (~/.local/share/friends/friends.sqlite when XDG_DATA_HOME is not set).
            """,
        subcommands: [TerminalCommand.self, WebCommand.self, ImportCommand.self, ExportCommand.self],
        defaultSubcommand: TerminalCommand.self
    )
}

/// `friends` (or `friends terminal`): the terminal app.
struct TerminalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal",
        abstract: "Your friends in the terminal (what `friends` alone runs)."
    )

    @OptionGroup var options: BackendOptions
    @OptionGroup var demo: DemoOption

    func run() async throws {
        try await FriendsLauncher(backend: try await options.signedInBackend(), addsDemoFriends: demo.isOn).run()
    }
}

/// `friends web`: the same app, served to a browser on this machine.
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Your friends in a browser: prints a local address to open. Ctrl-C stops it."
    )

    @OptionGroup var options: BackendOptions
    @OptionGroup var demo: DemoOption

    // Unconditional: `--port -1` is a value to refuse clearly, not a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp("The port to serve on (0 picks a free one).", valueName: "port"))
    var port = 8088

    @OptionGroup var exposure: WebExposure

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port).")
        }
        if exposure.behindProxy, options.user != nil || options.token != nil {
            throw ValidationError("--behind-proxy serves friends with accounts to everyone who signs in: leave out --user and --token.")
        }
    }

    func run() async throws {
        try await WebLauncher(backend: try await options.signedInBackend(), addsDemoFriends: demo.isOn, port: port, exposure: exposure).run()
    }
}
