import Foundation
import FriendStorage
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO

/// The store's way to PostgreSQL: a connection pool that fails fast while the database is down and
/// is replaced as soon as the database is back.
///
/// `PostgresClient` alone keeps a request waiting while it cannot connect, until its circuit
/// breaker trips after about a minute, and after an outage it retries on a backoff that grows to a
/// minute. Here instead:
/// - a request that gets no connection within its lease timeout fails (503): busy while every
///   pooled connection is lent out, else unavailable, and when a connection of its own cannot reach
///   the database either, an outage starts;
/// - during an outage every request fails at once, and a probe tries a connection of its own every
///   `probeInterval`;
/// - once the probe gets in, a fresh pool replaces the old one and requests are served again.
final class PostgresConnector: Sendable {
    /// Running `PostgresClient.run()` is what keeps a pool alive; cancelling it shuts the pool down.
    private struct Pool {
        let client: PostgresClient
        let runTask: Task<Void, Never>
    }

    private struct State {
        var pool: Pool
        /// Why the database is taken to be down; `nil` while it answers.
        var outage: String?
        var probe: Task<Void, Never>?
        /// A slow lease is being checked with a connection of its own (`startOutageIfUnreachable`).
        var isCheckingReach = false
        var isClosed = false
        /// Callers of `waitUntil(outage:)`, each with the state it waits for.
        var watchers: [(outage: Bool, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the watchers the current state satisfies (all of them once closed).
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let isOut = outage != nil
            let met = watchers.filter { isClosed || $0.outage == isOut }.map(\.continuation)
            watchers.removeAll { isClosed || $0.outage == isOut }
            return met
        }
    }

    static let probeInterval: Duration = .milliseconds(200)
    /// How long one attempt to reach the database may take, TCP and login together.
    static let probeTimeout: Duration = .seconds(1)
    static let closeTimeout: Duration = .seconds(2)
    /// How often the timer of a lease looks whether its connection has ended.
    static let watchInterval: Duration = .milliseconds(500)

    let location: PostgresLocation
    /// How long a statement may run on this database (its `statement_timeout`), read once.
    let statementLimit: Duration?
    let logger: Logger
    private let state: NIOLockedValueBox<State>
    /// Pooled connections lent out now: when a lease times out with all of them out, the pool is
    /// busy (load); with fewer, it could not connect (the database may be down).
    private let lentOut = NIOLockedValueBox(0)

    init(location: PostgresLocation, logger: Logger) {
        self.location = location
        statementLimit = location.timeouts.statementLimit
        self.logger = logger
        state = NIOLockedValueBox(State(pool: Self.startPool(location, logger)))
    }

