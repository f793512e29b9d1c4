import ArgumentParser
import FriendService
import HTTPServerKit
import Logging

@main
struct FriendServiceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "friendservice",
        abstract: "The Friends REST backend.",
        discussion: EnvironmentVariable.helpText,
        subcommands: [Serve.self, Migrate.self, Seed.self, User.self, Restored.self],
        defaultSubcommand: Serve.self
    )

    static func main() async {
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label) }
        await main(nil)
    }
}
