import ArgumentParser
import FriendAccounts
import FriendService
import FriendStorage
import Foundation
import Logging
import NIOCore

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Migrate the database, then serve until SIGTERM or SIGINT.")

    @Option(help: "The address to listen on (default 127.0.0.1).")
    var hostname: String?

    // Unconditional: `--port -1` is a value to refuse clearly, not a missing one.
    @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free one (default 8080).")
    var port: Int?

    @Option(help: "Require 'Authorization: Bearer <token>' on every API route.")
    var token: String?

    @Flag(help: "Allow a non-loopback --hostname without a token or accounts.")
    var allowAnonymous = false

    @Flag(help: "Behind a reverse proxy on this machine (needs accounts or a token): any Host is answered, and failed sign-ins count against the address it forwards (X-Forwarded-For).")
    var behindProxy = false

    @Option(help: "With --behind-proxy: the name the proxy is reached by; requests addressed to another name than it and the loopback names get 421.")
    var publicName: String?

    @Flag(help: ArgumentHelp("Serve GET /ceiling/{bytes}, the load benchmark's reference.", visibility: .hidden))
    var ceilingRoute = false

    @Option(help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?

    @OptionGroup var database: DatabaseOption

    @OptionGroup var connectionLimits: ConnectionLimitOptions

    func validate() throws {
        if let port, !Self.ports.contains(port) { throw ValidationError("--port must be from 0 to 65535, not \(port).") }
        if let logLevel { _ = try Self.level(logLevel, named: "--log-level") }
    }

    private static func level(_ text: String, named name: String) throws -> Logger.Level {
        guard let level = Logger.Level(rawValue: text) else {
            let levels = Logger.Level.allCases.map(\.rawValue)
            throw ValidationError("\(name) must be \(levels.dropLast().joined(separator: ", ")) or \(levels.last!), not \(text).")
        }
        return level
    }

    func run() async throws {
        MallocTuning.apply()
        let level = try logLevel.map { try Self.level($0, named: "--log-level") }
            ?? Environment.value(.logLevel).map { try Self.level($0, named: EnvironmentVariable.logLevel.rawValue) } ?? .info
        let portText = Environment.value(.port)
        var configuration = FriendServerConfiguration(
            hostname: hostname ?? Environment.value(.hostname) ?? FriendServerConfiguration.defaultHostname,
            port: try port ?? portText.map(Self.port) ?? FriendServerConfiguration.defaultPort,
            database: try database.location(),
            backends: DatabaseOption.backends,
            token: token ?? Environment.value(.token),
            allowsAnonymousAccess: try allowAnonymous || Environment.isOn(.allowAnonymous),
            logLevel: level
        )
        configuration.accountSecrets = AccountCrypto()
        configuration.behindProxy = try behindProxy || Environment.isOn(.behindProxy)
        configuration.publicName = publicName ?? Environment.value(.publicName)
        configuration.servesCeilingRoute = ceilingRoute
        try connectionLimits.apply(to: &configuration)
        do {
            try await FriendServer.run(configuration)
        } catch let error as ConfigurationError {
            throw ValidationError(error.message)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw StartFailure(
                "Port \(configuration.port) of \(configuration.hostname) is in use (another FriendService?). "
                    + "Pass --port with another number, or --port 0 for any free port."
            )
        } catch is SocketAddressError, is SocketAddressError.UnknownHost {
            throw StartFailure("Cannot listen on \(configuration.hostname): this machine has no such address.")
        }
    }

    /// Why the server could not start, in one sentence (no usage after it, unlike a bad option).
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static let ports = 0...65_535

    private static func port(_ text: String) throws -> Int {
        guard let port = Int(text) else { throw ValidationError("FRIENDSERVICE_PORT must be a number, not \(text).") }
        guard ports.contains(port) else { throw ValidationError("FRIENDSERVICE_PORT must be from 0 to 65535, not \(port).") }
        return port
    }
}