    /// Lends a pooled connection to `body`. Fails with `FriendStoreError.unavailable` at once during
    /// an outage, after `leaseTimeout` when no connection comes, and after `answerTimeout` when
    /// `body` gets no answer (the server ends a statement at its `statement_timeout`, so silence
    /// past that means the connection or the server is gone); `nil` waits as long as `body` takes,
    /// while its connection lasts: once the server ends the session, `body` fails within `watchInterval`.
    /// With `silenceMeansDown` false, a `body` that gets no answer fails as busy instead: the
    /// caller checks with a connection of its own before the database is taken for down.
    func withConnection<T: Sendable>(
        leaseTimeout: Duration,
        answerTimeout: Duration?,
        silenceMeansDown: Bool = true,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let (client, outage) = state.withLockedValue { ($0.pool.client, $0.outage) }
        if let outage { throw FriendStoreError.unavailable(outage) }
        let lease = NIOLockedValueBox<Lease?>(nil)
        let lentOut = self.lentOut
        do {
            return try await Deadline.run(
                operation: {
                    try await client.withConnection { connection in
                        lease.withLockedValue { $0 = Lease(at: .now, connection: connection) }
                        lentOut.withLockedValue { $0 += 1 }
                        defer { lentOut.withLockedValue { $0 -= 1 } }
                        return try await body(connection)
                    }
                },
                timer: {
                    let leaseDeadline = ContinuousClock.now + leaseTimeout
                    while true {
                        let now = ContinuousClock.now
                        var wake = now + Self.watchInterval
                        if let leased = lease.withLockedValue({ $0 }) {
                            // The driver drops what is written to a connection that has ended without
                            // failing it: a statement sent after the end would wait for ever.
                            if leased.connection.isClosed { return ConnectionEnded() }
                            if let answerTimeout {
                                // Timed from the lease on: /health's second is a second, not one
                                // after its lease's 0.4 s.
                                let answerDeadline = leased.at + answerTimeout
                                if answerDeadline <= now { return NoAnswer(timeout: answerTimeout) }
                                wake = min(wake, answerDeadline)
                            }
                        } else {
                            if leaseDeadline <= now { return LeaseTimedOut() }
                            wake = min(wake, leaseDeadline)
                        }
                        try await Deadline.sleep(for: now.duration(to: wake))
                    }
                }
            )
        } catch is LeaseTimedOut {
            let message = "PostgreSQL at \(location) gave no connection within \(leaseTimeout)"
            if lentOut.withLockedValue({ $0 >= PostgresLocation.maximumConnections }) {
                throw FriendStoreError.busy("\(message): all \(PostgresLocation.maximumConnections) of its connections were in use")
            }
            startOutageIfUnreachable(message)
            throw FriendStoreError.unavailable(message)
        } catch let error as NoAnswer where !silenceMeansDown {
            throw FriendStoreError.busy("PostgreSQL at \(location) gave no answer within \(error.timeout)")
        } catch let error where Self.isConnectionFailure(error) {
            let message = "PostgreSQL at \(location) is not available: \(Self.plainReason(error))"
            startOutage(message)
            throw FriendStoreError.unavailable(message)
        } catch let error where Self.isTransient(error) {
            throw FriendStoreError.busy("PostgreSQL at \(location) refused a statement for now: \(Self.plainReason(error))")
        } catch let error where Self.isRefusedPrivilege(error) {
            // A role that lost its rights under a running server: the operator's to mend, not a bug.
            throw FriendStoreError.unavailable("PostgreSQL at \(location) refused this role: \(Self.plainReason(error))")
        } catch let error where Self.isMissingSchema(error) {
            // An account removed while its clients were still asking: they are refused for now
            // (503), and signing in refuses them once the server knows the account is gone. The
            // database answers: no outage starts, to be logged as never ending.
            throw FriendStoreError.busy("PostgreSQL at \(location) no longer has this store: \(Self.plainReason(error))")
        }
    }

    /// Whether the database can be reached with a connection of its own, outside the pool: what
    /// `/health` asks when every pooled connection is busy. An outage starts when it cannot.
    func checkReach(timeout: Duration) async throws {
        do {
            try await Self.checkConnection(location, timeout: timeout, logger: logger)
        } catch {
            let message = "PostgreSQL at \(location) is not available: \(Self.plainReason(error))"
            startOutage(message)
            throw FriendStoreError.unavailable(message)
        }
    }

    /// Connects once, outside the pool, and says why not in plain words (`database "x" does not exist`).
    static func checkConnection(_ location: PostgresLocation, timeout: Duration, logger: Logger) async throws {
        let configuration = try location.connectionConfiguration(connectTimeout: timeout)
        let connection = try await Deadline.run(
            operation: { try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger) },
            timer: {
                try await Deadline.sleep(for: timeout)
                return NoAnswer(timeout: timeout)
            }
        )
        let answered = await Result.capturing { try await connection.query("SELECT 1", logger: logger) }
        try? await connection.close()
        _ = try answered.get()
    }

    /// Why the database is taken to be down; `nil` while it answers.
    var outage: String? {
        state.withLockedValue { $0.outage }
    }

    /// Returns once an outage has started (`true`) or ended (`false`), at once when that is so
    /// already, or when the connector is closed: a test learns what the connector knows without
    /// watching the clock.
    func waitUntil(outage wanted: Bool) async {
        await withCheckedContinuation { continuation in
            let met = state.withLockedValue { state in
                state.watchers.append((wanted, continuation))
                return state.satisfiedWatchers()
            }
            for watcher in met { watcher.resume() }
        }
    }

