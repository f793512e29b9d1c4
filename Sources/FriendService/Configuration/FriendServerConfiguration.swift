import FriendStorage
import HTTPServerKit
import Logging

/// Everything the server needs to start; the `friendservice` flags and environment fill it in.
public struct FriendServerConfiguration: Sendable {
    public static let defaultHostname = "127.0.0.1"
    public static let defaultPort = 8080
    public static let defaultMaximumBodySize = 64 * 1024
    /// `POST /friends/import`: read as it arrives, one card at a time (each at most 8 MiB).
    public static let defaultMaximumImportSize = 256 << 20

    public var hostname: String
    /// 0 lets the operating system pick a free port; `RunningFriendServer.url` tells which.
    public var port: Int
    public var database: DatabaseLocation
    /// The kinds of storage this program links, which open `database` (memory needs none).
    public var backends: [any FriendStoreBackend]
    /// When set, every API route needs `Authorization: Bearer <token>`.
    public var token: String?
    /// Allows listening on a non-loopback address without a token.
    public var allowsAnonymousAccess: Bool
    public var logLevel: Logger.Level
    /// Request bodies larger than this get 413.
    public var maximumBodySize: Int
    /// The largest import body, in bytes.
    public var maximumImportSize: Int = FriendServerConfiguration.defaultMaximumImportSize
    /// Read timeouts, the keep-alive idle timeout and the cap on open connections.
    public var connectionLimits = ConnectionLimits()
    /// How many changes the change log keeps for clients resuming the live feed.
    public var changeHistoryLimit: Int = 10_000
    /// How many undelivered changes a live-feed subscriber may have before it gets `reset` and is closed.
    public var changeBufferSize: Int = 256
    /// How often an idle live feed gets a keep-alive comment: often enough that a client counts a
    /// server gone silent (frozen, or the network lost without a word) as a drop within seconds
    /// (`AppServerClient.changeStreamIdleTimeout`, 25 s, waits for two and a half of them).
    public var changeKeepAliveInterval: Duration = .seconds(10)
    /// How many live-feed streams may be open at once (more get 503); `nil` for 80% of the
    /// connection limit, so that subscribers never take the slots ordinary requests need.
    public var maximumSubscribers: Int?
    /// How long a live-feed write may wait for a subscriber that stopped reading, and what its
    /// socket may queue.
    public var eventStreamLimits = EventStreamLimits()

    /// The cryptography of accounts (`FriendAccounts`): without it, a database that has accounts is refused.
    public var accountSecrets: (any AccountSecrets)?
    /// Where the accounts are: the main store's own tables when `nil`.
    public var accountRegistry: (any AccountRegistry)?
    /// Behind a reverse proxy on this machine: failed sign-ins are counted against the address
    /// the proxy gives in `X-Forwarded-For` (believed only from a loopback peer).
    public var behindProxy = false
    /// Behind the proxy: the name it is reached by. Requests addressed to any other name than it
    /// and the loopback names then get 421, as without the proxy (a page whose name is made to
    /// resolve to 127.0.0.1 cannot reach the server). Without it, behind a proxy, any name is answered.
    public var publicName: String?
    /// Serves `GET /ceiling/{bytes}`, the load benchmark's reference (see `CeilingRoute`).
    public var servesCeilingRoute = false
    var signInPolicy = SignInThrottle.Policy()
    /// The clock of sign-in delays and of what is remembered from the account registry.
    var now: @Sendable () -> ContinuousClock.Instant = { .now }

    /// `maximumSubscribers`, or 80% of `connectionLimits.maximumConnections` when unset.
    public var subscriberLimit: Int {
        maximumSubscribers ?? connectionLimits.maximumConnections * 4 / 5
    }

    public init(
        hostname: String = defaultHostname,
        port: Int = defaultPort,
        database: DatabaseLocation = .defaultSQLite(),
        backends: [any FriendStoreBackend] = [],
        token: String? = nil,
        allowsAnonymousAccess: Bool = false,
        logLevel: Logger.Level = .info,
        maximumBodySize: Int = defaultMaximumBodySize
    ) {
        self.hostname = hostname
        self.port = port
        self.database = database
        self.backends = backends
        self.token = token
        self.allowsAnonymousAccess = allowsAnonymousAccess
        self.logLevel = logLevel
        self.maximumBodySize = maximumBodySize
    }

