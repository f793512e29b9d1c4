import ArgumentParser
import Foundation
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
        var command: any ParsableCommand
        do {
            command = try await asyncParseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as ValidationError {
            // Found while running (a variable of the environment, the database): ArgumentParser would
            // print the top level's usage, which names no option of the command that was run.
            exit(withError: error, runningCommand: type(of: command))
        } catch {
            exit(withError: error)
        }
    }

    /// `error` as ArgumentParser prints a refused value, with the usage of the command that was run.
    static func exit(withError error: ValidationError, runningCommand: any ParsableCommand.Type) -> Never {
        FileHandle.standardError.write(Data((message(for: error, runningCommand: runningCommand) + "\n").utf8))
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }

    static func message(for error: ValidationError, runningCommand: any ParsableCommand.Type) -> String {
        let names = Self.names(to: runningCommand) ?? [_commandName]
        return """
            Error: \(error.message)
            Usage: \(usageString(for: runningCommand))
              See '\(names.joined(separator: " ")) --help' for more information.
            """
    }

    /// The names typed to reach `command` from `parent` (`friendservice user add`).
    private static func names(to command: any ParsableCommand.Type, from parent: any ParsableCommand.Type = Self.self) -> [String]? {
        if parent == command { return [parent._commandName] }
        for subcommand in parent.configuration.subcommands {
            if let below = names(to: command, from: subcommand) { return [parent._commandName] + below }
        }
        return nil
    }
}