    func close() async {
        let (pool, probe, watchers) = state.withLockedValue { state in
            state.isClosed = true
            return (state.pool, state.probe, state.satisfiedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        probe?.cancel()
        pool.runTask.cancel()
        // A pool whose connection the server ended while it was lent out may take long to shut
        // down; closing the store must not wait for it forever.
        let finished: Void? = try? await Deadline.run(
            operation: { await pool.runTask.value },
            timer: {
                try await Deadline.sleep(for: Self.closeTimeout)
                return NoAnswer(timeout: Self.closeTimeout)
            }
        )
        if finished == nil {
            logger.warning("PostgreSQL connections did not close within \(Self.closeTimeout)", metadata: ["database": "\(location)"])
        }
    }

    /// A slow lease may only mean that every connection is busy (a burst of requests, a loaded
    /// machine): the outage starts only when a connection of its own cannot reach the database
    /// either, so load alone never makes the server drop its pool and answer 503 to everyone.
    private func startOutageIfUnreachable(_ message: String) {
        let startsCheck = state.withLockedValue { state -> Bool in
            guard !state.isClosed, state.outage == nil, !state.isCheckingReach else { return false }
            state.isCheckingReach = true
            return true
        }
        guard startsCheck else { return }
        Task {
            let reached = await Result.capturing {
                try await Self.checkConnection(location, timeout: Self.probeTimeout, logger: logger)
            }
            state.withLockedValue { $0.isCheckingReach = false }
            if case .failure(let error) = reached {
                startOutage("\(message); a new connection failed too: \(Self.plainReason(error))")
            }
        }
    }

    private func startOutage(_ message: String) {
        let (startsProbe, watchers) = state.withLockedValue { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            guard !state.isClosed, state.outage == nil else { return (false, []) }
            state.outage = message
            return (true, state.satisfiedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        guard startsProbe else { return }
        // The routes log the outage as they refuse requests (once, with the count when it ends).
        logger.warning(
            "PostgreSQL is not reachable; trying a connection every \(Self.probeInterval) until it is",
            metadata: ["reason": "\(message)"]
        )
        let probe = Task { await self.probeUntilBack() }
        state.withLockedValue { $0.probe = probe }
    }

    private func probeUntilBack() async {
        while !Task.isCancelled {
            do {
                try await Self.checkConnection(location, timeout: Self.probeTimeout, logger: logger)
                replacePool()
                return
            } catch {
                let message = "PostgreSQL at \(location) is not available: \(Self.plainReason(error))"
                state.withLockedValue { $0.outage = message }
                try? await Task.sleep(for: Self.probeInterval)
            }
        }
    }

    /// A fresh pool connects at once; the old one may be waiting out a long backoff.
    private func replacePool() {
        let (old, watchers) = state.withLockedValue { state -> (Pool?, [CheckedContinuation<Void, Never>]) in
            guard !state.isClosed else { return (nil, []) }
            let old = state.pool
            state.pool = Self.startPool(location, logger)
            state.outage = nil
            state.probe = nil
            return (old, state.satisfiedWatchers())
        }
        for watcher in watchers { watcher.resume() }
        guard let old else { return }
        old.runTask.cancel()
        logger.notice("PostgreSQL is available again", metadata: ["database": "\(location)"])
    }

    private static func startPool(_ location: PostgresLocation, _ logger: Logger) -> Pool {
        let client = PostgresClient(configuration: location.clientConfiguration, backgroundLogger: logger)
        // The pool must be running before the first lease; an immediate task starts it synchronously.
        let runTask: Task<Void, Never>
        if #available(macOS 26, iOS 26, *) {
            runTask = Task.immediate { await client.run() }
        } else {
            runTask = Task { await client.run() }
        }
        return Pool(client: client, runTask: runTask)
    }

    /// A pooled connection lent out, and since when.
    private struct Lease: Sendable {
        let at: ContinuousClock.Instant
        let connection: PostgresConnection
    }

    private struct LeaseTimedOut: Error {}

    /// The server ended the session of a connection while it was lent out.
    struct ConnectionEnded: Error {}

    struct NoAnswer: Error {
        var timeout: Duration
    }
}

extension PostgresConnector {
    /// Whether `error` means the database cannot be reached (as opposed to refusing one statement).
    static func isConnectionFailure(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return error is NoAnswer || error is ConnectionEnded }
        if let state = error.serverInfo?[.sqlState] {
            // 08: connection exception; 57P01–57P03: the server is shutting down or starting.
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        }
        return [.connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed, .clientClosedConnection]
            .contains(error.code)
    }

    /// Whether `error` refused one statement for a passing reason that trying again may overcome: a
    /// statement, lock or idle-transaction timeout, a deadlock or serialization failure, a server
    /// short of resources. Any other refusal (a statement the server does not understand) is a bug.
    static func isTransient(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        // 40: transaction rollback; 53: insufficient resources; 55P03: lock not available;
        // 57014: query cancelled (statement timeout); 25P03: idle-in-transaction timeout.
        return state.hasPrefix("40") || state.hasPrefix("53") || ["55P03", "57014", "25P03"].contains(state)
    }

    /// Whether `error` is PostgreSQL refusing the role a statement (42501, insufficient privilege).
    static func isRefusedPrivilege(_ error: any Error) -> Bool {
        return (error as? PSQLError)?.serverInfo?[.sqlState] == "42501"
    }

    /// Whether `error` says the store's schema or table is not there (42P01, 3F000): dropped
    /// under a running server, as removing an account drops its schema.
    static func isMissingSchema(_ error: any Error) -> Bool {
        guard let state = (error as? PSQLError)?.serverInfo?[.sqlState] else { return false }
        return ["42P01", "3F000"].contains(state)
    }

    /// What went wrong, as PostgreSQL or the operating system says it: `database "x" does not exist`,
    /// `password authentication failed for user "ada"`, `connection refused`.
    static func plainReason(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return plainReason(underlying) }
            switch error.code {
            case .sslUnsupported: return "the server does not offer TLS, which the URL's sslmode requires"
            case .authMechanismRequiresPassword:
                return "the server asks for a password and none is given (in the URL, postgres://user:password@host/…, "
                    + "in PGPASSWORD, or in the password file ~/.pgpass)"
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            default: return "\(error.code)"
            }
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first { return plainReason(failure.error) }
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "cannot resolve \(error.host): \(plainReason(dns))" }
            return "cannot connect to \(error.host):\(error.port)"
        case let error as IOError where error.errnoCode == ENOENT:
            // Only a Unix socket is a file to connect to.
            return "no such file or directory: no server's socket is in that folder for that port "
                + "(is the server running, with that folder among its unix_socket_directories?)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode)).lowercased()
        case ChannelError.connectTimeout(let amount):
            return "no answer within \(Double(amount.nanoseconds) / 1e9) s"
        case let error as NoAnswer:
            return "no answer within \(error.timeout)"
        case is ConnectionEnded:
            return "the server ended the connection"
        case let error as FriendStoreError:
            if case .unavailable(let message) = error { return message }
            return "\(error)"
        case let error as NIOSSLError:
            return tlsReason(error)
        case BoringSSLError.unknownError(let reason) where "\(reason)".contains("NO_CERTIFICATE_OR_CRL_FOUND"):
            return "the sslrootcert file holds no PEM certificate"
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return "the server's TLS certificate does not name the host it was reached by (sslmode=verify-full)"
        default:
            return String(describing: error)
        }
    }

    private static func tlsReason(_ error: NIOSSLError) -> String {
        switch error {
        case .handshakeFailed(let reason) where "\(reason)".contains("CERTIFICATE_VERIFY_FAILED"):
            "the server's TLS certificate could not be verified: no authority trusted here signed it "
                + "(name the one that did with sslrootcert), or it has expired"
        case .noSuchFilesystemObject:
            "the sslrootcert file does not exist"
        case .failedToLoadCertificate:
            "the sslrootcert file cannot be read as PEM certificates"
        default:
            "TLS failed: \(error)"
        }
    }
}
