import ArgumentParser
import Foundation
import FriendService
import Testing
@testable import friendservice

/// What `friendservice` says about its options and the environment it reads.
struct HelpAndValuesTests {
    @Test func theHelpListsEveryVariableTheServerReadsOneLineEach() {
        let help = FriendServiceCommand.helpMessage(columns: 200)
        let variables = [
            "FRIENDSERVICE_HOSTNAME", "FRIENDSERVICE_PORT", "FRIENDSERVICE_DATABASE", "FRIENDSERVICE_TOKEN",
            "FRIENDSERVICE_ALLOW_ANONYMOUS=1", "FRIENDSERVICE_BEHIND_PROXY=1", "FRIENDSERVICE_PUBLIC_NAME",
            "FRIENDSERVICE_LOG_LEVEL", "FRIENDSERVICE_HEADER_TIMEOUT", "FRIENDSERVICE_BODY_TIMEOUT",
            "FRIENDSERVICE_IDLE_TIMEOUT", "FRIENDSERVICE_WRITE_TIMEOUT", "FRIENDSERVICE_MAX_CONNECTIONS", "FRIENDSERVICE_MAX_SUBSCRIBERS", "XDG_DATA_HOME, HOME",
        ]
        let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for variable in variables {
            #expect(lines.filter { $0.hasPrefix(variable + " ") }.count == 1, "\(variable) in \(help)")
        }
        #expect(EnvironmentVariable.allCases.count == variables.count - 1)
    }

    /// A switch set to `true` turns its flag on, as `1` does; one set to something else is
    /// refused rather than read as off (a server meant to be behind a proxy started without it).
    @Test func aSwitchInTheEnvironmentIsOneOrZeroInAnyCommonSpelling() throws {
        for on in ["1", "true", "TRUE", "yes", "on"] {
            #expect(try Environment.isOn(.behindProxy, in: ["FRIENDSERVICE_BEHIND_PROXY": on]), "\(on)")
        }
        for off in ["0", "false", "no", "off", ""] {
            #expect(try !Environment.isOn(.behindProxy, in: ["FRIENDSERVICE_BEHIND_PROXY": off]), "\(off)")
        }
        #expect(try !Environment.isOn(.allowAnonymous, in: [:]))
        #expect {
            _ = try Environment.isOn(.allowAnonymous, in: ["FRIENDSERVICE_ALLOW_ANONYMOUS": "maybe"])
        } throws: { error in
            FriendServiceCommand.message(for: error) == "FRIENDSERVICE_ALLOW_ANONYMOUS is 1 (or true, yes, on) to turn --allow-anonymous on, or 0 (false, no, off); not \"maybe\"."
        }
    }

    @Test(arguments: [["serve", "--port", "-1"], ["serve", "--port", "65536"], ["--port", "-1"]])
    func aPortOutOfRangeIsRefusedForItsNumber(_ arguments: [String]) {
        #expect {
            _ = try FriendServiceCommand.parseAsRoot(arguments)
        } throws: { error in
            FriendServiceCommand.message(for: error) == "--port must be from 0 to 65535, not \(arguments.last!)."
        }
    }

    /// The names people reach for from other tools (passwd, delete, rm, ls) reach the same commands.
    @Test(arguments: [
        (["user", "passwd", "bob"], "password"), (["user", "delete", "bob"], "remove"),
        (["user", "rm", "bob"], "remove"), (["user", "ls"], "list"),
    ])
    func userCommandsAnswerToTheirCommonNames(_ arguments: [String], command: String) throws {
        let parsed = try FriendServiceCommand.parseAsRoot(arguments)
        #expect(type(of: parsed).configuration.commandName == command)
    }

    /// A client that stops reading is given as long whether it reads an answer or the live feed.
    @Test func theWriteTimeoutIsTheLiveFeedsToo() throws {
        let serve = try #require(try FriendServiceCommand.parseAsRoot(["serve", "--write-timeout", "4.5"]) as? Serve)
        var configuration = FriendServerConfiguration()
        try serve.connectionLimits.apply(to: &configuration)
        #expect(configuration.connectionLimits.writeTimeout == .milliseconds(4_500))
        #expect(configuration.eventStreamLimits.progressTimeout == .milliseconds(4_500))
    }

    /// Silent connections give way to requests past a tenth of the slots: a tenth of the slots
    /// asked for, not of the default 1,000 (with 20 slots, 20 silent sockets held every slot
    /// until the header timeout).
    @Test func theSilentConnectionsLimitIsATenthOfTheConnectionsAskedFor() throws {
        let serve = try #require(try FriendServiceCommand.parseAsRoot(["serve", "--max-connections", "20"]) as? Serve)
        let limits = try serve.connectionLimits.limits()
        #expect(limits.maximumConnections == 20)
        #expect(limits.maximumSilentConnections == 2)
        var set = limits
        set.maximumSilentConnections = 5
        set.maximumConnections = 500
        #expect(set.maximumSilentConnections == 5)
    }

    @Test(arguments: [("--header-timeout", "0"), ("--body-timeout", "-2"), ("--idle-timeout", "inf"), ("--write-timeout", "0")])
    func aTimeoutThatIsNoPositiveNumberIsRefusedNamingItsOption(option: String, value: String) throws {
        let serve = try #require(try FriendServiceCommand.parseAsRoot(["serve", option, value]) as? Serve)
        #expect {
            _ = try serve.connectionLimits.limits()
        } throws: { error in
            FriendServiceCommand.message(for: error) == "\(option) must be a positive number of seconds, not \(Double(value)!)."
        }
    }

    @Test func anUnknownLogLevelIsRefusedListingTheLevels() throws {
        #expect {
            _ = try FriendServiceCommand.parseAsRoot(["serve", "--log-level", "loud"])
        } throws: { error in
            FriendServiceCommand.message(for: error)
                == "--log-level must be trace, debug, info, notice, warning, error or critical, not loud."
        }
    }

    @Test func aNegativeNumberOfConnectionsIsRefusedForItsNumber() throws {
        let serve = try #require(try FriendServiceCommand.parseAsRoot(["serve", "--max-connections", "-1"]) as? Serve)
        #expect {
            _ = try serve.connectionLimits.limits()
        } throws: { error in
            FriendServiceCommand.message(for: error) == "--max-connections must be at least 1."
        }
    }
}

/// A value refused while a command runs (a variable of the environment, the database) comes with
/// that command's usage, as one refused while parsing does, not the top level's.
struct RunningCommandErrorTests {
    @Test func aValueRefusedWhileRunningIsShownWithTheUsageOfTheCommandThatRan() {
        let message = FriendServiceCommand.message(for: ValidationError("FRIENDSERVICE_PORT must be a number, not abc."), runningCommand: UserAdd.self)
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: FRIENDSERVICE_PORT must be a number, not abc.")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: friendservice user add <name>") == true, "\(message)")
        #expect(lines.last == "  See 'friendservice user add --help' for more information.")
        #expect(FriendServiceCommand.message(for: ValidationError("x"), runningCommand: Serve.self).hasSuffix("See 'friendservice serve --help' for more information."))
    }
}
