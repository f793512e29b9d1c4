import Foundation

/// Where a PostgreSQL database is, parsed from
/// `postgres://user[:password]@host[:port]/database[?schema=name&sslmode=…&sslrootcert=file]`,
/// with the session limits of `PostgresSessionTimeouts` as further query parameters. Without a user
/// it connects as the operating system's user, and without a database to the user's, as libpq does.
/// `sslmode` means what it means to libpq: `disable`; `allow` and `prefer` (the default), TLS when
/// the server offers it; `require`, TLS or nothing; none of these check the server's certificate,
/// but `require` with `sslrootcert` is `verify-ca`. `verify-ca`
/// checks that the authority in `sslrootcert` signed it, and `verify-full` that a trusted one did
/// (`sslrootcert`'s, else the system's) for the host's name. `host=` names the host where the URL
/// does not, and a path there connects through the Unix socket in that folder instead of TCP, as
/// libpq does: `postgres://friends@/friends?host=/var/run/postgresql`; `port=` likewise. What the
/// URL leaves out comes from libpq's variables, `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`,
/// `PGPASSWORD`, `PGSSLMODE`, `PGSSLROOTCERT`, `PGAPPNAME`, `PGCONNECT_TIMEOUT` and
/// `PGCHANNELBINDING`, and a password last from libpq's password file (`~/.pgpass`, or `PGPASSFILE`).
/// `connect_timeout` and `channel_binding` are taken as the URLs hosting providers hand out carry
/// them: see `connectTimeout` and `checkChannelBinding`.
public struct PostgresLocation: Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// The folder of the server's Unix socket (`host=/var/run/postgresql`), used instead of TCP.
    public var socketFolder: String?
    public var username: String
    public var password: String?
    public var database: String
    /// The schema that holds the tables; `public` unless the URL names one.
    public var schema: String
    /// `sslmode`: one of `sslModes`.
    package var sslMode: String
    /// `sslrootcert`: a PEM file of the authorities `require`, `verify-ca` and `verify-full` trust.
    package var sslRootCertificate: String?
    package static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]
    public var timeouts: PostgresSessionTimeouts
    /// The name the server shows the connections by (`pg_stat_activity`, its logs' `%a`):
    /// `application_name`, else `PGAPPNAME`, else "friendservice".
    public var applicationName: String
    /// `connect_timeout` (or `PGCONNECT_TIMEOUT`), in whole seconds as libpq reads it (1 is 2):
    /// how long starting up and the pool's new connections wait for the database to answer, for a
    /// database that takes a while to wake. Nil (not given, or 0, which libpq takes for no limit)
    /// for this program's own few seconds: a request cannot wait without limit.
    public var connectTimeout: Duration?
    /// The URL as given, without its password: for messages and logs.
    public let description: String

    public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
              ["postgres", "postgresql"].contains(scheme) else { throw Self.notAURL }
        // A password of digits and then a / or # as it is (`ada:123/…@db`) still parses, as a host
        // and port with the password's tail for the database or fragment; messages would show it.
        if components.fragment != nil || components.percentEncodedPath.contains("@") || (components.percentEncodedQuery ?? "").contains("@") {
            throw Self.notAURL
        }
        let query = components.queryItems ?? []
        try Self.checkParameters(query)
        let variable = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let urlHost = components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? ""
        let hostParameter = query.first { $0.name == "host" }?.value
        if hostParameter != nil, !urlHost.isEmpty {
            throw ConfigurationError("The PostgreSQL URL names its host twice, after the @ and in host=: give it once.")
        }
        let named = hostParameter ?? (urlHost.isEmpty ? variable("PGHOST") ?? "" : urlHost)
        guard !named.isEmpty else {
            throw ConfigurationError("The PostgreSQL URL names no host: put one after the @, or host=/folder for a Unix socket (or set PGHOST).")
        }
        // A host that is a path (host=/var/run/postgresql, or %2Fvar%2Frun%2Fpostgresql after the
        // @) is the folder of a Unix socket, as libpq reads it.
        socketFolder = named.hasPrefix("/") ? named : nil
        // An IPv6 address keeps the brackets the URL needs around it in some Foundations.
        host = named.hasPrefix("[") && named.hasSuffix("]") ? String(named.dropFirst().dropLast()) : named
        let portParameter = query.first { $0.name == "port" }?.value
        if portParameter != nil, components.port != nil {
            throw ConfigurationError("The PostgreSQL URL names its port twice, after the host and in port=: give it once.")
        }
        if let portText = portParameter ?? components.port.map(String.init) ?? variable("PGPORT") {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                let source = portParameter == nil && components.port == nil ? " (from PGPORT)" : ""
                throw ConfigurationError("The port must be a number from 1 to 65535, not \(portText.isEmpty ? "nothing" : portText)\(source).")
            }
            self.port = port
        } else {
            port = 5432
        }
        // Decoded once: `p%25ss` is the password `p%ss` (URLComponents' `password` is decoded already).
        let urlUser = components.percentEncodedUser.flatMap { $0.removingPercentEncoding } ?? ""
        let user = urlUser.isEmpty ? variable("PGUSER") ?? "" : urlUser
        guard let username = user.isEmpty ? Self.operatingSystemUser : user else {
            throw ConfigurationError("The PostgreSQL URL names no user, and the user running this program has no name to use: put one before the @.")
        }
        self.username = username
        let encodedPath = components.percentEncodedPath
        let path = encodedPath.hasPrefix("/") ? String(encodedPath.dropFirst()) : encodedPath
        let database = path.isEmpty ? variable("PGDATABASE") ?? "" : (path.removingPercentEncoding ?? path)
        self.database = database.isEmpty ? username : database
        let urlPassword = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if let given = urlPassword ?? variable("PGPASSWORD") {
            password = given
        } else {
            password = try PostgresPasswordFile.load(environment: environment)?.password(
                host: host, isSocket: socketFolder != nil, port: port, database: self.database, user: username
            )
        }
        timeouts = try PostgresSessionTimeouts(query)
        let fromEnvironment = (hostParameter == nil && urlHost.isEmpty && variable("PGHOST") != nil)
            || (portParameter == nil && components.port == nil && variable("PGPORT") != nil)
            || (urlUser.isEmpty && variable("PGUSER") != nil) || (path.isEmpty && variable("PGDATABASE") != nil)
        // Messages name what a URL that leaves parts to the environment resolved to.
        description = Self.withoutPassword(url)
            + (fromEnvironment ? " (\(username)@\(socketFolder ?? host):\(port)/\(self.database))" : "")
        applicationName = query.first { $0.name == "application_name" }?.value ?? variable("PGAPPNAME") ?? "friendservice"
        connectTimeout = try Self.connectTimeout(query.first { $0.name == "connect_timeout" }?.value, variable("PGCONNECT_TIMEOUT"))
        try Self.checkChannelBinding(query.first { $0.name == "channel_binding" }?.value, variable("PGCHANNELBINDING"))
        schema = query.first { $0.name == "schema" }?.value ?? "public"
        guard Self.isPlainIdentifier(schema) else {
            throw ConfigurationError("The schema name must be letters, digits and underscores: \(schema)")
        }
        let sslModeParameter = query.first(where: { $0.name == "sslmode" })?.value
        sslMode = sslModeParameter ?? variable("PGSSLMODE") ?? "prefer"
        guard Self.sslModes.contains(sslMode) else {
            let source = sslModeParameter == nil ? " (from PGSSLMODE)" : ""
            throw ConfigurationError("Unknown sslmode \(sslMode)\(source): use \(Self.sslModes.joined(separator: ", ")).")
        }
        // `PGSSLROOTCERT`, set for every program, is read only by the modes that check a certificate, as libpq reads it.
        let checksCertificate = ["require", "verify-ca", "verify-full"].contains(sslMode)
        sslRootCertificate = query.first(where: { $0.name == "sslrootcert" })?.value ?? (checksCertificate ? variable("PGSSLROOTCERT") : nil)
        // libpq checks the authority with `require` too when it is given one, as with `verify-ca`.
        if sslRootCertificate != nil, !checksCertificate {
            throw ConfigurationError("sslrootcert is read by sslmode=require, verify-ca and verify-full only; sslmode=\(sslMode) checks no certificate.")
        }
        // Against the system's authorities, verify-ca would take any certificate any of them
        // signed, for any name: libpq refuses that too.
        if sslMode == "verify-ca", sslRootCertificate == nil {
            throw ConfigurationError("sslmode=verify-ca needs sslrootcert, the authority that signs the server's certificate; "
                + "to check against the system's authorities, use sslmode=verify-full, which also checks the name.")
        }
    }

    /// The user a URL without one connects as: the one running this program, as with libpq
    /// (which fails too when that user has no name, in a container run as a bare number, say).
    private static var operatingSystemUser: String? {
        var size = 4_096
        while size <= 1 << 20 {
            var entry = passwd()
            var found: UnsafeMutablePointer<passwd>?
            var buffer = [CChar](repeating: 0, count: size)
            // The entry's strings live in `buffer`: read while it does.
            let (status, name) = buffer.withUnsafeMutableBufferPointer { storage in
                guard let base = storage.baseAddress else { return (ERANGE, nil as String?) }
                let status = getpwuid_r(geteuid(), &entry, base, storage.count, &found)
                return (status, status == 0 && found != nil ? entry.pw_name.map { String(cString: $0) } : nil)
            }
            if status == ERANGE { size *= 2; continue }
            return name
        }
        return nil
    }

    private static let notAURL = ConfigurationError(
        "Not a PostgreSQL URL: expected postgres://user:password@host:port/database "
            + "(a /, ?, # or % in the user name or password is written %2F, %3F, %23 or %25)."
    )

    /// The URL's parameters, each known and given once: a misspelt `statment_timeout` would
    /// otherwise be left out without a word, and of two values one would win unseen.
    private static func connectTimeout(_ parameter: String?, _ variable: String?) throws -> Duration? {
        guard let given = parameter ?? variable else { return nil }
        guard let seconds = Int(given.trimmingCharacters(in: .whitespaces)), seconds <= 86_400 else {
            let source = parameter == nil ? " (from PGCONNECT_TIMEOUT)" : ""
            throw ConfigurationError("connect_timeout is a whole number of seconds, such as 10, not \"\(given)\"\(source).")
        }
        return seconds <= 0 ? nil : .seconds(max(seconds, 2))
    }

    /// `channel_binding`: the driver signs in with SCRAM-SHA-256 without binding it to the TLS
    /// channel, which `disable` and `prefer` (libpq's default) accept; `require` cannot be met,
    /// and is refused rather than quietly taken for `prefer`.
    private static func checkChannelBinding(_ parameter: String?, _ variable: String?) throws {
        guard let given = parameter ?? variable else { return }
        let source = parameter == nil ? " (from PGCHANNELBINDING)" : ""
        switch given {
        case "disable", "prefer":
            return
        case "require":
            throw ConfigurationError("channel_binding=require\(source) cannot be met: this program signs in to PostgreSQL "
                + "without channel binding. Leave it out (or use prefer); sslmode=verify-full checks the server's certificate and name.")
        default:
            throw ConfigurationError("Unknown channel_binding \(given)\(source): use disable, prefer or require.")
        }
    }

    private static func checkParameters(_ query: [URLQueryItem]) throws {
        let known = ["schema", "sslmode", "sslrootcert", "host", "port", "application_name", "connect_timeout", "channel_binding"]
            + PostgresSessionTimeouts.names
        if let unknown = query.first(where: { !known.contains($0.name) }) {
            throw ConfigurationError(
                "Unknown parameter \(unknown.name) in the PostgreSQL URL: it takes \(known.joined(separator: ", "))."
            )
        }
        var seen = Set<String>()
        if let twice = query.first(where: { !seen.insert($0.name).inserted }) {
            throw ConfigurationError("\(twice.name) is given twice in the PostgreSQL URL: give it once.")
        }
    }

    /// `url` with its password replaced by `***`.
    package static func withoutPassword(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "postgres" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "postgres"
    }

    package static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return name.count <= 63 && name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
