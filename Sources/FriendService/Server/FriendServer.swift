import Foundation
import FriendStorage
import Hummingbird
import Logging
import ServiceLifecycle

/// Runs FriendService: in the foreground for the `friendservice serve` command, or in-process
/// (the terminal app embeds it; tests start one on an OS-picked port).
public enum FriendServer {
    /// Opens and migrates the store (once the port is known to be free), then serves until SIGTERM
    /// or SIGINT; in-flight requests finish and the database is closed before this returns.
    public static func run(_ configuration: FriendServerConfiguration) async throws {
        try configuration.validate()
        try await PortProbe.bindAndRelease(host: configuration.hostname, port: configuration.port)
        let logger = configuration.logger
        let (store, _) = try await openCheckedStore(configuration)
        logger.info("FriendService starting", metadata: ["database": "\(configuration.database)"])
        let application = buildApplication(configuration, store: store) { port in
            logger.notice("FriendService listening", metadata: ["address": "\(configuration.hostname):\(port)"])
        }
        let result = await Result.capturing { try await application.runService() }
        try await store.close()
        try result.get()
        logger.info("FriendService stopped")
    }

    /// Starts a server in this process and returns once it accepts connections.
    /// With port 0 the operating system picks a free port; `url` tells which.
    public static func start(_ configuration: FriendServerConfiguration) async throws -> RunningFriendServer {
        try configuration.validate()
        let (store, hasAccounts) = try await openCheckedStore(configuration)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let feed = makeChangeFeed(store: store, configuration: configuration)
        let spaces = AccountSpaces(mainStore: store, mainFeed: feed, configuration: configuration)
        let application = buildApplication(configuration, store: store, feed: feed, spaces: spaces) { port in
            portContinuation.yield(port)
        }
        let group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: configuration.logger)
        )
        let task = Task {
            let result = await Result.capturing { try await group.run() }
            try? await store.close()
            portContinuation.finish()
            try result.get()
        }
        for await port in ports {
            let host = configuration.hostname.contains(":") ? "[\(configuration.hostname)]" : configuration.hostname
            guard let url = URL(string: "http://\(host):\(port)") else { break }
            return RunningFriendServer(url: url, hasAccounts: hasAccounts, group: group, task: task, feed: feed, spaces: spaces)
        }
        try await task.value
        throw ConfigurationError("FriendService stopped before it started listening.")
    }

    /// The migrated store, when the server may serve it (`FriendServerConfiguration.checkAccounts`),
    /// and whether it has accounts.
    static func openCheckedStore(_ configuration: FriendServerConfiguration) async throws -> (any FriendStore, hasAccounts: Bool) {
        let store = try await openMigratedStore(configuration)
        do {
            let hasAccounts = try await configuration.checkAccounts(of: store)
            if let warning = configuration.unusedTokenWarning(hasAccounts: hasAccounts) { configuration.logger.warning("\(warning)") }
            return (store, hasAccounts)
        } catch {
            try? await store.close()
            throw error
        }
    }

    /// Opens the configured store and brings its schema up to date (`friendservice migrate` alone does just this).
    public static func openMigratedStore(_ configuration: FriendServerConfiguration) async throws -> any FriendStore {
        let store = try await configuration.database.openStore(using: configuration.backends, logger: configuration.logger)
        do {
            try await store.migrate()
        } catch {
            try? await store.close()
            throw error
        }
        return store
    }
}

/// A server started with `FriendServer.start`.
public struct RunningFriendServer: Sendable {
    /// Where it listens, such as `http://127.0.0.1:54321`.
    public let url: URL
    /// Whether its database had accounts when it started: then every request names one.
    public let hasAccounts: Bool
    let group: ServiceGroup
    let task: Task<Void, any Error>
    /// The live change feed of this instance (tests watch its subscribers).
    let feed: ChangeFeed
    /// The address books of its accounts.
    let spaces: AccountSpaces

    /// Stops accepting connections, lets in-flight requests finish, closes the database.
    public func shutdown() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}