    /// Refuses settings that would expose the friends to the network by accident.
    public func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ConfigurationError("The port must be from 0 to 65535, not \(port).")
        }
        if let token, token.isEmpty || token.contains(where: { $0.isWhitespace }) {
            throw ConfigurationError("The token must not be empty or contain spaces.")
        }
        if let maximumSubscribers, !(1..<connectionLimits.maximumConnections).contains(maximumSubscribers) {
            throw ConfigurationError(
                "The live-feed subscriber limit must be from 1 to one less than the connection limit "
                    + "(\(connectionLimits.maximumConnections)), so that other requests keep a connection; not \(maximumSubscribers)."
            )
        }
        if let problem = Self.problem(withPublicName: publicName, behindProxy: behindProxy) {
            throw ConfigurationError(problem)
        }
        if !servesWithoutAccounts, accountSecrets == nil {
            throw ConfigurationError(
                "Refusing to listen on \(hostname) without a token: anyone on the network could read and change "
                    + "every friend. Set --token (or FRIENDSERVICE_TOKEN), or pass --allow-anonymous to accept that."
            )
        }
    }

    /// Whether the server may answer without accounts: on loopback (not behind a reverse proxy,
    /// which would pass on anyone's requests), with a token, or anonymous by choice. Otherwise it
    /// serves only once there are accounts.
    var servesWithoutAccounts: Bool {
        (Self.isLoopback(hostname) && !behindProxy) || token != nil || allowsAnonymousAccess
    }

    /// Whether requests must be addressed to a loopback name or the public name (against DNS
    /// rebinding): on loopback without a token, and behind a reverse proxy whose public name is
    /// given, token or not. Accounts do not lift it: a rebound page sets whatever `Authorization`
    /// it likes, and would guess passwords from loopback, where no client address is counted.
    var checksHostNames: Bool {
        guard Self.isLoopback(hostname) else { return false }
        return behindProxy ? publicName != nil : token == nil
    }

    /// The names `checksHostNames` accepts.
    var acceptedHostNames: Set<String> {
        HostCheckMiddleware<ConnectionRequestContext>.loopbackNames(and: hostname).union(publicName.map { [$0.lowercased()] } ?? [])
    }

    /// Why `publicName` cannot be used, or `nil` when it can: it names the reverse proxy, so it
    /// needs `behindProxy`, and it is a host name. (`friends web` takes `--public-name` too.)
    public static func problem(withPublicName publicName: String?, behindProxy: Bool) -> String? {
        guard let publicName else { return nil }
        guard behindProxy else { return "--public-name names the address of the reverse proxy: add --behind-proxy." }
        guard !publicName.isEmpty, !publicName.contains(where: { $0 == "/" || $0 == ":" || $0.isWhitespace }) else {
            return "--public-name is a host name such as friends.example.org, not \(publicName)."
        }
        return nil
    }

    /// Where the accounts of a server over `store` are: `accountRegistry`, else the store's own tables.
    func registry(over store: any FriendStore) -> (any AccountRegistry)? {
        accountRegistry ?? (store as? any AccountRegistry)
    }

    /// Whether `store` has accounts. Refuses, when the server may serve only accounts, a database
    /// that has none yet; and a database with accounts in a program that cannot check their passwords.
    func checkAccounts(of store: any FriendStore) async throws -> Bool {
        let hasAccounts = try await registry(over: store)?.hasAccounts() ?? false
        if hasAccounts, accountSecrets == nil {
            throw ConfigurationError(
                "This database has accounts, and this program cannot check passwords: serve it with "
                    + "`friendservice serve --database \(database)` and connect with `friends --server URL --user NAME`, "
                    + "or open it with `friends web` built with accounts (`swift run --traits Accounts friends web`)."
            )
        }
        if !servesWithoutAccounts, !hasAccounts {
            throw ConfigurationError(
                "Refusing to \(behindProxy ? "serve behind a reverse proxy" : "listen on \(hostname)") without accounts or a token: "
                    + "anyone on the network could read and change "
                    + "every friend. Add an account (friendservice user add NAME), set --token (or FRIENDSERVICE_TOKEN), "
                    + "or pass --allow-anonymous to accept that."
            )
        }
        return hasAccounts
    }

    /// What a server says as it starts with a token beside accounts, where the token signs nobody
    /// in: a household moving from one token to accounts keeps it in its configuration and apps.
    func unusedTokenWarning(hasAccounts: Bool) -> String? {
        guard hasAccounts, token != nil else { return nil }
        return "--token (or FRIENDSERVICE_TOKEN) is not used: this database has accounts, and each person signs in "
            + "with their name and password or a token of their own (friendservice user token NAME)."
    }

    /// Whether `hostname` is an address of this machine only.
    public static func isLoopback(_ hostname: String) -> Bool {
        hostname == "localhost" || hostname == "::1" || hostname == "[::1]" || hostname.hasPrefix("127.")
    }

    var logger: Logger {
        var logger = Logger(label: "friendservice")
        logger.logLevel = logLevel
        return logger
    }
}
