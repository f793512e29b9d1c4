import FriendStorage
import PostgresNIO

/// The driver's settings for a `PostgresLocation`.
extension PostgresLocation {
    /// The connections one store keeps to its database, at most.
    static let maximumConnections = 8

    /// The pool's settings: server-side session limits, and connection attempts that give up soon.
    package var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS = switch sslMode {
        case "disable": .disable
        case "allow", "prefer": .prefer(tlsConfiguration)
        default: .require(tlsConfiguration)
        }
        var configuration = if let socketPath {
            PostgresClient.Configuration(unixSocketPath: socketPath, username: username, password: password, database: database)
        } else {
            PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
        configuration.options.maximumConnections = Self.maximumConnections
        configuration.options.connectTimeout = connectTimeout ?? Self.poolConnectTimeout
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// The server's socket in `socketFolder`, named by the port as PostgreSQL names it; nothing
    /// goes through it encrypted (libpq ignores `sslmode` there too).
    private var socketPath: String? {
        socketFolder.map { "\($0.hasSuffix("/") ? String($0.dropLast()) : $0)/.s.PGSQL.\(port)" }
    }

    /// TLS as libpq's `sslmode` asks: below `verify-ca` the connection is encrypted without asking
    /// whose certificate the server shows (most servers' is self-signed, Debian's "snakeoil" one),
    /// unless `require` is given the authority to ask.
    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch sslMode {
        case "verify-full": configuration.certificateVerification = .fullVerification
        case "verify-ca": configuration.certificateVerification = .noHostnameVerification
        case "require" where sslRootCertificate != nil: configuration.certificateVerification = .noHostnameVerification
        default: configuration.certificateVerification = .none
        }
        if let sslRootCertificate { configuration.trustRoots = .file(sslRootCertificate) }
        return configuration
    }

    /// Sent in the startup message: the session limits, and the name the server shows the connections by.
    package var startupParameters: [(String, String)] {
        timeouts.startupParameters + [("application_name", applicationName)]
    }

    /// The same settings for one connection outside the pool (checking that the database answers).
    package func connectionConfiguration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = switch sslMode {
        case "disable": .disable
        case "allow", "prefer": .prefer(try .init(configuration: tlsConfiguration))
        default: .require(try .init(configuration: tlsConfiguration))
        }
        var configuration = if let socketPath {
            PostgresConnection.Configuration(unixSocketPath: socketPath, username: username, password: password, database: database)
        } else {
            PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        }
        configuration.options.connectTimeout = Self.timeAmount(connectTimeout)
        configuration.options.additionalStartupParameters = startupParameters
        return configuration
    }

    /// How long the pool's new connections wait for the database, unless the URL says.
    static let poolConnectTimeout: Duration = .seconds(2)

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}

/// How the driver and the store apply the limits.
extension PostgresSessionTimeouts {
    /// Sent in the startup message, so they hold from the session's first statement.
    package var startupParameters: [(String, String)] {
        [("statement_timeout", statement), ("lock_timeout", lock), ("idle_in_transaction_session_timeout", idleInTransaction)]
    }

    /// How long a statement may run, `nil` when unlimited.
    package var statementLimit: Duration? {
        Self.duration(statement)
    }
}
